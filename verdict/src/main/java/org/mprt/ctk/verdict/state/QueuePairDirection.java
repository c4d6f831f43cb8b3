package org.mprt.ctk.verdict.state;

import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * One direction of a RoCEv2 RC or UC connection: the request packets sent to one responder QP,
 * named by the responder's address and QP number, and the acknowledgements that answer them
 * (rocev2-baseline.md sections 6 to 9). Request PSNs are held in a ring of {@link #RING} slots,
 * as {@link PathRecord} holds MPRT PSNs, whose arrays likewise start at {@link #FIRST_SLOTS} and
 * double as the PSNs captured span more ({@link RingSlots}); a slot number is valid until the next
 * request.
 */
public final class QueuePairDirection extends Direction {

    static final int RING = 1024;
    static final int FIRST_SLOTS = 64;
    /** {@link #stableSourcePort()} before the first request, and while its requests' ports differ. */
    static final int NO_PORT = -1;
    /** Kept once two requests came from different UDP source ports. */
    static final int VARIED_PORT = -2;

    private final CapturePoint.Address responder;
    private final CapturePoint.Address requester;
    private final int destQp;
    /** Slots - 1: a PSN's slot is {@code psn & mask}. */
    private int mask = FIRST_SLOTS - 1;
    private int[] psn = new int[FIRST_SLOTS];
    private boolean[] used = new boolean[FIRST_SLOTS];
    private int[] opcode = new int[FIRST_SLOTS];
    private boolean[] endsMessage = new boolean[FIRST_SLOTS];
    private long[] dmaLength = new long[FIRST_SLOTS];
    private long[] firstFrame = new long[FIRST_SLOTS];
    private long[] lastFrame = new long[FIRST_SLOTS];
    private long[] lastNs = new long[FIRST_SLOTS];
    private int[] transmissions = new int[FIRST_SLOTS];
    private boolean anyRequest;
    private int highest;
    /** The lowest request PSN captured (serial order): the ring holds every PSN from it to {@link #highest}, or RING of them. */
    private int lowest;
    private int firstPsn;
    private boolean readOrAtomic;
    private int answerQp = -1;
    /** Bound to its answers by the UDP source port both ends use, where their PSNs could not tell ({@link RoceTracker}). */
    private boolean boundByPort;
    /** The UDP source port of its requests: {@link #NO_PORT} before the first, {@link #VARIED_PORT} once two differ. */
    private int sourcePort = NO_PORT;
    private QueuePairDirection reverse;
    private boolean startJudged;
    private boolean acknowledged;
    private int acknowledgedUpTo;
    private long acknowledgedFrame;
    private long naks;
    private int lastNakPsn;
    private int lastNakSyndrome;
    private long lastNakFrame;
    private long lastNakNs = PathRecord.NEVER;
    private long lastProgressNs = PathRecord.NEVER;
    private long lastProgressFrame;
    private long lastAnswerNs = PathRecord.NEVER;

    QueuePairDirection(final CapturePoint.Address responder, final CapturePoint.Address requester, final int destQp,
                       final long firstFrame, final int number) {
        super(firstFrame, number);
        this.responder = responder;
        this.requester = requester;
        this.destQp = destQp;
    }

    @Override
    public String label() {
        final String label = String.format("QP 0x%06x at %s (requests from %s", destQp, responder, requester);
        return boundByPort ? label + String.format("; its acknowledgements, to QP 0x%06x, told by the UDP source port %d"
            + " both ends use)", answerQp, sourcePort) : label + ")";
    }

    public CapturePoint.Address responder() {
        return responder;
    }

    public CapturePoint.Address requester() {
        return requester;
    }

    public int destQp() {
        return destQp;
    }

    /** The requester's QP number, as the answers' DestQP names it; -1 until an answer is bound. */
    public int answerQp() {
        return answerQp;
    }

    /** The other direction of the same connection, once answers have named the requester's QP. */
    public QueuePairDirection reverse() {
        return reverse;
    }

    public boolean hasRequests() {
        return anyRequest;
    }

    public int highestPsn() {
        return highest;
    }

    /** The PSN of the first request packet captured. */
    public int firstPsn() {
        return firstPsn;
    }

    /** True once an RDMA READ request or an atomic was captured: the QP carries more than SEND and WRITE. */
    public boolean carriesReadOrAtomic() {
        return readOrAtomic;
    }

    /** True once a captured ACK or NAK acknowledged something (rocev2-baseline.md, ROCE-ACK-003). */
    public boolean hasAcknowledged() {
        return acknowledged;
    }

    /**
     * The highest request PSN the captured answers acknowledged: an ACK's PSN, or the PSN before a
     * NAK's; the responder's ePSN as its answers show it is the PSN after.
     */
    public int acknowledgedUpTo() {
        return acknowledgedUpTo;
    }

    public long acknowledgedFrame() {
        return acknowledgedFrame;
    }

    /** NAKs and RNR NAKs captured for this direction. */
    public long naks() {
        return naks;
    }

    public int lastNakPsn() {
        return lastNakPsn;
    }

    /** The AETH syndrome of the latest NAK: 0x60 to 0x64, or an RNR NAK's 0x20 to 0x3F. */
    public int lastNakSyndrome() {
        return lastNakSyndrome;
    }

    public long lastNakFrame() {
        return lastNakFrame;
    }

    /** The capture time of the latest NAK or RNR NAK, or {@link PathRecord#NEVER}. */
    public long lastNakNs() {
        return lastNakNs;
    }

    /** The capture time of the latest answer that acknowledged more than any before it, or {@link PathRecord#NEVER}. */
    public long lastProgressNs() {
        return lastProgressNs;
    }

    public long lastProgressFrame() {
        return lastProgressFrame;
    }

    /** The capture time of the latest ACK or NAK of any kind, or {@link PathRecord#NEVER}. */
    public long lastAnswerNs() {
        return lastAnswerNs;
    }

    /**
     * The oldest request PSN the captured answers leave unacknowledged: the one after the highest
     * acknowledged, or the first captured when nothing was acknowledged yet.
     */
    public int oldestUnacknowledgedPsn() {
        return acknowledged ? SerialNumber.add24(acknowledgedUpTo, 1) : firstPsn;
    }

    /** True when a captured request has not been acknowledged by a captured answer. */
    public boolean hasUnacknowledged() {
        return anyRequest && (!acknowledged || SerialNumber.precedes24(acknowledgedUpTo, highest));
    }

    /** The slot of a captured request PSN, or -1; the slot accessors below take it. */
    public int slot(final int psnValue) {
        final int i = psnValue & mask;
        return anyRequest && used[i] && psn[i] == psnValue && SerialNumber.distance24(psnValue, highest) < RING ? i : -1;
    }

    public int opcode(final int slot) {
        return opcode[slot];
    }

    public boolean endsMessage(final int slot) {
        return endsMessage[slot];
    }

    /** The RETH DMA length of an RDMA READ request, else 0. */
    public long dmaLength(final int slot) {
        return dmaLength[slot];
    }

    public long firstFrame(final int slot) {
        return firstFrame[slot];
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

    void request(final int psnValue, final int opcodeValue, final boolean ends, final boolean reads, final long dma,
                 final long frame, final long ns) {
        if (!anyRequest) {
            anyRequest = true;
            highest = psnValue;
            lowest = psnValue;
            firstPsn = psnValue;
        } else if (SerialNumber.precedes24(highest, psnValue)) {
            if (SerialNumber.distance24(highest, psnValue) > RING / 2) {
                return;
            }
            fit(lowest, psnValue);
            for (int p = SerialNumber.add24(highest, 1); p != psnValue; p = SerialNumber.add24(p, 1)) {
                used[p & mask] = false;
            }
            highest = psnValue;
        } else if (SerialNumber.distance24(psnValue, highest) >= RING) {
            return;
        } else if (SerialNumber.precedes24(psnValue, lowest)) {
            fit(psnValue, highest);
            lowest = psnValue;
        }
        readOrAtomic |= reads;
        final int i = psnValue & mask;
        if (!used[i] || psn[i] != psnValue) {
            used[i] = true;
            psn[i] = psnValue;
            opcode[i] = opcodeValue;
            endsMessage[i] = ends;
            dmaLength[i] = dma;
            firstFrame[i] = frame;
            transmissions[i] = 0;
        }
        transmissions[i]++;
        lastFrame[i] = frame;
        lastNs[i] = ns;
    }

    /** Grows the ring, when it is smaller than {@link #RING}, to hold every PSN from {@code from} to {@code to}. */
    private void fit(final int from, final int to) {
        final int slots = RingSlots.toHold(mask + 1, RING, from, to);
        if (slots == mask + 1) {
            return;
        }
        // Every PSN held lies from the lowest to the highest, fewer than the slots there were.
        final int held = SerialNumber.distance24(lowest, highest) + 1;
        psn = RingSlots.grown(psn, lowest, held, slots);
        used = RingSlots.grown(used, lowest, held, slots);
        opcode = RingSlots.grown(opcode, lowest, held, slots);
        endsMessage = RingSlots.grown(endsMessage, lowest, held, slots);
        dmaLength = RingSlots.grown(dmaLength, lowest, held, slots);
        firstFrame = RingSlots.grown(firstFrame, lowest, held, slots);
        lastFrame = RingSlots.grown(lastFrame, lowest, held, slots);
        lastNs = RingSlots.grown(lastNs, lowest, held, slots);
        transmissions = RingSlots.grown(transmissions, lowest, held, slots);
        mask = slots - 1;
    }

    boolean isStartJudged() {
        return startJudged;
    }

    void startJudged() {
        startJudged = true;
    }

    void answeredBy(final AethSyndrome.Kind kind, final int syndrome, final int psn, final long frame, final long ns) {
        if (kind == AethSyndrome.Kind.RESERVED) {
            return;
        }
        lastAnswerNs = ns;
        if (kind != AethSyndrome.Kind.ACK) {
            naks++;
            lastNakPsn = psn;
            lastNakSyndrome = syndrome;
            lastNakFrame = frame;
            lastNakNs = ns;
        }
        final int upTo = kind == AethSyndrome.Kind.ACK ? psn : SerialNumber.add24(psn, -1);
        if (!acknowledged || SerialNumber.precedes24(acknowledgedUpTo, upTo)) {
            acknowledgedUpTo = upTo;
            acknowledgedFrame = frame;
            lastProgressNs = ns;
            lastProgressFrame = frame;
        }
        acknowledged = true;
    }

    void bind(final int qp) {
        answerQp = qp;
    }

    /** As {@link #bind}, the acknowledgements told from those of the pair's other QPs by their UDP source port alone. */
    void bindByPort(final int qp) {
        answerQp = qp;
        boundByPort = true;
    }

    public boolean isBoundByPort() {
        return boundByPort;
    }

    /** Notes the UDP source port of a request. */
    void requestedFrom(final int port) {
        if (sourcePort == NO_PORT) {
            sourcePort = port;
        } else if (sourcePort != port) {
            sourcePort = VARIED_PORT;
        }
    }

    /** The one UDP source port its requests have come from, or {@link #NO_PORT} when none yet or several. */
    int stableSourcePort() {
        return sourcePort >= 0 ? sourcePort : NO_PORT;
    }

    void reverse(final QueuePairDirection other) {
        reverse = other;
    }
}
