package org.mprt.ctk.verdict.captures;

import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * RoCEv2 requester captures at A (stated) for the go-back-N timers of rocev2-baseline.md section 9 and
 * the ECN codepoint of ROCE-WIRE-007. The Local ACK Timeout is the kit default, code 8: T = 1048.576 µs;
 * RETRY_CNT 7. Syndromes: 0x1F ACK, 0x2C RNR NAK with timer code 12 (0.64 ms in Table 45), 0x60 PSN
 * sequence error NAK.
 */
final class RoceTimerCaptures {

    private static final int ACK = 0x1F;
    private static final int RNR_NAK_640_US = 0x20 | 12;
    private static final int PSN_SEQUENCE_ERROR = 0x60;

    private RoceTimerCaptures() {
    }

    /**
     * A conforming requester: PSN 100 goes unanswered and is resent 1100 µs later (frame 2); PSN 101 is
     * answered by an RNR NAK and resent 680 µs after it (frame 6). A PSN sequence error NAK for PSN 102
     * (frame 9) arrives while a copy of PSN 102 is on its way out (frame 10, captured 0.3 µs after the
     * NAK): the requester answers the NAK with PSN 102 again (frame 11), no timeout.
     */
    static CaptureFile clean(final BehaviourCaptures b) {
        final int qp = 0x55;
        final int answerQp = 0x65;
        return CaptureFile.ethernet("behaviour/rocev2-requester-timers-clean.pcap")
            .at(0, b.request(qp, OpcodeTable.RC_SEND_ONLY, 100, 8, 1))                              // 1: lost
            .at(1100, b.request(qp, OpcodeTable.RC_SEND_ONLY, 100, 8, 1))                           // 2: timeout
            .at(1120, b.acknowledge(answerQp, 100, ACK, 1))                                         // 3
            .at(1200, b.request(qp, OpcodeTable.RC_SEND_ONLY, 101, 8, 1))                           // 4
            .at(1220, b.acknowledge(answerQp, 101, RNR_NAK_640_US, 1))                              // 5
            .at(1900, b.request(qp, OpcodeTable.RC_SEND_ONLY, 101, 8, 1))                           // 6: after the RNR timer
            .at(1920, b.acknowledge(answerQp, 101, ACK, 2))                                         // 7
            .at(2000, b.request(qp, OpcodeTable.RC_SEND_ONLY, 102, 8, 1))                           // 8
            .at(2020, b.acknowledge(answerQp, 102, PSN_SEQUENCE_ERROR, 2))                          // 9
            .at(2020.3, b.request(qp, OpcodeTable.RC_SEND_ONLY, 102, 8, 1))                         // 10: on its way
            .at(2020.6, b.request(qp, OpcodeTable.RC_SEND_ONLY, 102, 8, 1))                         // 11: the NAK's resend
            .at(2040, b.acknowledge(answerQp, 102, ACK, 3));                                        // 12
    }

    /**
     * A requester that breaks one rule per marked frame: it times out after 500 µs, under T (frame 2);
     * sends a request with ECN CE (frame 4); resends an RNR-NAKed request 30 µs after the NAK, under
     * the 640 µs of its timer (frame 6); resends PSN 12 an eighth time without progress, over
     * RETRY_CNT (frame 16); and, after answering a NAK for PSN 13 (frames 19 and 20), times out 500 µs
     * later (frame 21): the NAK explains one resend, not a timeout long after it.
     */
    static CaptureFile faults(final BehaviourCaptures b) {
        final int qp = 0x56;
        final int answerQp = 0x66;
        final CaptureFile file = CaptureFile.ethernet("behaviour/rocev2-requester-timers-faults.pcap")
            .at(0, b.request(qp, OpcodeTable.RC_SEND_ONLY, 10, 8, 1))                               // 1
            .at(500, b.request(qp, OpcodeTable.RC_SEND_ONLY, 10, 8, 1))                             // 2: early
            .at(520, b.acknowledge(answerQp, 10, ACK, 1))                                           // 3
            .at(600, b.request(qp, OpcodeTable.RC_SEND_ONLY, 11, 8, 1, Ecn.CE))                     // 4: CE
            .at(620, b.acknowledge(answerQp, 11, RNR_NAK_640_US, 1))                                // 5
            .at(650, b.request(qp, OpcodeTable.RC_SEND_ONLY, 11, 8, 1))                             // 6: under the RNR timer
            .at(670, b.acknowledge(answerQp, 11, ACK, 2))                                           // 7
            .at(1000, b.request(qp, OpcodeTable.RC_SEND_ONLY, 12, 8, 1));                           // 8
        for (int k = 1; k <= 8; k++) {
            file.at(1000 + 1100 * k, b.request(qp, OpcodeTable.RC_SEND_ONLY, 12, 8, 1));            // 9-16
        }
        return file.at(9820, b.acknowledge(answerQp, 12, ACK, 3))                                   // 17
            .at(10000, b.request(qp, OpcodeTable.RC_SEND_ONLY, 13, 8, 1))                          // 18
            .at(10020, b.acknowledge(answerQp, 13, PSN_SEQUENCE_ERROR, 3))                          // 19
            .at(10020.3, b.request(qp, OpcodeTable.RC_SEND_ONLY, 13, 8, 1))                        // 20: the NAK's resend
            .at(10520, b.request(qp, OpcodeTable.RC_SEND_ONLY, 13, 8, 1))                          // 21: early, the NAK long past
            .at(10540, b.acknowledge(answerQp, 13, ACK, 4));                                        // 22
    }
}
