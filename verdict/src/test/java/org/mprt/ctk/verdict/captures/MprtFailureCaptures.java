package org.mprt.ctk.verdict.captures;

import static org.mprt.ctk.verdict.captures.BehaviourCaptures.connection;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Captures of path failure, spraying and fair sharing (mprt-v0.1.md sections 10 and 12). The failure
 * captures are taken at node A's ports (stated: 10.0.0.1) while A sends to B over path 0 (plane 0)
 * and path 1 (plane 1); B's answers arrive a 20 µs round trip later. Bounds as judged include the
 * default JUDGING_TOLERANCE of 10 µs: FAIL_RTO_COUNT x RTO_MIN 140 µs, 2 x PROBE_INTERVAL and
 * PROBE_TIMEOUT 210 µs, (FAIL_RTO_COUNT + 1) x RTO_MAX 8010 µs.
 */
final class MprtFailureCaptures {

    private MprtFailureCaptures() {
    }

    /**
     * A conforming sender: path 0 stops answering; A retransmits its oldest packet at the RTO expiries
     * (frames 6 and 7), re-sprays its data onto path 1 at the third (frame 8, 700 µs in), probes path
     * 0 every 100 µs (frames 10 and 12), and after two answered PROBEs sends new data on it at the
     * probed PSN (frame 14).
     */
    static CaptureFile clean(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-path-failure-clean.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1: never answered
            .at(1, b.data(p -> path1(p, 0, 1)))                                                      // 2
            .at(21, b.ack(p -> ack1(p, 0)))                                                          // 3
            .at(22, b.data(p -> { path1(p, 1, 2); p.ackReq = 1; }))                                  // 4
            .at(42, b.ack(p -> ack1(p, 1)))                                                          // 5
            .at(100, b.data(p -> { p.r = 1; p.txTimestamp = 2000L; }))                               // 6: first RTO expiry
            .at(300, b.data(p -> { p.r = 1; p.txTimestamp = 3000L; }))                               // 7: second
            .at(700, b.data(p -> { path1(p, 2, 0); p.r = 1; p.ackReq = 1; }))                        // 8: re-spray
            .at(720, b.ack(p -> ack1(p, 2)))                                                         // 9
            .at(800, b.probe(p -> { p.psn = 1; p.probeId = 1; }))                                    // 10
            .at(820, b.probeReply(p -> { p.psn = 1; p.probeId = 1; }))                               // 11
            .at(900, b.probe(p -> { p.psn = 1; p.probeId = 2; p.txTimestamp = 1101L; }))             // 12
            .at(920, b.probeReply(p -> { p.psn = 1; p.probeId = 2; p.txTimestamp = 1101L; }))        // 13
            .at(930, b.data(p -> { p.psn = 1; p.msn = 3; p.ackReq = 1; }))                           // 14: readmitted
            .at(950, b.ack(p -> { p.cack = 1; p.echoTimestamp = 1001L; }));                          // 15
    }

    /**
     * A conforming sender that sends data abandoned on path 0 again on path 0 itself once it is
     * readmitted: path 0 stops answering; its oldest message is re-sprayed onto path 1 (frame 7), the
     * other waits; path 0 is probed twice and readmitted, and the waiting message goes out on it at the
     * probed PSN with R = 1 (frame 13). That ends the PROBEs: none follows in the 470 µs the capture goes
     * on (frame 15, new data on path 1).
     */
    static CaptureFile resentAfterReadmission(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-path-failure-resent-after-readmission.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1: never answered
            .at(0.5, b.data(p -> { p.psn = 1; p.msn = 1; }))                                         // 2: never answered
            .at(1, b.data(p -> path1(p, 0, 2)))                                                      // 3
            .at(21, b.ack(p -> ack1(p, 0)))                                                          // 4
            .at(100, b.data(p -> { p.r = 1; p.txTimestamp = 2000L; }))                               // 5: first RTO expiry
            .at(300, b.data(p -> { p.r = 1; p.txTimestamp = 3000L; }))                               // 6: second
            .at(700, b.data(p -> { path1(p, 1, 0); p.r = 1; p.ackReq = 1; }))                        // 7: re-spray
            .at(720, b.ack(p -> ack1(p, 1)))                                                         // 8
            .at(800, b.probe(p -> { p.psn = 2; p.probeId = 1; }))                                    // 9
            .at(820, b.probeReply(p -> { p.psn = 2; p.probeId = 1; }))                               // 10
            .at(900, b.probe(p -> { p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; }))             // 11
            .at(920, b.probeReply(p -> { p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; }))        // 12
            .at(930, b.data(p -> { p.psn = 2; p.msn = 1; p.r = 1; p.ackReq = 1; }))                  // 13: readmitted
            .at(950, b.ack(p -> { p.cack = 2; p.echoTimestamp = 1002L; }))                           // 14
            .at(1400, b.data(p -> { path1(p, 2, 3); p.ackReq = 1; }));                               // 15
    }

    /**
     * Both paths fail at once, so the data they abandon waits for a path to be readmitted. Connection 1
     * conforms: path 0 and path 1 stop answering; A retransmits each path's oldest packet at the RTO
     * expiries (frames 4 to 7), probes both paths from 800 µs (frames 8 to 13), sends path 0's abandoned
     * MSN 0 on path 0 once it is readmitted, at the probed PSN (frame 15), then re-sprays path 0's MSN 1
     * onto path 1 (frame 17, 923 µs after path 0 went silent) and path 1's MSN 2 onto path 0 (frame 18),
     * and sends new data on path 0 once all is sent again (frames 21 and 23), none on path 1, which it
     * no longer probes: these late re-sprays show no new failure of the readmitted paths. Connection 2, on path 0 alone, declares it FAILED 60 µs after it
     * went silent (its PROBE, frame 27), readmits it, and only then re-sprays its MSN 1 onto path 1
     * (frame 32, FAIL-003). Connection 3, on path 0 alone, fails it in time and readmits it, re-sprays
     * MSN 1 onto path 1 (frame 45), then sends new data (frame 46) while MSN 2, abandoned on path 0,
     * still awaits its re-spray (FAIL-002).
     */
    static CaptureFile readmitted(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-path-failure-readmitted.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(1, b.data(p -> { p.psn = 1; p.msn = 1; }))                                           // 2
            .at(2, b.data(p -> path1(p, 0, 2)))                                                      // 3
            .at(100, b.data(p -> { p.r = 1; p.txTimestamp = 2000L; }))                               // 4: first RTO expiries
            .at(102, b.data(p -> { path1(p, 0, 2); p.r = 1; p.txTimestamp = 2002L; }))               // 5
            .at(300, b.data(p -> { p.r = 1; p.txTimestamp = 3000L; }))                               // 6: second
            .at(302, b.data(p -> { path1(p, 0, 2); p.r = 1; p.txTimestamp = 3002L; }))               // 7
            .at(800, b.probe(p -> { p.psn = 2; p.probeId = 1; }))                                    // 8: both FAILED
            .at(802, b.probe(p -> { path1(p, 1, 0); p.probeId = 3; }))                               // 9
            .at(820, b.probeReply(p -> { p.psn = 2; p.probeId = 1; }))                               // 10
            .at(822, b.probeReply(p -> { path1(p, 1, 0); p.probeId = 3; }))                          // 11
            .at(900, b.probe(p -> { p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; }))             // 12
            .at(902, b.probe(p -> { path1(p, 1, 0); p.probeId = 4; p.txTimestamp = 1101L; }))        // 13
            .at(920, b.probeReply(p -> { p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; }))        // 14: path 0 readmitted
            .at(921, b.data(p -> { p.psn = 2; p.msn = 0; p.r = 1; }))                                // 15: MSN 0 again on path 0
            .at(922, b.probeReply(p -> { path1(p, 1, 0); p.probeId = 4; p.txTimestamp = 1101L; }))   // 16: path 1 readmitted
            .at(923, b.data(p -> { path1(p, 1, 1); p.r = 1; p.ackReq = 1; }))                        // 17: late re-spray from path 0
            .at(924, b.data(p -> { p.psn = 3; p.msn = 2; p.r = 1; p.ackReq = 1; }))                  // 18: late re-spray from path 1
            .at(941, b.ack(p -> p.cack = 3))                                                         // 19
            .at(943, b.ack(p -> ack1(p, 1)))                                                         // 20
            .at(944, b.data(p -> { p.psn = 4; p.msn = 3; p.ackReq = 1; }))                           // 21: new data
            .at(964, b.ack(p -> p.cack = 4))                                                         // 22
            .at(1150, b.data(p -> { p.psn = 5; p.msn = 4; p.ackReq = 1; }))                          // 23: path 1 idle, unprobed
            .at(1170, b.ack(p -> p.cack = 5))                                                        // 24
            .at(1300, b.data(p -> connection(p, 2)))                                                 // 25
            .at(1301, b.data(p -> { connection(p, 2); p.psn = 1; p.msn = 1; }))                      // 26
            .at(1360, b.probe(p -> { connection(p, 2); p.psn = 2; p.probeId = 1; }))                 // 27: FAILED too early
            .at(1380, b.probeReply(p -> { connection(p, 2); p.psn = 2; p.probeId = 1; }))            // 28
            .at(1460, b.probe(p -> { connection(p, 2); p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; })) // 29
            .at(1480, b.probeReply(p -> { connection(p, 2); p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; })) // 30
            .at(1481, b.data(p -> { connection(p, 2); p.psn = 2; p.msn = 0; p.r = 1; p.ackReq = 1; })) // 31
            .at(1482, b.data(p -> { connection(p, 2); path1(p, 0, 1); p.r = 1; p.ackReq = 1; }))     // 32: re-spray
            .at(1501, b.ack(p -> { connection(p, 2); p.cack = 2; }))                                 // 33
            .at(1502, b.ack(p -> { connection(p, 2); ack1(p, 0); }))                                 // 34
            .at(1600, b.data(p -> connection(p, 3)))                                                 // 35
            .at(1601, b.data(p -> { connection(p, 3); p.psn = 1; p.msn = 1; }))                      // 36
            .at(1602, b.data(p -> { connection(p, 3); p.psn = 2; p.msn = 2; }))                      // 37
            .at(1700, b.data(p -> { connection(p, 3); p.r = 1; p.txTimestamp = 2000L; }))            // 38
            .at(1900, b.data(p -> { connection(p, 3); p.r = 1; p.txTimestamp = 3000L; }))            // 39
            .at(2400, b.probe(p -> { connection(p, 3); p.psn = 3; p.probeId = 1; }))                 // 40
            .at(2420, b.probeReply(p -> { connection(p, 3); p.psn = 3; p.probeId = 1; }))            // 41
            .at(2500, b.probe(p -> { connection(p, 3); p.psn = 3; p.probeId = 2; p.txTimestamp = 1103L; })) // 42
            .at(2520, b.probeReply(p -> { connection(p, 3); p.psn = 3; p.probeId = 2; p.txTimestamp = 1103L; })) // 43
            .at(2521, b.data(p -> { connection(p, 3); p.psn = 3; p.msn = 0; p.r = 1; p.ackReq = 1; })) // 44
            .at(2522, b.data(p -> { connection(p, 3); path1(p, 0, 1); p.r = 1; p.ackReq = 1; }))     // 45: re-spray
            .at(2540, b.data(p -> { connection(p, 3); p.psn = 4; p.msn = 3; }))                      // 46: new data first
            .at(2541, b.data(p -> { connection(p, 3); path1(p, 1, 2); p.r = 1; p.ackReq = 1; }))     // 47: re-spray of PSN 2
            .at(2560, b.ack(p -> { connection(p, 3); p.cack = 4; }))                                 // 48
            .at(2561, b.ack(p -> { connection(p, 3); ack1(p, 1); }));                                // 49
    }

    /** A data packet of path 1 (plane 1) with this PSN and MSN of stream 0. */
    private static void path1(final MprtPacket p, final int psn, final long msn) {
        p.plane = 1;
        p.pathId = 1;
        p.psn = psn;
        p.msn = msn;
    }

    private static void ack1(final MprtPacket p, final int cack) {
        p.plane = 1;
        p.pathId = 1;
        p.cack = cack;
    }

    /**
     * Four connections, each failing path 0 its own way. Connection 1 re-sprays 60 µs after path 0
     * went silent (frame 4, FAIL-003) and sends its first PROBE 340 µs after that re-spray (FAIL-005,
     * frame 4). Connection 2 probes with a PSN other than the path's next (frame 15, FAIL-005) and
     * sends new data after one answered PROBE (frame 17, FAIL-007). Connection 3 sends new data while
     * a packet abandoned on path 0 still awaits its re-spray (frame 25, FAIL-002), then readmits the path
     * properly. Connection 4 abandons path 0 by a PROBE but never re-sprays its data while path 1 goes on
     * making progress for 8100 µs (frame 34, FAIL-002).
     */
    static CaptureFile faults(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-path-failure-faults.pcap")
            .at(0, b.data(p -> { }))                                                                 // 1
            .at(1, b.data(p -> path1(p, 0, 1)))                                                      // 2
            .at(21, b.ack(p -> ack1(p, 0)))                                                          // 3
            .at(60, b.data(p -> { path1(p, 1, 0); p.r = 1; p.ackReq = 1; }))                         // 4: re-spray too early
            .at(80, b.ack(p -> ack1(p, 1)))                                                          // 5
            .at(400, b.probe(p -> p.psn = 1))                                                        // 6: first PROBE late
            .at(420, b.probeReply(p -> p.psn = 1))                                                   // 7
            .at(1000, b.data(p -> connection(p, 2)))                                                 // 8
            .at(1001, b.data(p -> { connection(p, 2); path1(p, 0, 1); }))                            // 9
            .at(1021, b.ack(p -> { connection(p, 2); ack1(p, 0); }))                                 // 10
            .at(1100, b.data(p -> { connection(p, 2); p.r = 1; p.txTimestamp = 2000L; }))            // 11
            .at(1300, b.data(p -> { connection(p, 2); p.r = 1; p.txTimestamp = 3000L; }))            // 12
            .at(1700, b.data(p -> { connection(p, 2); path1(p, 1, 0); p.r = 1; p.ackReq = 1; }))     // 13
            .at(1720, b.ack(p -> { connection(p, 2); ack1(p, 1); }))                                 // 14
            .at(1800, b.probe(p -> { connection(p, 2); p.psn = 5; p.probeId = 7; }))                 // 15: PSN 5, not 1
            .at(1820, b.probeReply(p -> { connection(p, 2); p.psn = 5; p.probeId = 7; }))            // 16
            .at(1850, b.data(p -> { connection(p, 2); p.psn = 1; p.msn = 2; }))                      // 17: one answered PROBE
            .at(2000, b.data(p -> connection(p, 3)))                                                 // 18
            .at(2001, b.data(p -> { connection(p, 3); p.psn = 1; p.msn = 1; }))                      // 19
            .at(2002, b.data(p -> { connection(p, 3); path1(p, 0, 2); }))                            // 20
            .at(2022, b.ack(p -> { connection(p, 3); ack1(p, 0); }))                                 // 21
            .at(2100, b.data(p -> { connection(p, 3); p.r = 1; p.txTimestamp = 2000L; }))            // 22
            .at(2300, b.data(p -> { connection(p, 3); p.r = 1; p.txTimestamp = 3000L; }))            // 23
            .at(2700, b.data(p -> { connection(p, 3); path1(p, 1, 0); p.r = 1; }))                   // 24: re-spray of PSN 0
            .at(2715, b.data(p -> { connection(p, 3); path1(p, 2, 3); }))                            // 25: new data first
            .at(2716, b.data(p -> { connection(p, 3); path1(p, 3, 1); p.r = 1; p.ackReq = 1; }))     // 26: re-spray of PSN 1
            .at(2736, b.ack(p -> { connection(p, 3); ack1(p, 3); }))                                 // 27
            .at(2800, b.probe(p -> { connection(p, 3); p.psn = 2; p.probeId = 1; }))                 // 28
            .at(2820, b.probeReply(p -> { connection(p, 3); p.psn = 2; p.probeId = 1; }))            // 29
            .at(2900, b.probe(p -> { connection(p, 3); p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; })) // 30
            .at(2920, b.probeReply(p -> { connection(p, 3); p.psn = 2; p.probeId = 2; p.txTimestamp = 1102L; })) // 31
            .at(2930, b.data(p -> { connection(p, 3); p.psn = 2; p.msn = 4; p.ackReq = 1; }))        // 32
            .at(2950, b.ack(p -> { connection(p, 3); p.cack = 2; p.echoTimestamp = 1002L; }))        // 33
            .at(3000, b.data(p -> connection(p, 4)))                                                 // 34: never re-sprayed
            .at(3001, b.data(p -> { connection(p, 4); path1(p, 0, 1); }))                            // 35
            .at(3021, b.ack(p -> { connection(p, 4); ack1(p, 0); }))                                 // 36
            .at(3100, b.data(p -> { connection(p, 4); p.r = 1; p.txTimestamp = 2000L; }))            // 37
            .at(3300, b.data(p -> { connection(p, 4); p.r = 1; p.txTimestamp = 3000L; }))            // 38
            .at(3700, b.probe(p -> { connection(p, 4); p.psn = 1; }));                               // 39
        for (int k = 1; k <= 9; k++) {
            final int psn = k;
            final double at = k < 9 ? 2800 + 1000 * k : 11080;
            file.at(at, b.data(p -> { connection(p, 4); path1(p, psn, 1 + psn); p.ackReq = 1; }))   // 40, 42, ..., 56
                .at(at + 20, b.ack(p -> { connection(p, 4); ack1(p, psn); }));                      // 41, 43, ..., 57
        }
        return file;
    }

    /**
     * MPRT-PATH-006, with the scenario's statement that path 1 is the slower one. The sender puts one
     * packet on each path, learns both paths' RTT from their ACKs (frames 3 and 4), then puts five more
     * on path 0 and one on path 1 (conforming) or the reverse (faulty); the packets it sent before it
     * could tell the paths apart are not counted.
     */
    static CaptureFile pathPreference(final BehaviourCaptures b, final boolean conforming) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-path-preference-"
            + (conforming ? "clean" : "faults") + ".pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }))                                           // 1
            .at(0.5, b.data(p -> path1(p, 0, 1)))                                                   // 2
            .at(2, b.ack(p -> p.cack = 0))                                                          // 3
            .at(2.5, b.ack(p -> ack1(p, 0)));                                                       // 4
        final int fast = conforming ? 6 : 2;
        final int slow = conforming ? 2 : 6;
        int msn = 2;
        for (int i = 1; i < Math.max(fast, slow); i++) {
            final int psn = i;
            if (i < fast) {
                final int m = msn++;
                file.at(2 + i, b.data(p -> { p.psn = psn; p.msn = m; }));
            }
            if (i < slow) {
                final int m = msn++;
                file.at(2.5 + i, b.data(p -> path1(p, psn, m)));
            }
        }
        return file.at(25, b.ack(p -> { p.cack = fast - 1; p.echoTimestamp = 1000L + fast - 1; }))
            .at(26, b.ack(p -> { ack1(p, slow - 1); p.echoTimestamp = 1000L + slow - 1; }));
    }

    /**
     * MPRT-PATH-006 where the sender could not tell the paths apart: path 0 and path 1 (the slower one)
     * each carry two new data packets, all sent before the first ACK: inconclusive, not failed.
     */
    static CaptureFile pathPreferenceUnlearnt(final BehaviourCaptures b) {
        return CaptureFile.ethernet("behaviour/mprt-path-preference-unlearnt.pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }))                                           // 1
            .at(0.5, b.data(p -> path1(p, 0, 1)))                                                   // 2
            .at(1, b.data(p -> { p.psn = 1; p.msn = 2; }))                                           // 3
            .at(1.5, b.data(p -> path1(p, 1, 3)))                                                   // 4
            .at(25, b.ack(p -> { p.cack = 1; p.echoTimestamp = 1001L; }))                            // 5
            .at(26, b.ack(p -> { ack1(p, 1); p.echoTimestamp = 1001L; }));                           // 6
    }

    /**
     * MPRT-PATH-006 where the faster path fails: path 1 is the slower one (slowerPaths), both paths'
     * RTTs are learnt (frames 3 and 4), then path 0 goes silent, its data is re-sprayed onto path 1
     * (frame 6), and the new data goes to path 1, the only one left ACTIVE (frames 7 to 11): the paths
     * differ in more than RTT, so the preference is not judged.
     */
    static CaptureFile pathPreferenceFailedPath(final BehaviourCaptures b) {
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-path-preference-failed-path.pcap")
            .at(0, b.data(p -> { p.psn = 0; p.msn = 0; }))                                           // 1
            .at(0.5, b.data(p -> path1(p, 0, 1)))                                                   // 2
            .at(2, b.ack(p -> p.cack = 0))                                                          // 3
            .at(2.5, b.ack(p -> ack1(p, 0)))                                                        // 4
            .at(3, b.data(p -> { p.psn = 1; p.msn = 2; }))                                           // 5: never answered
            .at(400, b.data(p -> { path1(p, 1, 2); p.r = 1; }));                                    // 6: re-spray
        for (int k = 0; k < 5; k++) {
            final int psn = 2 + k;
            final int msn = 3 + k;
            file.at(401 + k, b.data(p -> path1(p, psn, msn)));                                       // 7-11
        }
        return file.at(430, b.ack(p -> { ack1(p, 6); p.echoTimestamp = 1006L; }));                  // 12
    }

    /**
     * MPRT-RECV-004 with the port rate stated (8000 Mb/s), captured at B: connections 1 and 2 each send
     * a full-size packet (4176 bytes of IP length) every 8.4 µs to 10.0.0.2, about their share of
     * 100000 bytes per 200 µs interval, for 1 ms; B acknowledges each at once with a guidance of 4000
     * Mb/s. In the faulty capture connection 2 sends only 7 packets in the third interval.
     */
    static CaptureFile fairShare(final BehaviourCaptures b, final boolean conforming) {
        record Timed(double atMicros, byte[] frame) {
        }
        final List<Timed> frames = new ArrayList<>();
        for (int c = 1; c <= 2; c++) {
            final int conn = c;
            int psn = 0;
            for (int j = 0; j < 120; j++) {
                final double at = 8.4 * j + 4.2 * (c - 1);
                if (!conforming && c == 2 && at >= 460 && at < 600) {
                    continue;
                }
                final int n = psn++;
                frames.add(new Timed(at, b.data(p -> { connection(p, conn); p.psn = n; p.msn = n;
                    p.messageLength = 4096; p.payloadBytes = 4096; })));
                frames.add(new Timed(at + 1, b.ack(p -> { connection(p, conn); p.cack = n; p.guidanceRateMbps = 4000;
                    p.echoTimestamp = 1000L + n; p.streamRecords = new int[][] {{0, n + 1}}; })));
            }
        }
        frames.sort(Comparator.comparingDouble(Timed::atMicros));
        final CaptureFile file = CaptureFile.ethernet("behaviour/mprt-fair-share-" + (conforming ? "clean" : "faults")
            + ".pcap");
        for (final Timed t : frames) {
            file.at(t.atMicros(), t.frame());
        }
        return file;
    }
}
