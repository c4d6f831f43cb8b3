package org.mprt.ctk.reference.verbs;

/**
 * The out-of-band exchange that sets a connection up (mprt-v0.1.md section 5.1): a plain method
 * call that hands each node both descriptors, as RDMA CM does for RoCEv2 before the first packet.
 */
public final class OutOfBand {

    private OutOfBand() {
    }

    /** Opens the connection on both nodes; the two descriptors must use the same planes and distinct numbers. */
    @SuppressWarnings("unchecked")
    public static <A extends Connection, B extends Connection> ConnectionPair<A, B> connect(
        final RdmaDevice first, final ConnectionDescriptor firstDescriptor,
        final RdmaDevice second, final ConnectionDescriptor secondDescriptor) {
        checkPlanes(firstDescriptor, secondDescriptor);
        final A a = (A) first.openConnection(firstDescriptor, secondDescriptor);
        final B b = (B) second.openConnection(secondDescriptor, firstDescriptor);
        return new ConnectionPair<>(a, b);
    }

    /**
     * Checks that two descriptors can make one connection: both ends attach to the same planes.
     *
     * @throws IllegalArgumentException naming a plane one end lacks
     */
    public static void checkPlanes(final ConnectionDescriptor first, final ConnectionDescriptor second) {
        for (final PlaneAddress plane : first.planes()) {
            if (second.plane(plane.planeIndex()) == null) {
                throw new IllegalArgumentException("plane " + plane.planeIndex() + " is not attached at both ends");
            }
        }
        if (first.planes().size() != second.planes().size()) {
            throw new IllegalArgumentException("the two ends attach to different planes");
        }
    }
}
