package org.mprt.ctk.verdict.captures;

import static org.mprt.ctk.verdict.captures.BehaviourCaptures.connection;

import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * Captures taken at node A's ports (stated: 10.0.0.1) that prove the timing rules of a sender
 * (mprt-v0.1.md sections 4.5 to 12) passing and failing. B's answers arrive a 20 µs round trip after
 * the data they answer. The bounds as judged include the default JUDGING_TOLERANCE of 10 µs
 * (section 14): ACK_REQ_DELAY 12 µs, RTO_MIN 40 µs, RTO_MAX 2010 µs, RNR_DELAY 40 µs,
 * GUIDANCE_WINDOW counted over 10 µs.
 */
final class MprtSenderTimingCaptures {

    private static final int PMTU = 4096;

    private MprtSenderTimingCaptures() {
    }

    /**
     * MPRT-WIRE-002: path 0 changes its UDP source port once all its data is acknowledged (frame 5,
     * allowed), and again while PSN 2 is unacknowledged (frame 6, a violation).
     */
    static CaptureFile entropy(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-sender-entropy.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                           // 2: same port, PSN 0 open
            .at(2, b.data(p -> { p.plane = 1; p.pathId = 1; p.msn = 2; }))                           // 3
            .at(20, b.ack(p -> { p.cack = 1; p.echoTimestamp = 1001L; }))                            // 4: path 0 all acknowledged
            .at(21, b.data(p -> { p.psn = 2; p.msn = 3; p.udpSourcePort = 0xC010; }))                // 5: new port, allowed
            .at(22, b.data(p -> { p.psn = 3; p.msn = 4; p.udpSourcePort = 0xC011; }))                // 6: changed with PSN 2 open
            .at(23, b.ack(p -> { p.plane = 1; p.pathId = 1; }))                                      // 7
            .at(42, b.ack(p -> { p.cack = 3; p.echoTimestamp = 1003L; }));                           // 8
    }

    /**
     * MPRT-SACK-008: path 0 sends PSNs 0 to 255 (empty messages) before any ACK; PSN 255 closes the
     * window and carries AckReq (frame 256). An ACK with cack 9 (frame 257) opens the window to PSN
     * 265, which the faulty sender sends without AckReq (frame 267).
     */
    static CaptureFile ackRequest(final BehaviourCaptures b, final boolean conforming) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-sender-ack-request-" + suffix(conforming));
        for (int i = 0; i <= 255; i++) {
            final int psn = i;
            file.at(i * 0.1, b.data(p -> { p.psn = psn; p.msn = psn; p.messageLength = 0; p.payloadBytes = 0;   // 1-256
                p.ackReq = psn == 255 ? 1 : 0; }));
        }
        file.at(40, b.ack(p -> { p.cack = 9; p.echoTimestamp = 1009L; }));                           // 257
        for (int i = 256; i <= 265; i++) {
            final int psn = i;
            file.at(41 + (i - 256) * 0.1, b.data(p -> { p.psn = psn; p.msn = psn; p.messageLength = 0;        // 258-267
                p.payloadBytes = 0; p.ackReq = psn == 265 && conforming ? 1 : 0; }));
        }
        return file;
    }

    /**
     * MPRT-PLACE-005: two SENDs of stream 1 are answered by NAK NO_RECEIVE_BUFFER. The first is resent
     * 55 µs after its NAK, with R=1 (frame 5); the faulty sender resends the second only 4 µs after its
     * NAK (frame 8), before RNR_DELAY, the conforming one 54 µs after.
     */
    static CaptureFile receiveBufferNak(final BehaviourCaptures b, final boolean conforming) {
        final double resend = conforming ? 150 : 100;
        return CaptureFile.ethernet("behaviour/mprt-sender-rnr-" + suffix(conforming))
            .at(0, b.data(p -> send(p, 0, 0)))                                                       // 1
            .at(1, b.data(p -> { send(p, 1, 1); p.ackReq = 1; }))                                    // 2
            .at(20, b.nak(p -> { p.streamId = 1; }))                                                 // 3: NO_RECEIVE_BUFFER for PSN 0
            .at(21, b.ack(p -> { p.cack = 0xFFFFFF; p.sackedPsns = new int[] {1}; p.echoTimestamp = 1001L; })) // 4
            .at(75, b.data(p -> { send(p, 0, 0); p.r = 1; p.txTimestamp = 2000L; }))                // 5: resent after 55 µs
            .at(76, b.data(p -> { send(p, 2, 2); p.ackReq = 1; }))                                   // 6
            .at(96, b.nak(p -> { p.psn = 2; p.streamId = 1; p.msn = 2; }))                           // 7: NO_RECEIVE_BUFFER for PSN 2
            .at(resend, b.data(p -> { send(p, 2, 2); p.r = 1; p.txTimestamp = 2002L; p.ackReq = 1; })) // 8: 4 µs after its NAK (54 µs when conforming)
            .at(resend + 20, b.ack(p -> { p.cack = 2; p.echoTimestamp = 2002L; }));                  // 9
    }

    private static String suffix(final boolean conforming) {
        return conforming ? "clean.pcap" : "faults.pcap";
    }

    private static void send(final MprtPacket p, final int psn, final int msn) {
        p.psn = psn;
        p.streamId = 1;
        p.msn = msn;
        p.rsn = msn;
        p.send = true;
        p.messageLength = 256;
        p.payloadBytes = 256;
    }

    /**
     * MPRT-LOSS-005: PSN 1 is retransmitted after an ACK detects it lost (frame 5); PSN 3 is
     * retransmitted 1 µs after it was sent, neither detected lost nor the oldest unacknowledged
     * (frame 7); PSN 4 is retransmitted on a timeout, 66 µs after it was sent and after the path's last
     * ACK progress (frame 10). MPRT-LOSS-006 passes on each copy.
     */
    static CaptureFile retransmissions(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-sender-retransmit.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                           // 2: lost
            .at(2, b.data(p -> { p.psn = 2; p.msn = 2; p.ackReq = 1; }))                             // 3
            .at(21, b.ack(p -> { p.sackedPsns = new int[] {2}; p.echoTimestamp = 1002L; }))          // 4: detects PSN 1 lost
            .at(22, b.data(p -> { p.psn = 1; p.msn = 1; p.r = 1; p.txTimestamp = 2001L; }))          // 5
            .at(23, b.data(p -> { p.psn = 3; p.msn = 3; p.ackReq = 1; }))                            // 6
            .at(24, b.data(p -> { p.psn = 3; p.msn = 3; p.r = 1; p.txTimestamp = 2003L; }))          // 7: no cause
            .at(43, b.ack(p -> { p.cack = 3; p.echoTimestamp = 2003L; }))                            // 8
            .at(44, b.data(p -> { p.psn = 4; p.msn = 4; p.ackReq = 1; }))                            // 9: lost
            .at(110, b.data(p -> { p.psn = 4; p.msn = 4; p.r = 1; p.txTimestamp = 2004L; p.ackReq = 1; })) // 10: timeout
            .at(130, b.ack(p -> { p.cack = 4; p.echoTimestamp = 2004L; }));                          // 11
    }

    /**
     * MPRT-PATH-005: path 0's only packet goes unanswered; A retransmits it on a timeout (frame 2),
     * then sends new data on the path 2100 µs after it first left with no ACK progress (frame 3); after
     * an ACK, new data is due again (frame 5).
     */
    static CaptureFile silentPath(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-sender-silent-path.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(60, b.data(p -> { p.r = 1; p.txTimestamp = 2000L; }))                                // 2: timeout
            .at(2100, b.data(p -> { p.psn = 1; p.msn = 1; p.ackReq = 1; }))                          // 3: new data on a silent path
            .at(2120, b.ack(p -> { p.cack = 1; p.echoTimestamp = 1001L; }))                          // 4
            .at(2121, b.data(p -> { p.psn = 2; p.msn = 2; p.ackReq = 1; }))                          // 5
            .at(2141, b.ack(p -> { p.cack = 2; p.echoTimestamp = 1002L; }));                         // 6
    }

    /**
     * MPRT-LOSS-006: PSN 0 of path 0 is never acknowledged and never sent again, while path 1 goes on
     * making ACK progress: 2100 µs after it left, more than RTO_MAX, the oldest packet of a path that
     * is not FAILED is overdue (frame 1).
     */
    static CaptureFile stuckPacket(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-sender-stuck-packet.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1: never answered
            .at(1, b.data(p -> { p.plane = 1; p.pathId = 1; p.msn = 1; }))                           // 2
            .at(21, b.ack(p -> { p.plane = 1; p.pathId = 1; }))                                      // 3
            .at(22, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 1; p.msn = 2; p.ackReq = 1; })) // 4
            .at(42, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; }))                          // 5
            .at(2100, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 2; p.msn = 3; p.ackReq = 1; })) // 6
            .at(2120, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 2; }));                       // 7
    }

    /**
     * MPRT-CC-001: seventeen full-size packets (4096 bytes) leave on path 0 before its first ACK
     * progress; the seventeenth (frame 17) brings 69632 bytes in flight, over INIT_CWND (16 PMTU).
     */
    static CaptureFile initialWindow(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-sender-initial-window.pcap");
        for (int i = 0; i < 17; i++) {
            final int psn = i;
            file.at(i * 0.5, b.data(p -> full(p, psn, 0)));                                          // 1-17
        }
        return file.at(40, b.ack(p -> { p.cack = 16; p.echoTimestamp = 1016L; }));                  // 18
    }

    private static void full(final MprtPacket p, final int psn, final int pathId) {
        p.psn = psn;
        p.msn = psn + 14L * pathId;
        p.pathId = pathId;
        p.plane = pathId;
        p.messageLength = PMTU;
        p.payloadBytes = PMTU;
    }

    /**
     * MPRT-CC-002: an ACK echoing ECN (frame 10) finds 28672 bytes in flight on the path, with an RTT
     * sample of 20 µs. The faulty sender (path 0) keeps sending, and an RTT plus ACK_COALESCE_DELAY
     * later the path still has 24576 bytes in flight, over MD_FACTOR x 28672 + AI_STEP = 18432 (judged
     * at frame 18). The conforming one (path 1) stops and the flight drains (judged at frame 12).
     */
    static CaptureFile ecnEcho(final BehaviourCaptures b, final boolean conforming) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-sender-ecn-" + suffix(conforming));
        if (conforming) {
            return drained(b, file);
        }
        for (int i = 0; i < 8; i++) {
            final int psn = i;
            file.at(i, b.data(p -> full(p, psn, 0)));                                                // 1-8
        }
        file.at(20, b.ack(p -> p.echoTimestamp = 1000L))                                             // 9: RTT sample 20 µs
            .at(25, b.ack(p -> { p.cack = 1; p.ceCount = 1; p.echoTimestamp = 1001L; }));           // 10: E=1
        for (int i = 8; i < 14; i++) {
            final int psn = i;
            file.at(26 + (i - 8) * 0.5, b.data(p -> full(p, psn, 0)));                               // 11-16
        }
        return file.at(45, b.ack(p -> { p.cack = 7; p.echoTimestamp = 1007L; }))                     // 17
            .at(70, b.ack(p -> { p.cack = 13; p.echoTimestamp = 1013L; }));                          // 18
    }

    /** Path 1 of the conforming capture: after the marked ACK the sender stops and the flight drains. */
    private static CaptureFile drained(final BehaviourCaptures b, final CaptureFile file) {
        for (int i = 0; i < 8; i++) {
            final int psn = i;
            file.at(i, b.data(p -> full(p, psn, 1)));                                                // 1-8
        }
        return file.at(20, b.ack(p -> { p.plane = 1; p.pathId = 1; p.echoTimestamp = 1000L; }))      // 9
            .at(25, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 1; p.ceCount = 1; p.echoTimestamp = 1001L; })) // 10
            .at(40, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 7; p.echoTimestamp = 1007L; })) // 11
            .at(70, b.data(p -> full(p, 8, 1)));                                                     // 12
    }

    /**
     * MPRT-RECV-003: B's ACK (frame 2) sets the guidance to 1000 Mb/s: over GUIDANCE_WINDOW that allows
     * 2750 bytes plus one full-size packet (4176), 6926 bytes of IP length. Two packets 10 µs apart
     * keep within it (frames 3 and 4). Eight packets follow: 3 µs apart from the conforming sender
     * (at most 4 in a window counted over 10 µs, 4416 bytes); 1 µs apart from the faulty one, whose
     * windows starting at frames 5 and 6 hold 8832 and 7728 bytes.
     */
    static CaptureFile guidance(final BehaviourCaptures b, final boolean conforming) {
        final double gapMicros = conforming ? 3 : 1;
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-sender-guidance-" + suffix(conforming))
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(20, b.ack(p -> { p.guidanceRateMbps = 1000; p.echoTimestamp = 1000L; }))            // 2
            .at(50, b.data(p -> { p.psn = 1; p.msn = 1; }))                                          // 3
            .at(60, b.data(p -> { p.psn = 2; p.msn = 2; }));                                         // 4
        for (int i = 0; i < 8; i++) {
            final int psn = 3 + i;
            file.at(100 + i * gapMicros, b.data(p -> { p.psn = psn; p.msn = psn; p.ackReq = psn == 10 ? 1 : 0; })); // 5-12
        }
        return file.at(150, b.ack(p -> { p.cack = 10; p.guidanceRateMbps = 1000; p.echoTimestamp = 1010L; })); // 13
    }

    /**
     * MPRT-CONN-005: the faulty capture: B's fatal NAK RKEY_VIOLATION reaches A (frame 3); A's data 1 µs
     * later may have been under way (frame 4), its data 20 µs later is a violation (frame 5). The
     * conforming one: A sends nothing more on connection 2 after the NAK (frame 2), only on another
     * connection.
     */
    static CaptureFile fatalNak(final BehaviourCaptures b, final boolean conforming) {
        if (conforming) {
            return CaptureFile.ethernet("behaviour/mprt-sender-fatal-nak-clean.pcap")
                .at(50, b.data(p -> { connection(p, 2); p.rkey = 0x9999; }))                         // 1
                .at(70, b.nak(p -> { connection(p, 2); p.nakCode = MprtNakCode.RKEY_VIOLATION.code(); })) // 2
                .at(80, b.data(p -> { connection(p, 3); p.psn = 0; }))                               // 3: another connection
                .at(100, b.ack(p -> { connection(p, 3); p.streamRecords = new int[][] {{0, 1}}; })); // 4
        }
        return CaptureFile.ethernet("behaviour/mprt-sender-fatal-nak-faults.pcap")
            .at(0, b.data(p -> p.rkey = 0x9999))                                                     // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                           // 2
            .at(20, b.nak(p -> p.nakCode = MprtNakCode.RKEY_VIOLATION.code()))                       // 3
            .at(21, b.data(p -> { p.psn = 2; p.msn = 2; }))                                          // 4
            .at(40, b.data(p -> { p.psn = 3; p.msn = 3; }));                                         // 5: after ERROR
    }
}
