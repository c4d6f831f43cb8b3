package org.mprt.ctk.verdict.captures;

import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * RoCEv2 RC captures: A's requests to one QP of B, B's acknowledgements to A's QP. At A's port the
 * answers arrive a 20 µs round trip after the requests; at B's port they leave at once. Syndromes:
 * 0x1F is an ACK without credits, 0x60 the PSN sequence error NAK.
 */
final class RoceCaptures {

    private static final int ACK = 0x1F;
    private static final int SEQUENCE_ERROR = 0x60;

    private RoceCaptures() {
    }

    /**
     * A conforming requester, captured at A (stated): PSN 101 is lost, the responder NAKs with PSN
     * 101, and A sends again 101 to 104 in order before the new PSN 105.
     */
    static CaptureFile requesterClean(final BehaviourCaptures b) {
        final int qp = 0x51;
        final int answerQp = 0x61;
        return CaptureFile.ethernet("behaviour/rocev2-requester-clean.pcap")
            .at(0, b.request(qp, OpcodeTable.RC_SEND_ONLY, 100, 8, 0))                              // 1
            .at(1, b.request(qp, OpcodeTable.RC_SEND_ONLY, 101, 8, 0))                              // 2: lost
            .at(2, b.request(qp, OpcodeTable.RC_SEND_ONLY, 102, 8, 1))                              // 3
            .at(3, b.request(qp, OpcodeTable.RC_SEND_ONLY, 103, 8, 0))                              // 4
            .at(4, b.request(qp, OpcodeTable.RC_SEND_ONLY, 104, 8, 1))                              // 5
            .at(20, b.acknowledge(answerQp, 101, SEQUENCE_ERROR, 1))                                // 6
            .at(21, b.request(qp, OpcodeTable.RC_SEND_ONLY, 101, 8, 0))                             // 7
            .at(22, b.request(qp, OpcodeTable.RC_SEND_ONLY, 102, 8, 1))                             // 8
            .at(23, b.request(qp, OpcodeTable.RC_SEND_ONLY, 103, 8, 0))                             // 9
            .at(24, b.request(qp, OpcodeTable.RC_SEND_ONLY, 104, 8, 1))                             // 10
            .at(25, b.request(qp, OpcodeTable.RC_SEND_ONLY, 105, 8, 1))                             // 11
            .at(44, b.acknowledge(answerQp, 104, ACK, 5))                                           // 12
            .at(45, b.acknowledge(answerQp, 105, ACK, 6));                                          // 13
    }

    /** A requester that breaks one rule per marked frame, captured at A (stated). */
    static CaptureFile requesterFaults(final BehaviourCaptures b) {
        final int qp = 0x52;
        final int answerQp = 0x62;
        return CaptureFile.ethernet("behaviour/rocev2-requester-faults.pcap")
            .at(0, b.request(qp, OpcodeTable.RC_SEND_ONLY, 10, 8, 0))                               // 1
            .at(1, b.request(qp, OpcodeTable.RC_SEND_ONLY, 11, 8, 0))                               // 2
            .at(2, b.request(qp, OpcodeTable.RC_SEND_ONLY, 13, 8, 0))                               // 3: skips 12 (PSN-001)
            .at(3, b.request(qp, OpcodeTable.RC_SEND_ONLY, 14, 8, 1))                               // 4
            .at(20, b.acknowledge(answerQp, 12, SEQUENCE_ERROR, 2))                                 // 5
            .at(21, b.request(qp, OpcodeTable.RC_SEND_ONLY, 12, 8, 0))                              // 6
            .at(22, b.request(qp, OpcodeTable.RC_SEND_ONLY, 13, 8, 0))                              // 7
            .at(23, b.request(qp, OpcodeTable.RC_SEND_ONLY, 14, 8, 1))                              // 8
            .at(42, b.acknowledge(answerQp, 14, ACK, 5))                                            // 9
            .at(60, b.request(qp, OpcodeTable.RC_SEND_ONLY, 13, 8, 0))                              // 10: acknowledged (ACK-003)
            .at(61, b.request(qp, OpcodeTable.RC_SEND_ONLY, 15, 8, 0))                              // 11
            .at(62, b.request(qp, OpcodeTable.RC_SEND_ONLY, 16, 8, 0))                              // 12: lost
            .at(63, b.request(qp, OpcodeTable.RC_SEND_ONLY, 17, 8, 1))                              // 13
            .at(80, b.acknowledge(answerQp, 16, SEQUENCE_ERROR, 6))                                 // 14
            .at(95, b.request(qp, OpcodeTable.RC_SEND_ONLY, 17, 8, 1))                              // 15: not 16 (GBN-001)
            .at(96, b.request(qp, OpcodeTable.RC_SEND_ONLY, 18, 8, 1));                             // 16
    }

    /**
     * A conforming responder, captured at B (inferred from its prompt answers): a two-packet SEND,
     * then PSN 203 goes missing; one NAK, the resend from 203, and an ACK counting five messages.
     */
    static CaptureFile responderClean(final BehaviourCaptures b) {
        final int qp = 0x53;
        final int answerQp = 0x63;
        return CaptureFile.ethernet("behaviour/rocev2-responder-clean.pcap")
            .at(0, b.request(qp, OpcodeTable.RC_SEND_FIRST, 200, 1024, 0))                          // 1
            .at(1, b.request(qp, OpcodeTable.RC_SEND_LAST, 201, 100, 1))                            // 2
            .at(1.5, b.acknowledge(answerQp, 201, ACK, 1))                                          // 3
            .at(2, b.request(qp, OpcodeTable.RC_SEND_ONLY, 202, 8, 0))                              // 4
            .at(3, b.request(qp, OpcodeTable.RC_SEND_ONLY, 204, 8, 1))                              // 5: 203 lost on the way
            .at(3.5, b.acknowledge(answerQp, 203, SEQUENCE_ERROR, 2))                               // 6
            .at(4, b.request(qp, OpcodeTable.RC_SEND_ONLY, 205, 8, 0))                              // 7: dropped, no second NAK
            .at(25, b.request(qp, OpcodeTable.RC_SEND_ONLY, 203, 8, 0))                             // 8
            .at(26, b.request(qp, OpcodeTable.RC_SEND_ONLY, 204, 8, 0))                             // 9
            .at(27, b.request(qp, OpcodeTable.RC_SEND_ONLY, 205, 8, 1))                             // 10
            .at(27.5, b.acknowledge(answerQp, 205, ACK, 5));                                        // 11
    }

    /** A responder that breaks one rule per marked frame, captured at B (stated). */
    static CaptureFile responderFaults(final BehaviourCaptures b) {
        final int qp = 0x54;
        final int answerQp = 0x64;
        return CaptureFile.ethernet("behaviour/rocev2-responder-faults.pcap")
            .at(0, b.request(qp, OpcodeTable.RC_SEND_ONLY, 300, 8, 1))                              // 1
            .at(0.5, b.acknowledge(answerQp, 300, ACK, 1))                                          // 2
            .at(1, b.request(qp, OpcodeTable.RC_SEND_ONLY, 301, 8, 0))                              // 3
            .at(2, b.request(qp, OpcodeTable.RC_SEND_ONLY, 303, 8, 1))                              // 4: 302 lost on the way
            .at(2.5, b.acknowledge(answerQp, 303, ACK, 3))                                          // 5: past the gap (PSN-002)
            .at(3, b.acknowledge(answerQp, 302, SEQUENCE_ERROR, 2))                                 // 6
            .at(4, b.request(qp, OpcodeTable.RC_SEND_ONLY, 304, 8, 0))                              // 7
            .at(4.5, b.acknowledge(answerQp, 302, SEQUENCE_ERROR, 2))                               // 8: second NAK (NAK-002)
            .at(20, b.request(qp, OpcodeTable.RC_SEND_ONLY, 302, 8, 0))                             // 9
            .at(21, b.request(qp, OpcodeTable.RC_SEND_ONLY, 303, 8, 0))                             // 10
            .at(22, b.request(qp, OpcodeTable.RC_SEND_ONLY, 304, 8, 1))                             // 11
            .at(22.5, b.acknowledge(answerQp, 304, ACK, 7))                                         // 12: MSN 7, not 4 (ACK-002)
            .at(23, b.acknowledge(answerQp, 304, 0x40, 5));                                         // 13: reserved syndrome (ACK-001)
    }
}
