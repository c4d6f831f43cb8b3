package org.mprt.ctk.verdict.captures;

import static org.mprt.ctk.verdict.captures.BehaviourCaptures.connection;

import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * Captures taken at node B's ports (stated: 10.0.0.2) that prove the timing rules of a receiver
 * (mprt-v0.1.md sections 5.3, 6.2, 8.2, 10.7, 11.3, 12) passing and failing. The bounds as judged
 * include the default JUDGING_TOLERANCE of 10 µs: ACK_REQ_DELAY 12 µs, ACK_COALESCE_DELAY and
 * ACK_DELAY 18 µs. Every data packet carries one whole message unless a comment says otherwise.
 */
final class MprtReceiverTimingCaptures {

    private MprtReceiverTimingCaptures() {
    }

    /**
     * A conforming receiver: it answers an AckReq (frame 1), an arrival beyond a gap (frame 4) and a
     * duplicate (frame 7) at once, echoes the CE mark of frame 3, reports each completion of stream 0
     * and stream 1 within ACK_DELAY, and acknowledges eight arrivals in a row (frames 9 to 16) at once.
     * Its two ACKs of frames 23 and 24 leave at once on two planes; the one without stream 0's record
     * is captured 0.4 µs before the one with it (simultaneous answers, section 16.3).
     */
    static CaptureFile clean(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-receiver-timing-clean.pcap")
            .at(0, b.data(p -> p.ackReq = 1))                                                        // 1
            .at(0.5, b.ack(p -> p.streamRecords = new int[][] {{0, 1}}))                             // 2
            .at(1, b.data(p -> { p.psn = 1; p.streamId = 1; p.settings = e -> e.ecn(Ecn.CE); }))     // 3: CE
            .at(2, b.data(p -> { p.psn = 3; p.msn = 1; }))                                           // 4: PSN 2 missing
            .at(2.5, b.ack(p -> { p.cack = 1; p.sackedPsns = new int[] {3}; p.ceCount = 1; p.echoTimestamp = 1003L; // 5
                p.streamRecords = new int[][] {{0, 2}, {1, 1}}; }))
            .at(5, b.data(p -> { p.psn = 2; p.msn = 2; }))                                           // 6: fills the gap
            .at(6, b.data(p -> { p.psn = 3; p.msn = 1; p.r = 1; }))                                  // 7: duplicate
            .at(6.5, b.ack(p -> { p.cack = 3; p.echoTimestamp = 1003L; p.streamRecords = new int[][] {{0, 3}}; })); // 8
        for (int i = 0; i < 8; i++) {
            final int psn = 4 + i;
            file.at(10 + i, b.data(p -> { p.psn = psn; p.msn = psn - 1; }));                         // 9-16
        }
        return file.at(17.5, b.ack(p -> { p.cack = 11; p.echoTimestamp = 1011L;                     // 17
                p.streamRecords = new int[][] {{0, 11}}; }))
            .at(30, b.data(p -> { p.psn = 12; p.msn = 11; }))                                        // 18
            .at(31, b.ack(p -> { p.cack = 12; p.echoTimestamp = 1012L; }))                           // 19: record may wait
            .at(44, b.ack(p -> { p.cack = 12; p.echoTimestamp = 1012L; p.streamRecords = new int[][] {{0, 12}}; })) // 20
            .at(60, b.data(p -> { p.psn = 13; p.msn = 12; }))                                        // 21
            .at(61, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 0; p.msn = 13; }))              // 22
            // Sent at once on both planes: the shorter ACK, without the record, is captured first.
            .at(75, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 0; p.echoTimestamp = 1000L; })) // 23
            .at(75.4, b.ack(p -> { p.cack = 13; p.echoTimestamp = 1013L;                             // 24
                p.streamRecords = new int[][] {{0, 14}}; }));
    }

    /**
     * A receiver that breaks one rule per marked frame: the ACK of the AckReq of frame 1 comes 15 µs
     * later (SACK-006); PSN 1, half a message, waits 20 µs for its report (frame 3, SACK-007); the
     * message of stream 1 completed by frame 6 is reported 20 µs later (STREAM-005); the ACK of frame 11
     * leaves out stream 0, complete 13 µs before (STREAM-006); the eighth arrival in a row (frame 20)
     * waits 13.5 µs for its ACK (SACK-007); an ACK echoes a CE mark that never arrived (frame 23,
     * CC-005), another leaves one 15 µs old unechoed (frame 27, CC-005); the ACK of frame 30 leaves out
     * stream 0 too, and the ACK on the other plane that carries it comes 1.5 µs later, more than
     * SIMULTANEITY (STREAM-006).
     */
    static CaptureFile faults(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-receiver-timing-faults.pcap")
            .at(0, b.data(p -> p.ackReq = 1))                                                        // 1: answered late
            .at(15, b.ack(p -> p.streamRecords = new int[][] {{0, 1}}))                              // 2
            .at(30, b.data(p -> { p.psn = 1; p.msn = 1; p.messageLength = 2048; }))                  // 3: reported late
            .at(49, b.data(p -> { p.psn = 2; p.msn = 1; p.messageLength = 2048; p.messageOffset = 1024; })) // 4
            .at(50, b.ack(p -> { p.cack = 2; p.echoTimestamp = 1002L; p.streamRecords = new int[][] {{0, 2}}; })) // 5
            .at(60, b.data(p -> { p.psn = 3; p.streamId = 1; }))                                     // 6: completes stream 1 MSN 0
            .at(61, b.ack(p -> { p.cack = 3; p.echoTimestamp = 1003L; }))                            // 7
            .at(80, b.ack(p -> { p.cack = 3; p.echoTimestamp = 1003L; p.streamRecords = new int[][] {{1, 1}}; })) // 8
            .at(100, b.data(p -> { p.psn = 4; p.msn = 2; }))                                         // 9
            .at(101, b.ack(p -> { p.cack = 4; p.echoTimestamp = 1004L; }))                           // 10
            .at(113, b.ack(p -> { p.cack = 4; p.echoTimestamp = 1004L; }))                           // 11: no record for stream 0
            .at(115, b.ack(p -> { p.cack = 4; p.echoTimestamp = 1004L; p.streamRecords = new int[][] {{0, 3}}; })); // 12
        for (int i = 0; i < 8; i++) {
            final int psn = 5 + i;
            file.at(200 + i * 0.5, b.data(p -> { p.psn = psn; p.msn = 3; p.messageLength = 8192;    // 13-20
                p.messageOffset = 1024L * (psn - 5); }));
        }
        return file.at(217, b.ack(p -> { p.cack = 12; p.echoTimestamp = 1012L;                      // 21
                p.streamRecords = new int[][] {{0, 4}}; }))
            .at(299, b.data(p -> { p.psn = 13; p.msn = 4; }))                                        // 22
            .at(300, b.ack(p -> { p.cack = 13; p.ceCount = 1; p.echoTimestamp = 1013L;               // 23: no CE arrived
                p.streamRecords = new int[][] {{0, 5}}; }))
            .at(320, b.data(p -> { p.psn = 14; p.msn = 5; p.settings = e -> e.ecn(Ecn.CE); }))      // 24: CE
            .at(321, b.ack(p -> { p.cack = 14; p.echoTimestamp = 1014L; p.streamRecords = new int[][] {{0, 6}}; })) // 25
            .at(330, b.data(p -> { p.psn = 15; p.msn = 6; }))                                        // 26
            .at(335, b.ack(p -> { p.cack = 15; p.echoTimestamp = 1015L;                              // 27: CE of frame 24 unechoed
                p.streamRecords = new int[][] {{0, 7}}; }))
            .at(400, b.data(p -> { p.psn = 16; p.msn = 7; }))                                        // 28
            .at(401, b.data(p -> { p.plane = 1; p.pathId = 1; p.psn = 0; p.msn = 8; }))              // 29
            .at(415, b.ack(p -> { p.plane = 1; p.pathId = 1; p.cack = 0; p.echoTimestamp = 1000L; })) // 30: no record for stream 0
            .at(416.5, b.ack(p -> { p.cack = 16; p.echoTimestamp = 1016L;                            // 31: 1.5 us later, not at once
                p.streamRecords = new int[][] {{0, 9}}; }));
    }

    /**
     * MPRT-CONN-004: the faulty receiver sends a fatal NAK RKEY_VIOLATION (frame 2) and then acknowledges
     * data (frame 4). The conforming one answers the data that follows its fatal NAK with the NAK again
     * (frame 4), as MPRT-CONN-007 recommends.
     */
    static CaptureFile fatalNak(final BehaviourCaptures b, final boolean conforming) {
        if (!conforming) {
            return CaptureFile.ethernet("behaviour/mprt-receiver-fatal-nak-faults.pcap")
                .at(0, b.data(p -> p.rkey = 0x9999))                                                 // 1
                .at(0.5, b.nak(p -> p.nakCode = MprtNakCode.RKEY_VIOLATION.code()))                  // 2
                .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                       // 3
                .at(1.5, b.ack(p -> { p.cack = 0xFFFFFF; p.echoTimestamp = 1001L; }));               // 4: ACK after ERROR
        }
        return CaptureFile.ethernet("behaviour/mprt-receiver-fatal-nak-clean.pcap")
            .at(50, b.data(p -> { connection(p, 2); p.rkey = 0x9999; }))                             // 1
            .at(50.5, b.nak(p -> { connection(p, 2); p.nakCode = MprtNakCode.RKEY_VIOLATION.code(); })) // 2
            .at(51, b.data(p -> { connection(p, 2); p.psn = 1; p.msn = 1; }))                        // 3
            .at(51.5, b.nak(p -> { connection(p, 2); p.psn = 1; p.msn = 1;                          // 4: repeated
                p.nakCode = MprtNakCode.RKEY_VIOLATION.code(); }));
    }

    /**
     * MPRT-FAIL-008: PSN 1, the second half of stream 0's message 0, never arrives and is never sent
     * again; B reports nothing of stream 0 beyond CMSN 0 while stream 1 goes on completing messages for
     * 12 ms. Stream 0's messages 0 (frame 1) and 1 (frame 2) are never reported complete.
     */
    static CaptureFile lostMessage(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-receiver-lost-message.pcap")
            .at(0, b.data(p -> p.messageLength = 2048))                                              // 1: PSN 1 never arrives
            .at(2, b.data(p -> { p.psn = 2; p.msn = 1; }))                                           // 2
            .at(2.5, b.ack(p -> { p.sackedPsns = new int[] {2}; p.echoTimestamp = 1002L; }));        // 3
        for (int i = 0; i < 12; i++) {
            final int psn = 3 + i;
            final int msn = i;
            file.at(1000 * (i + 1), b.data(p -> { p.psn = psn; p.streamId = 1; p.msn = msn; }))      // 4, 6, ..., 26
                .at(1000 * (i + 1) + 0.5, b.ack(p -> { p.cack = 0; p.echoTimestamp = 1000L + psn;   // 5, 7, ..., 27
                    p.sackedPsns = sackedFrom2To(psn); p.streamRecords = new int[][] {{1, msn + 1}}; }));
        }
        return file;
    }

    private static int[] sackedFrom2To(final int last) {
        final int[] out = new int[last - 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = 2 + i;
        }
        return out;
    }

    /**
     * MPRT-RECV-001 with the port rate stated (100 Gb/s): connections 1 and 2 both send to 10.0.0.2;
     * B's ACKs on connection 1 carry their share, 50000 Mb/s (frame 3), then 80000 (frame 6); on
     * connection 2, no limit (frame 4).
     */
    static CaptureFile incast(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-receiver-incast.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(0.5, b.data(p -> { connection(p, 2); p.txTimestamp = 5000L; }))                      // 2
            .at(1, b.ack(p -> { p.guidanceRateMbps = 50_000; p.streamRecords = new int[][] {{0, 1}}; })) // 3
            .at(1.5, b.ack(p -> { connection(p, 2); p.echoTimestamp = 5000L;                        // 4: no limit
                p.streamRecords = new int[][] {{0, 1}}; }))
            .at(2, b.data(p -> { p.psn = 1; p.msn = 1; }))                                           // 5
            .at(2.5, b.ack(p -> { p.cack = 1; p.echoTimestamp = 1001L; p.guidanceRateMbps = 80_000; // 6: over R / 2
                p.streamRecords = new int[][] {{0, 2}}; }));
    }
}
