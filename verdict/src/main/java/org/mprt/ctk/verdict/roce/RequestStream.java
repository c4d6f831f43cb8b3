package org.mprt.ctk.verdict.roce;

import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The request packets of one QP direction, followed in PSN order: which message is open and how
 * many bytes it has carried. A packet that is not the next PSN (a go-back-N resend, or a gap in
 * what the capture holds) makes the stream lose its place until the next First or Only packet,
 * since nothing after it can be judged against a message the capture did not show from its start.
 */
final class RequestStream {

    /** What a packet is to the stream. */
    enum Step {
        /** The next PSN, in a known place: it can be judged. */
        IN_ORDER,
        /** Not the next PSN, or the stream's place is unknown: nothing to judge. */
        RESYNC
    }

    private boolean placeKnown;
    private int nextPsn;
    private String openOperation;
    private long openBytes;
    private long openFirstFrame;
    private long openDmaLength = -1;

    /** Classifies the packet; after an IN_ORDER step the caller judges it, then calls {@link #advance}. */
    Step step(final int psn, final MessagePosition position) {
        if (placeKnown && psn == nextPsn) {
            return Step.IN_ORDER;
        }
        placeKnown = position.startsMessage();
        openOperation = null;
        nextPsn = psn;
        return Step.RESYNC;
    }

    /** Records an in-order (or resynchronising First/Only) packet. */
    void advance(final int psn, final MessagePosition position, final String operation, final int payloadBytes,
                 final long frame, final long dmaLength) {
        if (position.startsMessage()) {
            openOperation = operation;
            openBytes = 0;
            openFirstFrame = frame;
            openDmaLength = dmaLength;
        }
        openBytes += payloadBytes;
        if (position.endsMessage()) {
            openOperation = null;
        }
        nextPsn = SerialNumber.add24(psn, 1);
        placeKnown = true;
    }

    boolean placeKnown() {
        return placeKnown;
    }

    String openOperation() {
        return openOperation;
    }

    long openBytes() {
        return openBytes;
    }

    long openFirstFrame() {
        return openFirstFrame;
    }

    /** The RETH DMA length of the open RDMA WRITE, or -1. */
    long openDmaLength() {
        return openDmaLength;
    }
}
