package org.mprt.ctk.reference.attachment;

import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * One plane of a connection as the sending node sees it: the local port and addresses and the
 * peer's addresses on the same plane (mprt-v0.1.md section 5.1, "planes"). Every packet of the
 * connection on this plane, data or control, is addressed from here (MPRT-SACK-002).
 *
 * @param localVlanId 802.1Q VLAN ID the local port tags its frames with, or -1 for untagged
 */
public record PlaneLink(
    int planeIndex, int localPortIndex, long localMac, IpAddress localIp, int localVlanId, long peerMac, IpAddress peerIp) {

    public PlaneLink {
        if (localIp.kind() != peerIp.kind()) {
            throw new IllegalArgumentException("plane " + planeIndex + " mixes " + localIp.kind() + " and " + peerIp.kind());
        }
    }

    /** Sets the link, IP and UDP settings of a frame sent on this plane. */
    public FrameEncoder configure(final FrameEncoder encoder, final int udpSourcePort, final int ecn) {
        encoder.ethernet(peerMac, localMac).clearVlans();
        if (localVlanId >= 0) {
            encoder.vlan(EtherType.VLAN, 0, 0, localVlanId);
        }
        if (localIp.kind() == NetworkKind.IPV4) {
            encoder.ipv4(localIp.ipv4(), peerIp.ipv4());
        } else {
            encoder.ipv6(localIp.ipv6High(), localIp.ipv6Low(), peerIp.ipv6High(), peerIp.ipv6Low());
        }
        return encoder.udpSourcePort(udpSourcePort).ecn(ecn);
    }
}
