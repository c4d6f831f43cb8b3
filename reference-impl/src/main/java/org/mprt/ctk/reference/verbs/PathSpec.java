package org.mprt.ctk.reference.verbs;

/**
 * One path of a node's sending direction: its plane and its ECMP entropy (mprt-v0.1.md section
 * 10.1). The path_id is the path's index in {@link ConnectionDescriptor#paths()}.
 */
public record PathSpec(int planeIndex, int udpSourcePort) {

    public PathSpec {
        if (udpSourcePort < 0 || udpSourcePort > 0xFFFF) {
            throw new IllegalArgumentException("UDP source port " + udpSourcePort);
        }
    }
}
