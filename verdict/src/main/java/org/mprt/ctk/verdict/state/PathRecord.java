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
 *
 * <p>The ring's arrays start at {@link #FIRST_SLOTS} slots and double whenever the PSNs captured
 * span more, up to {@link #RING} ({@link RingSlots}): a capture of many short connections then holds
 * kilobytes per path instead of the 64 KB a full ring takes. Every PSN held lies within the span, so
 * a smaller ring forgets nothing the full one would keep. A slot number is valid until the next data
 * packet of the path.
 */
public final class PathRecord {

    /** The SACK window: a sender has at most this many PSNs beyond its learnt cack (section 4.5). */
    public static final int WINDOW = 256;
    static final int RING = 1024;
    static final int MAX_ADVANCE = RING / 2;
    /** Slots a path starts with: the PSNs of a short connection. */
    static final int FIRST_SLOTS = 16;
    /** The time of something that has not happened. */
    public static final long NEVER = Long.MIN_VALUE;
    private static final int USED = 1 << 24;
    private static final int ABANDONED = 1 << 25;
    private static final int NAKKED = 1 << 26;
    private static final int IN_FLIGHT = 1 << 27;

    private final int pathId;
    /** Slots - 1: a PSN's slot is {@code psn & mask}. */
    private int mask = FIRST_SLOTS - 1;
    /**
     * Per slot, the PSN (low 24 bits) and the flags {@link #USED}, {@link #ABANDONED}, {@link #NAKKED}
     * and {@link #IN_FLIGHT}: whether a slot holds a PSN is then one load, where separate arrays cost
     * a cache line each on a capture that interleaves many connections.
     */
    private int[] key = new int[FIRST_SLOTS];
    private long[] firstFrame = new long[FIRST_SLOTS];
    private long[] firstNs = new long[FIRST_SLOTS];
    private long[] lastFrame = new long[FIRST_SLOTS];
    private long[] lastNs = new long[FIRST_SLOTS];
    private int[] transmissions = new int[FIRST_SLOTS];
    private long[] ackedFrame = new long[FIRST_SLOTS];
    private long[] ackedNs = new long[FIRST_SLOTS];
    private Segment[] segment = new Segment[FIRST_SLOTS];
    private final ArrivalLog arrivals = new ArrivalLog();
    private final PathAnswers answers = new PathAnswers();
    private boolean anyData;
    private int highest;
    private int lowest;
    /**
     * The lowest PSN that may still have a slot: no lower than {@link #RING} - 1 before the highest, so
     * that it stays comparable with it in serial order however long the path runs (unlike {@code lowest}).
     */
    private int lowestHeld;
    private boolean hasBoundary;
    private int boundary;
    private Plane plane;
    private long planeFrame;
    private int udpSourcePort;
    private long latestDataFrame;
    private int unacked;
    private long unackedSinceNs = NEVER;
    private long ceMarkedArrivals;
    private int[] payload = new int[FIRST_SLOTS];
    private long inFlightBytes;
    private long lastProgressNs = NEVER;
    private long lastProgressFrame;
    private long naks;
    private long lastNakNs = NEVER;
    private long abandonedNs = NEVER;
    private long silenceAbandonedNs = NEVER;
    private boolean awaitingFirstProgress;
    private long latestDataNs = NEVER;
    /**
     * True while every data packet captured on the path came no earlier than the one before it, and
     * every PSN was first captured as the path's highest: then a PSN was first sent no earlier than
     * any PSN below it, and last sent no earlier than first ({@link #firstSentInPsnOrder}).
     */
    private boolean inPsnOrder = true;
    /** True once a PSN of the path was abandoned: its data may be owed though an ACK acknowledged it. */
    private boolean anyAbandoned;
    /** Whether a PROBE was captured on the path, and the highest BTH.PSN of those captured. */
    private boolean probed;
    private int probedPsn;
    /** The lowest PSN whose slot is used and not yet acknowledged: no ACK can change a slot below it. */
    private int floor;

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
        final int i = psnValue & mask;
        if (holds(i, psnValue)) {
            return Presence.YES;
        }
        return hasBoundary && SerialNumber.precedesOrEquals24(boundary, psnValue) ? Presence.NO : Presence.UNKNOWN;
    }

    /** The ring slot of a captured PSN, or -1; the slot accessors below take it. */
    public int slot(final int psnValue) {
        final int i = psnValue & mask;
        return holds(i, psnValue) && anyData && SerialNumber.distance24(psnValue, highest) < RING ? i : -1;
    }

    /** Whether slot i holds this PSN. */
    private boolean holds(final int i, final int psnValue) {
        return (key[i] & (USED | SerialNumber.MASK_24)) == (USED | psnValue);
    }

    /**
     * How many PSNs a walk back from {@code from}, {@code from} included, visits: those at or after the
     * lowest PSN that may have a slot, at most 4 x {@link #WINDOW} (the ring's length). Walking no
     * further, a short path costs its own PSNs rather than the ring's length; walks run at ACKs and at
     * every scan for overdue packets, on every path of every connection followed.
     */
    public int heldBack(final int from) {
        return !anyData || SerialNumber.precedes24(from, lowestHeld) ? 0
            : Math.min(RING, SerialNumber.distance24(lowestHeld, from) + 1);
    }

    public int psnAt(final int slot) {
        return key[slot] & SerialNumber.MASK_24;
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

    /**
     * True when the capture shows the path's PSNs first sent in PSN order and its data packets in time
     * order: a PSN at or above another was then first sent, and last sent, no earlier than that one
     * was first sent. A walk for PSNs last sent before some instant may then stop at the first PSN sent
     * at or after it.
     */
    public boolean firstSentInPsnOrder() {
        return inPsnOrder;
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
        return (key[slot] & ABANDONED) != 0;
    }

    /** Whether the capture has shown this PSN of the path abandoned ({@link #isAbandoned}). */
    public boolean isAbandonedPsn(final int psnValue) {
        final int i = slot(psnValue);
        return i >= 0 && isAbandoned(i);
    }

    /**
     * True when this PSN was abandoned and the path's highest PSN is not: the path has carried data since
     * the failure that abandoned the PSN (it was readmitted, section 10.6) and has not failed again. The
     * PSN's data sent on another path now is the late re-spray of that failure, not the sign of a new one.
     */
    public boolean isReadmittedSince(final int psnValue) {
        return isAbandonedPsn(psnValue) && !isAbandonedPsn(highest);
    }

    /** Answered by a NAK since its latest transmission, so not accepted. */
    public boolean isNakked(final int slot) {
        return (key[slot] & NAKKED) != 0;
    }

    /** The data the PSN carried on its first transmission. */
    public Segment segment(final int slot) {
        return segment[slot];
    }

    /** Data packets captured, not acknowledged by a captured ACK, not abandoned. */
    public int unacknowledged() {
        return unacked;
    }

    /**
     * Since when the path has had unacknowledged data packets without interruption (the capture of
     * the data packet that found it with none), or {@link #NEVER} while it has none.
     */
    public long unacknowledgedSinceNs() {
        return unacked > 0 ? unackedSinceNs : NEVER;
    }

    /**
     * Bytes in flight on the path as section 4.6 defines them, at the capture point: payload bytes of
     * the data packets whose latest transmission was captured, neither acknowledged by a captured ACK,
     * nor detected lost by one (section 9.1, with LOSS_REORDER_THRESHOLD), nor abandoned. A packet
     * answered by NAK NO_RECEIVE_BUFFER stays in flight, and a retransmission of a packet still in
     * flight replaces it.
     */
    public long inFlightBytes() {
        return inFlightBytes;
    }

    /** The capture time of the latest ACK progress on the path (section 4.6), or {@link #NEVER}. */
    public long lastProgressNs() {
        return lastProgressNs;
    }

    public long lastProgressFrame() {
        return lastProgressFrame;
    }

    /** NAKs captured for the path so far: a rule that keeps conclusions about its PSNs knows when to drop them. */
    public long naks() {
        return naks;
    }

    /** Whether {@code psnValue} is within the ring of PSNs held, counted back from the highest sent. */
    public boolean isWithinRing(final int psnValue) {
        return anyData && SerialNumber.distance24(psnValue, highest) < RING;
    }

    /** The capture time of the latest NAK for the path, or {@link #NEVER}. */
    public long lastNakNs() {
        return lastNakNs;
    }

    /** The later of the latest ACK progress and the latest NAK: what restarts the path's timer (section 9.2). */
    public long lastProgressOrNakNs() {
        return Math.max(lastProgressNs, lastNakNs);
    }

    /** When the capture last showed the path's data abandoned (a PROBE on it, or its data re-sprayed), or {@link #NEVER}. */
    public long abandonedNs() {
        return abandonedNs;
    }

    /**
     * How long the path had gone without ACK progress while it had unacknowledged data when the capture
     * last showed some of them abandoned, or {@link #NEVER}: their time unacknowledged on it ended there.
     */
    public long silenceAbandonedNs() {
        return silenceAbandonedNs;
    }

    /**
     * True while the path's bytes in flight are bounded by INIT_CWND (MPRT-CC-001): from its first
     * PSN 0 and again from its abandonment (a failure, after which it is readmitted with INIT_CWND),
     * until its next ACK progress.
     */
    public boolean isAwaitingFirstProgress() {
        return awaitingFirstProgress;
    }

    /** The capture time of the latest data packet, or {@link #NEVER}. */
    public long latestDataNs() {
        return latestDataNs;
    }

    /**
     * The lowest captured PSN that no captured ACK has acknowledged (abandoned ones included); every
     * captured PSN before it is acknowledged. Meaningful when {@link #hasData()}; when everything is
     * acknowledged it is the PSN after the highest.
     */
    public int lowestUnacknowledgedPsn() {
        return floor;
    }

    /**
     * How many PSNs a walk back from the highest visits to reach every one not acknowledged: those from
     * {@link #lowestUnacknowledgedPsn()} up, at most the ring's length; 0 when every PSN is acknowledged.
     */
    public int unacknowledgedBack() {
        return !anyData || SerialNumber.precedes24(highest, floor) ? 0
            : Math.min(RING, SerialNumber.distance24(floor, highest) + 1);
    }

    /**
     * How many PSNs a walk back from the highest visits to reach every one whose data the path may still
     * owe: those not acknowledged, and once the path has abandoned any, every PSN it holds (the data of an
     * abandoned PSN is owed whatever an ACK said of it). Below them every captured PSN is acknowledged,
     * so that a periodic scan for overdue data costs the PSNs in flight, not the ring's length.
     */
    public int owedBack() {
        final int held = heldBack(highest);
        return anyAbandoned ? held : Math.min(held, unacknowledgedBack());
    }

    /** The payload length of a captured PSN. */
    public int payloadLength(final int slot) {
        return payload[slot];
    }

    /** True when the PSN's bytes count in flight. */
    public boolean isInFlight(final int slot) {
        return (key[slot] & IN_FLIGHT) != 0;
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

    /** The highest PSN an ACK with this cack and SACK bitmap acknowledges: the PSN of its last SACK bit set, else its cack. */
    public static int highestAcknowledged(final int cackValue, final long[] words) {
        for (int w = words.length - 1; w >= 0; w--) {
            if (words[w] != 0) {
                return SerialNumber.add24(cackValue, w * Long.SIZE + Long.SIZE - Long.numberOfTrailingZeros(words[w]));
            }
        }
        return cackValue;
    }

    /**
     * The lowest PSN that an ACK (cack {@code before}, SACK bitmap {@code beforeWords}) acknowledged
     * beyond its cack and a later ACK ({@code cack}, {@code words}) does not acknowledge, or -1. Every
     * PSN up to the later cack is acknowledged, so only the earlier bits beyond it matter: they are
     * the earlier bitmap shifted by the distance between the cacks, compared a word at a time.
     */
    public static int firstUnacknowledged(final int before, final long[] beforeWords, final int cack,
                                          final long[] words) {
        final int delta = SerialNumber.distance24(before, cack);
        if (delta >= SerialNumber.HALF_24) {
            // The later cack is not after the earlier one: PSN by PSN, as acknowledges() reads them.
            for (int bit = 0; bit < WINDOW; bit++) {
                final int psn = SerialNumber.add24(before, bit + 1);
                if (acknowledges(before, beforeWords, psn) && !acknowledges(cack, words, psn)) {
                    return psn;
                }
            }
            return -1;
        }
        final int count = WINDOW / Long.SIZE;
        for (int w = 0; w < count && delta < WINDOW; w++) {
            final int from = Long.SIZE * w + delta;
            final int word = from >>> 6;
            final int shift = from & 63;
            final long high = word < count ? beforeWords[word] << shift : 0;
            final long low = shift != 0 && word + 1 < count ? beforeWords[word + 1] >>> (Long.SIZE - shift) : 0;
            final long lost = (high | low) & ~words[w];
            if (lost != 0) {
                return SerialNumber.add24(cack, 1 + Long.SIZE * w + Long.numberOfLeadingZeros(lost));
            }
        }
        return -1;
    }

    // ---- updates from the tracker ----------------------------------------------------------

    /** Records a captured data packet; false when its PSN is too far off to follow. */
    boolean sent(final int psnValue, final boolean retransmission, final Segment data, final long frame, final long ns) {
        if (!anyData) {
            anyData = true;
            highest = psnValue;
            lowest = psnValue;
            lowestHeld = psnValue;
            awaitingFirstProgress = psnValue == 0;
            floor = psnValue;
        } else if (SerialNumber.precedes24(highest, psnValue)) {
            if (SerialNumber.distance24(highest, psnValue) > MAX_ADVANCE) {
                return false;
            }
            fit(lowest, psnValue);
            for (int p = SerialNumber.add24(highest, 1); p != psnValue; p = SerialNumber.add24(p, 1)) {
                evict(p & mask);
            }
            evict(psnValue & mask);
            highest = psnValue;
            if (SerialNumber.distance24(lowestHeld, highest) >= RING) {
                lowestHeld = SerialNumber.add24(highest, -(RING - 1));
            }
        } else if (SerialNumber.distance24(psnValue, highest) >= RING) {
            return false;
        }
        if (SerialNumber.precedes24(psnValue, lowestHeld)) {
            lowestHeld = psnValue;
        }
        if (SerialNumber.precedes24(psnValue, lowest)) {
            fit(psnValue, highest);
            lowest = psnValue;
        }
        if (SerialNumber.precedes24(psnValue, floor)) {
            floor = psnValue;
        }
        if (!retransmission && !hasBoundary) {
            hasBoundary = true;
            boundary = psnValue;
        }
        if (ns < latestDataNs) {
            inPsnOrder = false;
        }
        final int i = psnValue & mask;
        if (!holds(i, psnValue)) {
            if (psnValue != highest) {
                inPsnOrder = false;
            }
            evict(i);
            key[i] = USED | psnValue;
            firstFrame[i] = frame;
            firstNs[i] = ns;
            segment[i] = data;
            payload[i] = data == null ? 0 : data.payloadLength();
            if (unacked++ == 0) {
                unackedSinceNs = ns;
            }
        }
        if ((key[i] & (IN_FLIGHT | ABANDONED)) == 0 && ackedFrame[i] == 0) {
            key[i] |= IN_FLIGHT;
            inFlightBytes += payload[i];
        }
        latestDataNs = ns;
        transmissions[i]++;
        lastFrame[i] = frame;
        lastNs[i] = ns;
        key[i] &= ~NAKKED;
        return true;
    }

    /** Grows the ring, when it is smaller than {@link #RING}, to hold every PSN from {@code from} to {@code to}. */
    private void fit(final int from, final int to) {
        final int slots = RingSlots.toHold(mask + 1, RING, from, to);
        if (slots == mask + 1) {
            return;
        }
        // Every PSN held lies from the lowest to the highest, fewer than the slots there were.
        final int held = SerialNumber.distance24(lowest, highest) + 1;
        key = RingSlots.grown(key, lowest, held, slots);
        firstFrame = RingSlots.grown(firstFrame, lowest, held, slots);
        firstNs = RingSlots.grown(firstNs, lowest, held, slots);
        lastFrame = RingSlots.grown(lastFrame, lowest, held, slots);
        lastNs = RingSlots.grown(lastNs, lowest, held, slots);
        transmissions = RingSlots.grown(transmissions, lowest, held, slots);
        ackedFrame = RingSlots.grown(ackedFrame, lowest, held, slots);
        ackedNs = RingSlots.grown(ackedNs, lowest, held, slots);
        segment = RingSlots.grown(segment, lowest, held, slots);
        payload = RingSlots.grown(payload, lowest, held, slots);
        mask = slots - 1;
    }

    private void evict(final int i) {
        if ((key[i] & (USED | ABANDONED)) == USED && ackedFrame[i] == 0) {
            unacked--;
        }
        leaveFlight(i);
        key[i] = 0;
        transmissions[i] = 0;
        ackedFrame[i] = 0;
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



    /**
     * Applies a captured ACK: every PSN it acknowledges is marked, the ACK becomes the latest, and
     * the packets it detects lost (section 9.1: it acknowledges at least {@code lossThreshold} PSNs
     * first sent after their latest transmission) leave the flight. First transmissions on a path go
     * out in PSN order, so walking down from the highest PSN meets the acknowledged PSNs in the order
     * of their first transmission, latest first.
     */
    void acknowledged(final int cackValue, final long[] words, final long frame, final long ns, final int lossThreshold) {
        if (anyData) {
            boolean progress = false;
            int laterAcknowledged = 0;
            long detectsBeforeNs = NEVER;
            // Slots below the floor are acknowledged or unused: the walk stops there.
            final int span = unacknowledgedBack();
            for (int d = 0; d < span; d++) {
                final int p = SerialNumber.add24(highest, -d);
                final int i = p & mask;
                if (!holds(i, p)) {
                    continue;
                }
                final boolean acked = acknowledges(cackValue, words, p);
                if (acked && ackedFrame[i] == 0) {
                    ackedFrame[i] = frame;
                    ackedNs[i] = ns;
                    leaveFlight(i);
                    if ((key[i] & ABANDONED) == 0) {
                        progress = true;
                        unacked--;
                        if (segment[i] != null) {
                            segment[i].acknowledged(frame, ns, pathId, p);
                        }
                    }
                }
                if (acked && (key[i] & ABANDONED) == 0) {
                    if (++laterAcknowledged == lossThreshold) {
                        detectsBeforeNs = firstNs[i];
                    }
                } else if (!acked && (key[i] & IN_FLIGHT) != 0 && lastNs[i] < detectsBeforeNs) {
                    leaveFlight(i);
                }
            }
            if (progress) {
                lastProgressNs = ns;
                lastProgressFrame = frame;
                awaitingFirstProgress = false;
            }
            raiseFloor();
        }
        answers.acknowledged(cackValue, words, frame);
    }

    private void raiseFloor() {
        if (SerialNumber.precedes24(highest, floor)) {
            return;
        }
        if (SerialNumber.distance24(floor, highest) >= RING) {
            floor = SerialNumber.add24(highest, -(RING - 1));
        }
        while (floor != SerialNumber.add24(highest, 1)) {
            final int i = floor & mask;
            if (holds(i, floor) && ackedFrame[i] == 0) {
                return;
            }
            floor = SerialNumber.add24(floor, 1);
        }
    }

    private void leaveFlight(final int i) {
        if ((key[i] & IN_FLIGHT) != 0) {
            key[i] &= ~IN_FLIGHT;
            inFlightBytes -= payload[i];
        }
    }

    /**
     * A PROBE with BTH.PSN q was captured on the path: its sender abandons every unacknowledged PSN before q
     * ({@link #abandonBefore}), and its receiver every PSN before q (section 10.6), so that a data packet at
     * such a PSN captured after it is a duplicate there, which completes nothing (section 7.3), however the
     * sender came to send it.
     */
    void probed(final int q, final long ns) {
        abandonBefore(q, ns);
        if (!probed || SerialNumber.precedes24(probedPsn, q)) {
            probed = true;
            probedPsn = q;
        }
    }

    /** Whether {@code psn} lies before the BTH.PSN of a PROBE captured on the path, within the ring's reach. */
    public boolean isBeforeProbe(final int psn) {
        return probed && SerialNumber.precedes24(psn, probedPsn) && SerialNumber.distance24(psn, probedPsn) <= RING;
    }

    /**
     * The sender probed the path with PSN q, or re-sprayed its data: every unacknowledged PSN before
     * q is abandoned, and the path, when it carries new data again, is readmitted with INIT_CWND.
     */
    void abandonBefore(final int q, final long ns) {
        if (!anyData) {
            return;
        }
        final long silentSinceNs = Math.max(unackedSinceNs, lastProgressNs);
        boolean any = false;
        for (int d = 0, held = heldBack(highest); d < held; d++) {
            final int p = SerialNumber.add24(highest, -d);
            if (SerialNumber.precedes24(p, q)) {
                any |= abandon(p);
            }
        }
        if (any || abandonedNs == NEVER) {
            abandonedNs = ns;
        }
        if (any) {
            silenceAbandonedNs = ns - silentSinceNs;
        }
        awaitingFirstProgress = true;
    }

    private boolean abandon(final int psnValue) {
        final int i = slot(psnValue);
        if (i >= 0 && (key[i] & ABANDONED) == 0) {
            key[i] |= ABANDONED;
            anyAbandoned = true;
            leaveFlight(i);
            if (ackedFrame[i] == 0) {
                unacked--;
                return true;
            }
        }
        return false;
    }

    void nakked(final int psnValue, final long ns) {
        lastNakNs = ns;
        naks++;
        final int i = slot(psnValue);
        if (i >= 0) {
            key[i] |= NAKKED;
        }
    }

    /**
     * A NAK PSN_OUT_OF_WINDOW refused the data packet with this PSN: its receiver kept nothing of it
     * (section 4.4). When it is the only PSN the path holds, the path forgets it, so that the first PSN
     * accepted anchors the ring: a PSN 2^23 - 1 on a fresh path, refused, would otherwise leave the PSN
     * 0 that follows too far behind to be followed, and its ACK acknowledging PSNs that never arrived.
     */
    void refused(final int psnValue) {
        if (!anyData || highest != psnValue || lowest != psnValue) {
            return;
        }
        evict(psnValue & mask);
        anyData = false;
        hasBoundary = false;
        awaitingFirstProgress = false;
    }
}
