package org.mprt.ctk.verdict.captures;

/**
 * Captures taken at node A's ports while A sends MPRT data to B: B's ACKs arrive a 20 µs round trip
 * after the data they answer. The rules of a sender (mprt-v0.1.md section 16.3) are judged here.
 */
final class MprtSenderCaptures {

    private MprtSenderCaptures() {
    }

    /**
     * A conforming sender: stream 0 WRITEs and stream 1 SENDs over path 0 (plane 0) and path 1
     * (plane 1); PSN 1 of path 0 is lost, the ACK that SACKs PSN 2 detects it, and A retransmits it
     * before any new data on the path. B also sends A a little data, which A acknowledges at once:
     * answers 17 µs after A's data and 0.5 µs after B's place the capture at A without being told.
     */
    static CaptureFile clean(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-sender-clean.pcap")
            .at(0, b.data(p -> p.messageLength = 2048))                                              // 1
            .at(1, b.data(p -> { p.plane = 1; p.pathId = 1; p.messageLength = 2048; p.messageOffset = 1024; })) // 2
            .at(2, b.data(p -> { p.psn = 1; p.streamId = 1; p.send = true; p.messageLength = 256;    // 3: lost on the way
                p.payloadBytes = 256; }))
            .at(3, b.data(p -> { p.psn = 2; p.msn = 1; p.ackReq = 1; }))                             // 4
            .at(4, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.streamId = 1; p.msn = 1;    // 5
                p.send = true; p.rsn = 1; p.messageLength = 256; p.payloadBytes = 256; p.ackReq = 1; }))
            .at(5, b.data(p -> { p.way = FrameFactory.Way.B_TO_A; p.messageLength = 512;            // 6: B's data
                p.payloadBytes = 512; p.udpSourcePort = 0xC200; }))
            .at(5.5, b.ack(p -> { p.way = FrameFactory.Way.A_TO_B; p.streamRecords = new int[][] {{0, 1}}; // 7: A answers
                p.udpSourcePort = 0xC300; }))
            .at(20, b.ack(p -> { p.sackedPsns = new int[] {2}; p.echoTimestamp = 1002L;             // 8: detects PSN 1 lost
                p.streamRecords = new int[][] {{0, 1}}; }))
            .at(21, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; }))                          // 9
            .at(22, b.data(p -> { p.psn = 1; p.r = 1; p.streamId = 1; p.send = true;                 // 10: retransmission
                p.messageLength = 256; p.payloadBytes = 256; p.txTimestamp = 2001L; p.ackReq = 1; }))
            .at(23, b.data(p -> { p.psn = 3; p.msn = 2; p.messageLength = 512; p.payloadBytes = 512; p.ackReq = 1; })) // 11
            .at(43, b.ack(p -> { p.cack = 3; p.streamRecords = new int[][] {{0, 3}, {1, 2}}; }))     // 12
            .at(44, b.data(p -> { p.way = FrameFactory.Way.B_TO_A; p.psn = 1; p.msn = 1;            // 13: B's data
                p.messageLength = 512; p.payloadBytes = 512; p.udpSourcePort = 0xC200; }))
            .at(44.5, b.ack(p -> { p.way = FrameFactory.Way.A_TO_B; p.cack = 1;                      // 14: A answers
                p.streamRecords = new int[][] {{0, 2}}; p.udpSourcePort = 0xC300; }));
    }

    /**
     * A sender that breaks one rule per marked frame; the capture point is stated (A). Path 0 and
     * path 2 are on plane 0, path 1 on plane 1.
     */
    static CaptureFile faults(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-sender-faults.pcap")
            .at(0, b.data(p -> { }))                                                                // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                          // 2
            .at(2, b.data(p -> { p.psn = 3; p.msn = 2; }))                                          // 3: skips PSN 2 (PATH-001)
            .at(3, b.data(p -> { p.plane = 1; p.pathId = 1; p.msn = 3; }))                          // 4
            .at(4, b.data(p -> { p.plane = 1; p.psn = 4; p.msn = 4; }))                             // 5: path 0 on plane 1 (PATH-003)
            .at(5, b.data(p -> { p.psn = 5; p.msn = 5; }))                                          // 6
            .at(6, b.data(p -> { p.pathId = 2; p.msn = 6; p.udpSourcePort = 0xC000; }))             // 7: path 0's port (PATH-004)
            .at(7, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.msn = 8; }))               // 8: MSN 8 before 7 (STREAM-001)
            .at(8, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 2; p.msn = 7; }))               // 9
            .at(9, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 3; p.streamId = 1; p.send = true; })) // 10
            .at(10, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 4; p.streamId = 1; p.msn = 1;  // 11: RSN 5, not 1 (PLACE-003)
                p.send = true; p.rsn = 5; }))
            .at(11, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 5; p.streamId = 1; p.msn = 2;  // 12
                p.send = true; p.rsn = 2; p.ackReq = 1; }))
            .at(26, b.ack(p -> p.pathId = 2))                                                       // 13
            .at(27, b.ack(p -> { p.cack = 1; p.sackedPsns = new int[] {3, 5}; p.echoTimestamp = 1005L; })) // 14: PSN 4 lost
            .at(28, b.data(p -> { p.psn = 4; p.msn = 4; p.r = 1; p.txTimestamp = 2004L; }))         // 15: retransmitted first
            .at(29, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 5; }))                         // 16
            .at(30, b.data(p -> { p.psn = 6; p.msn = 9; }))                                         // 17
            .at(31, b.data(p -> { p.pathId = 2; p.psn = 1; p.msn = 10; }))                          // 18
            .at(32, b.data(p -> { p.pathId = 2; p.psn = 2; p.msn = 11; }))                          // 19
            .at(52, b.ack(p -> { p.pathId = 2; p.sackedPsns = new int[] {2}; p.echoTimestamp = 1002L; })) // 20: PSN 1 lost
            .at(65, b.data(p -> { p.pathId = 2; p.psn = 3; p.msn = 12; }))                          // 21: new data first (LOSS-001)
            .at(66, b.data(p -> { p.pathId = 2; p.psn = 1; p.msn = 10; p.r = 1; p.txTimestamp = 2001L; })) // 22
            .at(67, b.ack(p -> { p.cack = 6; }))                                                    // 23
            .at(68, b.data(p -> { p.pathId = 2; p.psn = 3; p.msn = 12; p.r = 1; p.txTimestamp = 2003L; // 24: other bytes (LOSS-002)
                p.tamper = BehaviourCaptures.payloadChanged(); }))
            .at(69, b.data(p -> { p.psn = 5; p.msn = 5; p.r = 1; p.txTimestamp = 2005L; }));       // 25: SACKed at frame 14 (LOSS-004)
    }

    /**
     * PATH-002: path 0 starts at PSN 0 with nothing acknowledged (learnt cack 2^24 - 1), so PSNs 0
     * to 255 may go out, and PSN 256 (frame 257) may not. After an ACK with cack 100 (frame 258) PSN
     * 257 is within the window, and PSN 100 + 2^23 (frame 260) out of it: a receiver's window classes a
     * PSN 2^23 past its cack as out of window. Empty messages, one per PSN; the ACK arrives a round trip later.
     */
    static CaptureFile sendWindow(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-send-window.pcap");
        for (int i = 0; i <= 256; i++) {
            final int psn = i;
            file.at(i * 0.1, b.data(p -> { p.psn = psn; p.msn = psn; p.messageLength = 0; p.payloadBytes = 0; })); // 1-257
        }
        return file
            .at(40, b.ack(p -> p.cack = 100))                                                       // 258
            .at(41, b.data(p -> { p.psn = 257; p.msn = 257; p.messageLength = 0; p.payloadBytes = 0; })) // 259
            .at(42, b.data(p -> { p.psn = 100 + (1 << 23); p.msn = 258; p.messageLength = 0;            // 260: 2^23 past
                p.payloadBytes = 0; }));
    }
}
