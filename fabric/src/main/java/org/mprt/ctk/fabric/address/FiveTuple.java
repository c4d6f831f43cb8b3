package org.mprt.ctk.fabric.address;

/**
 * The fields an ECMP switch hashes to choose among equal-cost ports. For MPRT the UDP source port
 * is the path's entropy (MPRT-WIRE-002), so it alone picks the route of a path within a plane.
 */
public record FiveTuple(IpAddress source, IpAddress destination, int protocol, int sourcePort, int destinationPort) {

    public static final int PROTOCOL_UDP = 17;
    public static final int ROCEV2_PORT = 4791;

    public FiveTuple {
        if (source == null || destination == null) {
            throw new IllegalArgumentException("source and destination are required");
        }
        if ((protocol & ~0xFF) != 0 || (sourcePort & ~0xFFFF) != 0 || (destinationPort & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("protocol " + protocol + " or ports " + sourcePort + "/"
                + destinationPort + " out of range");
        }
    }

    /** A RoCEv2/MPRT packet: UDP to port 4791 with the given entropy. */
    public static FiveTuple rocev2(final IpAddress source, final IpAddress destination, final int sourcePort) {
        return new FiveTuple(source, destination, PROTOCOL_UDP, sourcePort, ROCEV2_PORT);
    }

    @Override
    public String toString() {
        return source + ":" + sourcePort + " -> " + destination + ":" + destinationPort + " proto " + protocol;
    }
}
