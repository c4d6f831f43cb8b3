package org.mprt.ctk.verdict.captures;

/**
 * Captures taken at node B's ports while A sends MPRT data to B: B's answers leave within a
 * microsecond of the data they answer. The rules of a receiver (mprt-v0.1.md section 16.3) are
 * judged here.
 */
final class MprtReceiverCaptures {

    private MprtReceiverCaptures() {
    }

    /**
     * A conforming receiver: it acknowledges at once, SACKs PSN 2 of path 0 while PSN 1 is missing,
     * reports each stream's CMSN once its messages are whole, answers a SEND for which it has no
     * receive buffer with NAK NO_RECEIVE_BUFFER, and accepts both packets when they come again.
     * Answers within 0.5 µs place the capture at B without being told.
     */
    static CaptureFile clean(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-receiver-clean.pcap")
            .at(0, b.data(p -> p.messageLength = 2048))                                              // 1
            .at(0.3, b.data(p -> { p.plane = 1; p.pathId = 1; p.messageLength = 2048; p.messageOffset = 1024; // 2
                p.ackReq = 1; }))
            .at(0.8, b.ack(p -> { p.plane = 1; p.pathId = 1; p.streamRecords = new int[][] {{0, 1}}; })) // 3
            .at(1, b.data(p -> { p.psn = 2; p.msn = 2; p.ackReq = 1; }))                             // 4: PSN 1 lost
            .at(1.5, b.ack(p -> { p.sackedPsns = new int[] {2}; p.echoTimestamp = 1002L; }))         // 5
            .at(3, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.streamId = 1; p.send = true; // 6
                p.messageLength = 256; p.payloadBytes = 256; p.ackReq = 1; }))
            .at(3.4, b.nak(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.streamId = 1; }))          // 7: NO_RECEIVE_BUFFER
            .at(25, b.data(p -> { p.psn = 1; p.msn = 1; p.r = 1; p.txTimestamp = 2001L; p.ackReq = 1; })) // 8
            .at(25.5, b.ack(p -> { p.cack = 2; p.echoTimestamp = 2001L; p.streamRecords = new int[][] {{0, 3}}; })) // 9
            .at(80, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.r = 1; p.streamId = 1; p.send = true; // 10
                p.messageLength = 256; p.payloadBytes = 256; p.txTimestamp = 2001L; p.ackReq = 1; }))
            .at(80.5, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; p.echoTimestamp = 2001L;   // 11
                p.streamRecords = new int[][] {{1, 1}}; }));
    }

    /**
     * A fresh path whose first packet carries PSN 2^23 - 1, out of the receive window (mprt-v0.1.md
     * section 4.4): B refuses it with NAK PSN_OUT_OF_WINDOW, then accepts PSN 0 and acknowledges it.
     * The ACK acknowledges only PSN 0, which arrived; the refused PSN anchors nothing.
     */
    static CaptureFile refusedPsn(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-receiver-refused-psn.pcap")
            .at(0, b.data(p -> { p.psn = (1 << 23) - 1; p.ackReq = 1; }))                           // 1: out of window
            .at(0.4, b.nak(p -> { p.psn = (1 << 23) - 1; p.nakCode = 0x06; }))                      // 2: PSN_OUT_OF_WINDOW
            .at(1, b.data(p -> { p.ackReq = 1; }))                                                  // 3: PSN 0
            .at(1.4, b.ack(p -> { p.streamRecords = new int[][] {{0, 1}}; }));                      // 4: cack 0
    }

    /**
     * A sender that sends the second half of message 0 again at PSN 1 after its PROBE with PSN 2 made
     * B abandon PSN 1 (frame 5): a duplicate at B, which completes nothing, so B's CMSN stays 0 (frame
     * 6). Sent once more at PSN 2 (frame 7), it completes the message, and B reports it (frame 8).
     */
    static CaptureFile dataAtAbandonedPsn(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-receiver-data-at-abandoned-psn.pcap")
            .at(0, b.data(p -> { p.messageLength = 2048; p.ackReq = 1; }))                           // 1
            .at(0.4, b.ack(p -> { }))                                                               // 2
            .at(100, b.probe(p -> { p.psn = 2; p.probeId = 1; }))                                   // 3: PSN 1 lost
            .at(100.4, b.probeReply(p -> { p.psn = 2; p.probeId = 1; }))                            // 4
            .at(110, b.data(p -> { p.psn = 1; p.r = 1; p.messageLength = 2048; p.messageOffset = 1024; // 5: abandoned PSN
                p.ackReq = 1; }))
            .at(110.4, b.ack(p -> { p.cack = 1; p.streamRecords = new int[][] {{0, 0}}; }))          // 6
            .at(200, b.data(p -> { p.psn = 2; p.r = 1; p.messageLength = 2048; p.messageOffset = 1024; // 7
                p.ackReq = 1; }))
            .at(200.4, b.ack(p -> { p.cack = 2; p.streamRecords = new int[][] {{0, 1}}; }));         // 8
    }

    /** A receiver that breaks one rule per marked frame; the capture point is stated (B). */
    static CaptureFile faults(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-receiver-faults.pcap")
            .at(0, b.data(p -> { }))                                                                // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                          // 2
            .at(1.5, b.ack(p -> { p.cack = 1; p.streamRecords = new int[][] {{0, 2}}; }))           // 3
            .at(2, b.data(p -> { p.psn = 2; p.msn = 2; p.messageLength = 2048; }))                  // 4
            .at(2.5, b.ack(p -> { p.cack = 3; p.echoTimestamp = 1002L; }))                          // 5: PSN 3 not yet here (SACK-003)
            .at(3, b.data(p -> { p.psn = 3; p.msn = 2; p.messageLength = 2048; p.messageOffset = 1024; })) // 6
            .at(3.5, b.ack(p -> { p.cack = 3; p.streamRecords = new int[][] {{0, 3}}; }))           // 7
            .at(4, b.data(p -> { p.plane = 1; p.pathId = 1; p.streamId = 1; }))                     // 8
            .at(4.5, b.ack(p -> { p.pathId = 1; p.streamRecords = new int[][] {{1, 1}}; }))         // 9: plane 0 (SACK-002)
            .at(5, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.streamId = 1; p.msn = 1; })) // 10
            .at(5.5, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; p.destQp = 0x000300;      // 11: other pair (CONN-002)
                p.streamRecords = new int[][] {{1, 2}}; }))
            .at(6, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; p.streamRecords = new int[][] {{1, 2}}; })) // 12
            .at(7, b.data(p -> { p.psn = 4; p.msn = 3; }))                                          // 13
            .at(7.5, b.ack(p -> { p.cack = 2; p.sackedPsns = new int[] {4}; p.echoTimestamp = 1004L; })) // 14: cack back (SACK-004)
            .at(8, b.ack(p -> { p.cack = 4; p.streamRecords = new int[][] {{0, 5}}; }))             // 15: MSN 4 unsent (STREAM-003)
            .at(9, b.ack(p -> { p.cack = 4; p.streamRecords = new int[][] {{0, 4}}; }))             // 16: CMSN back (STREAM-004)
            .at(30, b.data(p -> { p.psn = 5; p.msn = 4; }))                                         // 17
            .at(45, b.ack(p -> { p.cack = 5; p.echoTimestamp = 1004L; }))                           // 18: stale echo (SACK-005)
            .at(51, b.nak(p -> { p.psn = 9; p.msn = 9; p.nakCode = 0x06; }))                        // 19: answers nothing (SEC-006)
            .at(52, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 2; p.streamId = 1; p.msn = 2; })) // 20
            .at(52.5, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 2; p.streamRecords = new int[][] {{1, 3}}; })); // 21
    }

    /**
     * A capture at B that begins in mid-connection: the first half of message 40 and PSNs up to 499
     * arrived before it. The ACKs are right, so nothing may fail; what needs the beginning
     * (MPRT-STREAM-003) is inconclusive.
     */
    static CaptureFile midConnection(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-mid-connection.pcap")
            .at(0, b.data(p -> { p.psn = 500; p.msn = 40; p.messageLength = 2048; p.messageOffset = 1024; })) // 1
            .at(0.5, b.ack(p -> { p.cack = 500; p.streamRecords = new int[][] {{0, 41}}; }))        // 2
            .at(1, b.data(p -> { p.psn = 501; p.msn = 41; p.ackReq = 1; }))                         // 3
            .at(1.5, b.ack(p -> { p.cack = 501; p.streamRecords = new int[][] {{0, 42}}; }));       // 4
    }
}
