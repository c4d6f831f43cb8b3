package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * One path of one MPRT connection direction (mprt-v0.1.md sections 4.2 to 4.5, 8.1, 10): the PSNs
 * the captured data packets carried, with their first and latest transmission, what the captured
 * ACKs acknowledged, the cack the sender can have learnt, the plane and UDP source port in use, and
 * the recent arrivals. At the sender's port "captured" means sent; at the receiver's, arrived.
 *
 * <p>PSNs are held in a ring of {@link #RING} slots, four times the 256-PSN window a sender may
 * have outstanding (section 4.5); a PSN that falls out of it is forgotten, and questions about it
 * are answered {@link Presence#UNKNOWN}. A data packet whose PSN jumps more than
 * {@link #MAX_ADVANCE} past the highest one is not followed, so that one wild PSN cannot flush the
 * ring; the rules still see it.
 */
public final class PathRecord {

    /** The SACK window: a sender has at most this many PSNs beyond its learnt cack (section 4.5). */
    public static final int WINDOW = 256;
    static final int RING = 1024;
    static final int MAX_ADVANCE = RING / 2;
    private static final int MASK = RING - 1;

    private final int pathId;
    private final int[] psn = new int[RING];
    private final boolean[] used = new boolean[RING];
    private final long[] firstFrame = new long[RING];
    private final long[] firstNs = new long[RING];
    private final long[] lastFrame = new long[RING];
    private final long[] lastNs = new long[RING];
    private final int[] transmissions = new int[RING];
    private final long[] ackedFrame = new long[RING];
    private final long[] ackedNs = new long[RING];
    private final boolean[] abandoned = new boolean[RING];
    private final boolean[] nakked = new boolean[RING];
    private final Segment[] segment = new Segment[RING];
    private final ArrivalLog arrivals = new ArrivalLog();
    private final PathAnswers answers = new PathAnswers();
    private boolean anyData;
    private int highest;
    private int lowest;
    private boolean hasBoundary;
    private int boundary;
    private Plane plane;
    private long planeFrame;
    private int udpSourcePort;
    private long latestDataFrame;
    private int unacked;
    private long ceMarkedArrivals;

    PathRecord(final int pathId) {
        this.pathId = pathId;
    }

    public int pathId() {
        return pathId;
    }

    // ---- data packets -----------------------------------------------------------------------

    public boolean hasData() {
        return anyData;
    }

    /** The highest PSN captured (serial order); meaningful when {@link #hasData()}. */
    public int highestPsn() {
        return highest;
    }

    /** The lowest PSN captured; 0 when the capture holds the path's first PSN. */
    public int lowestPsn() {
        return lowest;
    }

    /**
     * The PSN of the first new (R=0) data packet captured. Paths keep their order, so every new
     * packet sent after it, and every PSN from it on, is in the capture; PSNs before it may have been
     * sent before the capture began.
     */
    public boolean hasBoundary() {
        return hasBoundary;
    }

    public int boundaryPsn() {
        return boundary;
    }

    /** Whether a data packet with this PSN was captured on the path. */
    public Presence captured(final int psnValue) {
        if (!anyData || SerialNumber.precedes24(highest, psnValue)) {
            return anyData ? Presence.NO : Presence.UNKNOWN;
        }
        if (SerialNumber.distance24(psnValue, highest) >= RING) {
            return Presence.UNKNOWN;
        }
        final int i = psnValue & MASK;
        if (used[i] && psn[i] == psnValue) {
            return Presence.YES;
        }
        return hasBoundary && SerialNumber.precedesOrEquals24(boundary, psnValue) ? Presence.NO : Presence.UNKNOWN;
    }

    /** The ring slot of a captured PSN, or -1; the slot accessors below take it. */
    public int slot(final int psnValue) {
        final int i = psnValue & MASK;
        return used[i] && psn[i] == psnValue && anyData && SerialNumber.distance24(psnValue, highest) < RING ? i : -1;
    }

    public int psnAt(final int slot) {
        return psn[slot];
    }

    public long firstFrame(final int slot) {
        return firstFrame[slot];
    }

    public long firstNs(final int slot) {
        return firstNs[slot];
    }

    public long lastFrame(final int slot) {
        return lastFrame[slot];
    }

    public long lastNs(final int slot) {
        return lastNs[slot];
    }

    public int transmissions(final int slot) {
        return transmissions[slot];
    }

    /** The frame of the ACK that first acknowledged the PSN, 0 when none did. */
    public long ackedFrame(final int slot) {
        return ackedFrame[slot];
    }

    public long ackedNs(final int slot) {
        return ackedNs[slot];
    }

    /** Abandoned: unacknowledged when the sender probed the path or re-sprayed its data (section 10.5). */
    public boolean isAbandoned(final int slot) {
        return abandoned[slot];
    }

    /** Answered by a NAK since its latest transmission, so not accepted. */
    public boolean isNakked(final int slot) {
        return nakked[slot];
    }

    /** The data the PSN carried on its first transmission. */
    public Segment segment(final int slot) {
        return segment[slot];
    }

    /** Data packets captured, not acknowledged by a captured ACK, not abandoned. */
    public int unacknowledged() {
        return unacked;
    }

    /** The address pair of the latest data packet or PROBE, or null. */
    public Plane plane() {
        return plane;
    }

    public long planeFrame() {
        return planeFrame;
    }

    /** The UDP source port of the latest data packet. */
    public int udpSourcePort() {
        return udpSourcePort;
    }

    /** The frame of the latest data packet. */
    public long latestDataFrame() {
        return latestDataFrame;
    }

    public ArrivalLog arrivals() {
        return arrivals;
    }

    // ---- what the answers told -----------------------------------------------------------

    /** The latest ACK, the learnt cack, resynchronisation, RTT samples and ECN echoes of this path. */
    public PathAnswers answers() {
        return answers;
    }

    /** Shorthand for {@code answers().lastAckAcknowledges(psn)}. */
    public boolean lastAckAcknowledges(final int psnValue) {
        return answers.lastAckAcknowledges(psnValue);
    }

    /** Data packets captured with ECN CE on this path (section 11.3). */
    public long ceMarkedArrivals() {
        return ceMarkedArrivals;
    }

    /** True when an ACK with this cack and SACK bitmap acknowledges the PSN (section 4.6). */
    public static boolean acknowledges(final int cackValue, final long[] words, final int psnValue) {
        if (SerialNumber.precedesOrEquals24(psnValue, cackValue)) {
            return true;
        }
        final int d = SerialNumber.distance24(cackValue, psnValue);
        if (d < 1 || d > WINDOW) {
            return false;
        }
        final int bit = d - 1;
        return ((words[bit >>> 6] >>> (63 - (bit & 63))) & 1) != 0;
    }

    // ---- updates from the tracker ----------------------------------------------------------

    /** Records a captured data packet; false when its PSN is too far off to follow. */
    boolean sent(final int psnValue, final boolean retransmission, final Segment data, final long frame, final long ns) {
        if (!anyData) {
            anyData = true;
            highest = psnValue;
            lowest = psnValue;
        } else if (SerialNumber.precedes24(highest, psnValue)) {
            if (SerialNumber.distance24(highest, psnValue) > MAX_ADVANCE) {
                return false;
            }
            for (int p = SerialNumber.add24(highest, 1); p != psnValue; p = SerialNumber.add24(p, 1)) {
                evict(p & MASK);
            }
            evict(psnValue & MASK);
            highest = psnValue;
        } else if (SerialNumber.distance24(psnValue, highest) >= RING) {
            return false;
        }
        if (SerialNumber.precedes24(psnValue, lowest)) {
            lowest = psnValue;
        }
        if (!retransmission && !hasBoundary) {
            hasBoundary = true;
            boundary = psnValue;
        }
        final int i = psnValue & MASK;
        if (!used[i] || psn[i] != psnValue) {
            evict(i);
            used[i] = true;
            psn[i] = psnValue;
            firstFrame[i] = frame;
            firstNs[i] = ns;
            segment[i] = data;
            unacked++;
        }
        transmissions[i]++;
        lastFrame[i] = frame;
        lastNs[i] = ns;
        nakked[i] = false;
        return true;
    }

    private void evict(final int i) {
        if (used[i] && ackedFrame[i] == 0 && !abandoned[i]) {
            unacked--;
        }
        used[i] = false;
        transmissions[i] = 0;
        ackedFrame[i] = 0;
        abandoned[i] = false;
        nakked[i] = false;
        segment[i] = null;
    }

    void onPlane(final Plane p, final int port, final long frame, final boolean data) {
        if (plane == null || !plane.equals(p)) {
            plane = p;
            planeFrame = frame;
        }
        if (data) {
            udpSourcePort = port;
            latestDataFrame = frame;
        }
    }

    void arrived(final int psnValue, final long txTimestamp, final long ns, final long frame, final boolean ceMarked) {
        arrivals.add(psnValue, txTimestamp, ns, frame);
        if (ceMarked) {
            ceMarkedArrivals++;
        }
    }



    /** Applies a captured ACK: every PSN it acknowledges is marked, and the ACK becomes the latest. */
    void acknowledged(final int cackValue, final long[] words, final long frame, final long ns) {
        if (anyData) {
            for (int d = 0; d < RING; d++) {
                final int p = SerialNumber.add24(highest, -d);
                final int i = p & MASK;
                if (used[i] && psn[i] == p && ackedFrame[i] == 0 && acknowledges(cackValue, words, p)) {
                    ackedFrame[i] = frame;
                    ackedNs[i] = ns;
                    if (!abandoned[i]) {
                        unacked--;
                        if (segment[i] != null) {
                            segment[i].acknowledged(frame, ns, pathId, p);
                        }
                    }
                }
            }
        }
        answers.acknowledged(cackValue, words, frame);
    }

    /** The sender probed the path with PSN q: every unacknowledged PSN before q is abandoned. */
    void abandonBefore(final int q) {
        if (!anyData) {
            return;
        }
        for (int d = 0; d < RING; d++) {
            final int p = SerialNumber.add24(highest, -d);
            if (SerialNumber.precedes24(p, q)) {
                abandon(p);
            }
        }
    }

    void abandon(final int psnValue) {
        final int i = slot(psnValue);
        if (i >= 0 && !abandoned[i]) {
            abandoned[i] = true;
            if (ackedFrame[i] == 0) {
                unacked--;
            }
        }
    }

    void nakked(final int psnValue) {
        final int i = slot(psnValue);
        if (i >= 0) {
            nakked[i] = true;
        }
    }
}
