package org.mprt.ctk.conformance.probe;

import java.util.List;
import org.mprt.ctk.reference.attachment.IpAddress;

/**
 * What the scripted tester knows of its connection with the device under test, as the
 * out-of-band exchange of mprt-v0.1.md section 5.1 gave it: both connection numbers, paths,
 * streams, PMTU, the region the device exposes, and the addresses of each plane.
 *
 * @param deviceNumber the device's connection number: the DestQP of what the tester sends
 * @param testerNumber the tester's: the SCN of what it sends, the DestQP of the answers
 */
public record ProbeTarget(int deviceNumber, int testerNumber, int paths, int streams, int pmtuBytes,
                          long rkey, long regionBase, long regionLength, List<PlaneEnds> planes) {

    /** One plane's addresses: the tester's port and the device's port on it. */
    public record PlaneEnds(int plane, long testerMac, IpAddress testerIp, long deviceMac, IpAddress deviceIp) {
    }

    public ProbeTarget {
        planes = List.copyOf(planes);
    }

    /** The plane path {@code pathId} runs on: paths are spread round-robin over the planes. */
    public PlaneEnds planeOf(final int pathId) {
        return planes.get(pathId % planes.size());
    }
}
