package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * The address pairs of the capture's packets, each handed out as one shared {@link Plane} (and one
 * destination {@link CapturePoint.Address}) however many packets travel it: a capture has few
 * planes and millions of packets, and the state and several rules ask for every packet's plane.
 * Holds the most recently used few; a pair not among them is made anew, so the answer is always
 * right and only its sharing depends on how many pairs the capture interleaves.
 */
public final class Planes {

    private static final int HELD = 32;

    private final Plane[] planes = new Plane[HELD];
    private final CapturePoint.Address[] destinations = new CapturePoint.Address[HELD];
    private final long[] words = new long[4];
    private int next;
    private int last;

    /** The pair the packet travels, source first; reversed: the pair its answer travels. */
    public Plane of(final DecodedPacket p, final boolean reversed) {
        return planes[index(p, reversed)];
    }

    /** The destination address of the packet. */
    public CapturePoint.Address destinationOf(final DecodedPacket p) {
        return destinations[index(p, false)];
    }

    /** The same pair the other way. */
    public Plane reversed(final Plane plane) {
        words[0] = plane.destinationHigh();
        words[1] = plane.destinationLow();
        words[2] = plane.sourceHigh();
        words[3] = plane.sourceLow();
        return planes[index(plane.ipv6())];
    }

    private int index(final DecodedPacket p, final boolean reversed) {
        return index(Plane.words(p, reversed, words, 0) == 1);
    }

    private int index(final boolean ipv6) {
        if (matches(last, ipv6)) {
            return last;
        }
        for (int i = 0; i < HELD; i++) {
            if (planes[i] == null) {
                break;
            }
            if (matches(i, ipv6)) {
                last = i;
                return i;
            }
        }
        final int i = next;
        next = (next + 1) % HELD;
        planes[i] = new Plane(words[0], words[1], words[2], words[3], ipv6);
        destinations[i] = planes[i].destination();
        last = i;
        return i;
    }

    private boolean matches(final int i, final boolean ipv6) {
        final Plane q = planes[i];
        return q != null && q.sourceLow() == words[1] && q.destinationLow() == words[3] && q.sourceHigh() == words[0]
            && q.destinationHigh() == words[2] && q.ipv6() == ipv6;
    }
}
