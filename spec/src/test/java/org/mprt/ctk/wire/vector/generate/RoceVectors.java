package org.mprt.ctk.wire.vector.generate;

import static org.mprt.ctk.wire.opcode.OpcodeTable.CNP;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_ACKNOWLEDGE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_ATOMIC_ACKNOWLEDGE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_COMPARE_SWAP;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_FETCH_ADD;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_READ_REQUEST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_READ_RESPONSE_FIRST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_READ_RESPONSE_LAST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_READ_RESPONSE_MIDDLE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_READ_RESPONSE_ONLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_FIRST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_LAST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_LAST_WITH_IMMEDIATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_MIDDLE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_ONLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_FIRST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_LAST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_LAST_WITH_IMMEDIATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_LAST_WITH_INVALIDATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_MIDDLE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_ONLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_ONLY_WITH_IMMEDIATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.RC_SEND_ONLY_WITH_INVALIDATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.UC_RDMA_WRITE_FIRST;
import static org.mprt.ctk.wire.opcode.OpcodeTable.UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.UC_SEND_LAST_WITH_IMMEDIATE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.UC_SEND_ONLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.UD_SEND_ONLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.UD_SEND_ONLY_WITH_IMMEDIATE;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

/** Drafts of {@code vectors/rocev2/}: one per RoCEv2 opcode shape and extension header, and the RoCEv2 decode errors. */
final class RoceVectors {

    static final String FOLDER = "rocev2";
    private static final int QP = 0x45;
    private static final long VA = 0x7f00_0000_1000L;
    private static final long R_KEY = 0x1a2b;

    private RoceVectors() {
    }

    static List<VectorDraft> all() {
        final List<VectorDraft> out = new ArrayList<>();
        sends(out);
        writesAndReads(out);
        acknowledgements(out);
        otherServices(out);
        malformed(out);
        return out;
    }

    static VectorDraft v(final Opcode opcode, final String id, final String description, final int payload, final int psn) {
        return new VectorDraft(FOLDER, id, description)
            .encoder(e -> e.opcode(opcode).payloadLength(payload).udpSourcePort(0xC000 | psn & 0xFF))
            .set(BthFlyweight.DEST_QP, QP).set(BthFlyweight.PSN, psn)
            .derived("packet.opcode", opcode.fullName().replace(' ', '_'))
            .derived("packet.headers", headers(opcode))
            .derived("packet.payload_length", payload)
            .derived("packet.pad_count", (4 - (payload & 3)) & 3)
            .derived("packet.profile", "ROCEV2");
    }

    static String headers(final Opcode opcode) {
        if (opcode.headers().isEmpty()) {
            return "none";
        }
        final StringBuilder out = new StringBuilder();
        opcode.headers().forEach(h -> out.append(out.length() == 0 ? "" : ",").append(h.id()));
        return out.toString();
    }

    private static void sends(final List<VectorDraft> out) {
        out.add(v(RC_SEND_FIRST, "rc-send-first", "RC SEND_FIRST with 1024 payload bytes", 1024, 0)
            .set(BthFlyweight.ACK_REQ, 0).set(BthFlyweight.P_KEY, 0xFFFF));
        out.add(v(RC_SEND_MIDDLE, "rc-send-middle", "RC SEND_MIDDLE with 1024 payload bytes", 1024, 1));
        out.add(v(RC_SEND_LAST, "rc-send-last", "RC SEND_LAST with 100 payload bytes, AckReq set", 100, 2)
            .set(BthFlyweight.ACK_REQ, 1));
        out.add(v(RC_SEND_LAST_WITH_IMMEDIATE, "rc-send-last-with-immediate",
            "RC SEND_LAST_WITH_IMMEDIATE: ImmDt, 1021 payload bytes and 3 pad bytes, solicited", 1021, 3)
            .set(BthFlyweight.ACK_REQ, 1).set(BthFlyweight.SE, 1).set(ImmDtFlyweight.IMMEDIATE_DATA, 0x00000001));
        out.add(v(RC_SEND_ONLY, "rc-send-only", "RC SEND_ONLY with 256 payload bytes", 256, 4));
        out.add(v(RC_SEND_ONLY_WITH_IMMEDIATE, "rc-send-only-with-immediate",
            "RC SEND_ONLY_WITH_IMMEDIATE without payload", 0, 5)
            .set(ImmDtFlyweight.IMMEDIATE_DATA, 0xcafe_f00dL));
        out.add(v(RC_SEND_LAST_WITH_INVALIDATE, "rc-send-last-with-invalidate",
            "RC SEND_LAST_WITH_INVALIDATE: IETH and 64 payload bytes", 64, 6)
            .set(IethFlyweight.R_KEY, 0x0000_1234));
        out.add(v(RC_SEND_ONLY_WITH_INVALIDATE, "rc-send-only-with-invalidate",
            "RC SEND_ONLY_WITH_INVALIDATE: IETH and 30 payload bytes", 30, 7)
            .set(IethFlyweight.R_KEY, 0xffff_0001L));
    }

    private static void writesAndReads(final List<VectorDraft> out) {
        out.add(v(RC_RDMA_WRITE_FIRST, "rc-rdma-write-first", "RC RDMA_WRITE_FIRST: RETH for a 4096-byte write, 1024 payload bytes", 1024, 10)
            .requirement("ROCE-RETH-001")
            .set(RethFlyweight.VIRTUAL_ADDRESS, VA).set(RethFlyweight.R_KEY, R_KEY).set(RethFlyweight.DMA_LENGTH, 4096));
        out.add(v(RC_RDMA_WRITE_MIDDLE, "rc-rdma-write-middle", "RC RDMA_WRITE_MIDDLE with 1024 payload bytes", 1024, 11));
        out.add(v(RC_RDMA_WRITE_LAST, "rc-rdma-write-last", "RC RDMA_WRITE_LAST with 1024 payload bytes, AckReq", 1024, 12)
            .set(BthFlyweight.ACK_REQ, 1));
        out.add(v(RC_RDMA_WRITE_LAST_WITH_IMMEDIATE, "rc-rdma-write-last-with-immediate",
            "RC RDMA_WRITE_LAST_WITH_IMMEDIATE: ImmDt and 2 payload bytes (2 pad bytes)", 2, 13)
            .set(ImmDtFlyweight.IMMEDIATE_DATA, 0x1234_5678));
        out.add(v(RC_RDMA_WRITE_ONLY, "rc-rdma-write-only", "RC RDMA_WRITE_ONLY: RETH and 13 payload bytes (3 pad bytes)", 13, 14)
            .set(RethFlyweight.VIRTUAL_ADDRESS, VA + 0x100).set(RethFlyweight.R_KEY, R_KEY).set(RethFlyweight.DMA_LENGTH, 13));
        out.add(v(RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE, "rc-rdma-write-only-with-immediate",
            "RC RDMA_WRITE_ONLY_WITH_IMMEDIATE: RETH then ImmDt, 8 payload bytes", 8, 15)
            .set(RethFlyweight.VIRTUAL_ADDRESS, -8L).set(RethFlyweight.R_KEY, 0xffff_ffffL).set(RethFlyweight.DMA_LENGTH, 8)
            .set(ImmDtFlyweight.IMMEDIATE_DATA, 0x8000_0000L));
        out.add(v(RC_RDMA_READ_REQUEST, "rc-rdma-read-request", "RC RDMA_READ_REQUEST: RETH for 8192 bytes, no payload", 0, 16)
            .requirement("ROCE-RETH-001")
            .set(RethFlyweight.VIRTUAL_ADDRESS, VA).set(RethFlyweight.R_KEY, R_KEY).set(RethFlyweight.DMA_LENGTH, 8192)
            .set(BthFlyweight.ACK_REQ, 1));
        out.add(v(RC_RDMA_READ_RESPONSE_FIRST, "rc-rdma-read-response-first",
            "RC RDMA_READ_RESPONSE_FIRST: AETH (ACK, credits not valid) and 1024 payload bytes", 1024, 16)
            .set(AethFlyweight.SYNDROME, 0x1F).set(AethFlyweight.MSN, 3));
        out.add(v(RC_RDMA_READ_RESPONSE_MIDDLE, "rc-rdma-read-response-middle", "RC RDMA_READ_RESPONSE_MIDDLE, 1024 payload bytes", 1024, 17));
        out.add(v(RC_RDMA_READ_RESPONSE_LAST, "rc-rdma-read-response-last", "RC RDMA_READ_RESPONSE_LAST: AETH and 7 payload bytes", 7, 18)
            .set(AethFlyweight.SYNDROME, 0x1F).set(AethFlyweight.MSN, 3));
        out.add(v(RC_RDMA_READ_RESPONSE_ONLY, "rc-rdma-read-response-only", "RC RDMA_READ_RESPONSE_ONLY: AETH and 64 payload bytes", 64, 19)
            .set(AethFlyweight.SYNDROME, 0x1F).set(AethFlyweight.MSN, 4));
    }

    private static void acknowledgements(final List<VectorDraft> out) {
        out.add(v(RC_ACKNOWLEDGE, "rc-acknowledge", "RC ACKNOWLEDGE: AETH ACK with credit count 6, MSN 1", 0, 1)
            .requirement("ROCE-ACK-001")
            .set(AethFlyweight.SYNDROME, 0x06).set(AethFlyweight.MSN, 1));
        out.add(v(RC_ACKNOWLEDGE, "rc-acknowledge-msn-wrap", "RC ACKNOWLEDGE with MSN 0xFFFFFF and PSN 0xFFFFFF (24-bit maxima)", 0, 0xFFFFFF)
            .set(AethFlyweight.SYNDROME, 0x1F).set(AethFlyweight.MSN, 0xFFFFFF));
        out.add(v(RC_ACKNOWLEDGE, "rc-acknowledge-rnr-nak", "RC ACKNOWLEDGE: AETH RNR NAK with timer 14 (0x2e)", 0, 20)
            .requirement("ROCE-ACK-001", "ROCE-NAK-004")
            .set(AethFlyweight.SYNDROME, 0x2E).set(AethFlyweight.MSN, 9));
        out.add(v(RC_ACKNOWLEDGE, "rc-acknowledge-nak-psn-sequence-error", "RC ACKNOWLEDGE: AETH NAK PSN sequence error (0x60)", 0, 21)
            .requirement("ROCE-ACK-001", "ROCE-NAK-001")
            .set(AethFlyweight.SYNDROME, 0x60).set(AethFlyweight.MSN, 9));
        out.add(v(RC_ACKNOWLEDGE, "rc-acknowledge-nak-remote-access-error", "RC ACKNOWLEDGE: AETH NAK remote access error (0x62)", 0, 22)
            .requirement("ROCE-ACK-001", "ROCE-NAK-005")
            .set(AethFlyweight.SYNDROME, 0x62).set(AethFlyweight.MSN, 9));
        out.add(v(RC_ATOMIC_ACKNOWLEDGE, "rc-atomic-acknowledge", "RC ATOMIC_ACKNOWLEDGE: AETH then AtomicAckETH", 0, 23)
            .set(AethFlyweight.SYNDROME, 0x1F).set(AethFlyweight.MSN, 10)
            .set(AtomicAckEthFlyweight.ORIG_REMOTE_DATA, 0x0123_4567_89ab_cdefL));
        out.add(v(RC_COMPARE_SWAP, "rc-compare-swap", "RC COMPARE_SWAP: AtomicETH", 0, 24)
            .set(AtomicEthFlyweight.VIRTUAL_ADDRESS, VA + 8).set(AtomicEthFlyweight.R_KEY, R_KEY)
            .set(AtomicEthFlyweight.SWAP_ADD_DATA, 0xffff_ffff_0000_0001L).set(AtomicEthFlyweight.COMPARE_DATA, 42)
            .set(BthFlyweight.ACK_REQ, 1));
        out.add(v(RC_FETCH_ADD, "rc-fetch-add", "RC FETCH_ADD: AtomicETH adding 1", 0, 25)
            .set(AtomicEthFlyweight.VIRTUAL_ADDRESS, VA + 16).set(AtomicEthFlyweight.R_KEY, R_KEY)
            .set(AtomicEthFlyweight.SWAP_ADD_DATA, 1).set(BthFlyweight.ACK_REQ, 1));
    }

    private static void otherServices(final List<VectorDraft> out) {
        out.add(v(UC_SEND_ONLY, "uc-send-only", "UC SEND_ONLY with 40 payload bytes", 40, 30));
        out.add(v(UC_SEND_LAST_WITH_IMMEDIATE, "uc-send-last-with-immediate", "UC SEND_LAST_WITH_IMMEDIATE: ImmDt, 17 payload bytes", 17, 31)
            .set(ImmDtFlyweight.IMMEDIATE_DATA, 7));
        out.add(v(UC_RDMA_WRITE_FIRST, "uc-rdma-write-first", "UC RDMA_WRITE_FIRST: RETH and 1024 payload bytes", 1024, 32)
            .set(RethFlyweight.VIRTUAL_ADDRESS, VA).set(RethFlyweight.R_KEY, R_KEY).set(RethFlyweight.DMA_LENGTH, 2048));
        out.add(v(UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE, "uc-rdma-write-only-with-immediate",
            "UC RDMA_WRITE_ONLY_WITH_IMMEDIATE: RETH then ImmDt, 4 payload bytes", 4, 33)
            .set(RethFlyweight.VIRTUAL_ADDRESS, VA).set(RethFlyweight.R_KEY, R_KEY).set(RethFlyweight.DMA_LENGTH, 4)
            .set(ImmDtFlyweight.IMMEDIATE_DATA, 99));
        out.add(v(UD_SEND_ONLY, "ud-send-only", "UD SEND_ONLY: DETH (Q_Key, SrcQP) and 256 payload bytes", 256, 40)
            .set(BthFlyweight.DEST_QP, 0x33).set(DethFlyweight.Q_KEY, 0x1111_1111L).set(DethFlyweight.SRC_QP, 0x22));
        out.add(v(UD_SEND_ONLY_WITH_IMMEDIATE, "ud-send-only-with-immediate",
            "UD SEND_ONLY_WITH_IMMEDIATE: DETH then ImmDt, 10 payload bytes", 10, 41)
            .set(BthFlyweight.DEST_QP, 0x33).set(DethFlyweight.Q_KEY, 0x8000_0000L).set(DethFlyweight.SRC_QP, 0xFFFFFF)
            .set(ImmDtFlyweight.IMMEDIATE_DATA, 0xffff_ffffL));
        out.add(v(CNP, "cnp", "RoCEv2 congestion notification packet: BTH, 16 reserved bytes, ICRC", 0, 0)
            .requirement("ROCE-WIRE-009")
            .set(BthFlyweight.DEST_QP, QP).set(BthFlyweight.BECN, 1));
    }

    private static void malformed(final List<VectorDraft> out) {
        out.add(v(RC_SEND_ONLY, "malformed-truncated-bth", "UDP payload of 7 bytes: the BTH is cut inside DestQP", 0, 50)
            .expect("malformed field=bth.dest_qp offset=47").mutate(f -> f.cutUdpPayload(7, false)));
        out.add(v(RC_SEND_ONLY, "malformed-truncated-icrc", "UDP payload of 14 bytes: BTH and only 2 bytes where the ICRC belongs", 0, 51)
            .expect("malformed field=roce.icrc offset=54").mutate(f -> f.cutUdpPayload(14, false)));
        out.add(v(RC_RDMA_WRITE_FIRST, "malformed-truncated-reth", "RDMA_WRITE_FIRST with 10 bytes of RETH before the ICRC", 0, 52)
            .expect("malformed field=roce.reth.r_key offset=62").mutate(f -> f.cutUdpPayload(12 + 10, true)));
        out.add(v(RC_ACKNOWLEDGE, "malformed-truncated-aeth", "ACKNOWLEDGE with 2 bytes of AETH before the ICRC", 0, 53)
            .expect("malformed field=roce.aeth.msn offset=55").mutate(f -> f.cutUdpPayload(12 + 2, true)));
        out.add(v(RC_ATOMIC_ACKNOWLEDGE, "malformed-truncated-atomicacketh", "ATOMIC_ACKNOWLEDGE with 4 of the 8 AtomicAckETH bytes", 0, 54)
            .expect("malformed field=roce.atomicacketh.orig_remote_data offset=58").mutate(f -> f.cutUdpPayload(12 + 4 + 4, true)));
        out.add(v(UD_SEND_ONLY, "malformed-truncated-deth", "UD SEND_ONLY with 6 of the 8 DETH bytes", 0, 55)
            .expect("malformed field=roce.deth.src_qp offset=59").mutate(f -> f.cutUdpPayload(12 + 6, true)));
        out.add(v(RC_SEND_ONLY, "malformed-frame-prefix", "the first 48 bytes of a valid frame: the IP total length names bytes that are missing", 64, 56)
            .requirement("ROCE-WIRE-005").expect("malformed field=ipv4.total_length offset=16").mutate(f -> f.truncate(48)));
        out.add(v(RC_SEND_ONLY, "icrc-mismatch-flipped-bit", "RC SEND_ONLY whose ICRC has one bit flipped", 32, 57)
            .requirement("ROCE-ICRC-001").expect("icrc_mismatch field=roce.icrc offset=86")
            .mutate(f -> f.bytes[f.icrcOffset + 3] ^= 0x01));
        out.add(v(RC_SEND_ONLY, "icrc-mismatch-corrupted-payload", "RC SEND_ONLY with one payload byte changed after the ICRC was computed", 32, 58)
            .requirement("ROCE-ICRC-001").expect("icrc_mismatch field=roce.icrc offset=86")
            .mutate(f -> f.bytes[f.bthOffset + 12 + 5] ^= 0x40));
        out.add(v(RC_SEND_ONLY, "icrc-mismatch-network-byte-order", "RC SEND_ONLY whose ICRC was written most significant byte first",
            32, 59)
            .requirement("ROCE-ICRC-001").expect("icrc_mismatch field=roce.icrc offset=86")
            .mutate(f -> {
                final byte b0 = f.bytes[f.icrcOffset];
                final byte b1 = f.bytes[f.icrcOffset + 1];
                f.bytes[f.icrcOffset] = f.bytes[f.icrcOffset + 3];
                f.bytes[f.icrcOffset + 1] = f.bytes[f.icrcOffset + 2];
                f.bytes[f.icrcOffset + 2] = b1;
                f.bytes[f.icrcOffset + 3] = b0;
            }));
        out.add(v(RC_SEND_ONLY, "malformed-unknown-opcode-0x1f", "opcode 0x1F, unused in RC", 8, 60)
            .expect("malformed field=bth.opcode offset=42").mutate(f -> {
                f.u8(f.bthOffset, 0x1F);
                f.refreshChecks();
            }));
        out.add(v(RC_SEND_ONLY, "malformed-unknown-opcode-rd-send-first", "opcode 0x40, RD SEND_FIRST: the kit does not decode RD", 8, 61)
            .expect("malformed field=bth.opcode offset=42").mutate(f -> {
                f.u8(f.bthOffset, 0x40);
                f.refreshChecks();
            }));
        out.add(v(RC_SEND_ONLY, "malformed-unknown-opcode-0xe0", "opcode 0xE0: manufacturer-specific, outside the MPRT range", 8, 62)
            .expect("malformed field=bth.opcode offset=42").mutate(f -> {
                f.u8(f.bthOffset, 0xE0);
                f.refreshChecks();
            }));
        out.add(v(RC_SEND_ONLY, "malformed-tver-1", "RC SEND_ONLY with TVer 1", 8, 63)
            .requirement("ROCE-BTH-001").expect("malformed field=bth.tver offset=43").quietly(BthFlyweight.TVER, 1));
        out.add(v(RC_ACKNOWLEDGE, "malformed-acknowledge-with-payload", "ACKNOWLEDGE followed by 4 bytes: ACKNOWLEDGE carries no payload", 4, 64)
            .quietly(AethFlyweight.SYNDROME, 0x1F).expect("malformed field=udp.length offset=38"));
        out.add(v(RC_ACKNOWLEDGE, "malformed-pad-count-beyond-packet", "ACKNOWLEDGE with PadCnt 3 but no byte after the AETH", 0, 65)
            .requirement("ROCE-BTH-003").quietly(BthFlyweight.PAD_CNT, 3).expect("malformed field=bth.pad_cnt offset=43"));
    }
}
