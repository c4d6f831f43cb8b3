package org.mprt.ctk.reference.verbs;

import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.attachment.NicPort;

/**
 * One node's attachment to one plane of a connection: which of its ports, with which addresses.
 *
 * @param vlanId 802.1Q VLAN ID the node tags its frames with on this plane, or -1 for untagged
 */
public record PlaneAddress(int planeIndex, int portIndex, long macAddress, IpAddress ipAddress, int vlanId) {

    /** The untagged attachment of {@code port}, which is port {@code portIndex} of its node. */
    public static PlaneAddress of(final int portIndex, final NicPort port) {
        return new PlaneAddress(port.planeIndex(), portIndex, port.macAddress(), port.ipAddress(), -1);
    }
}
