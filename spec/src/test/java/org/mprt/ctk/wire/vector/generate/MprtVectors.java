package org.mprt.ctk.wire.vector.generate;

import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_ACK;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_NAK;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_PROBE;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_PROBE_REPLY;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_SEND;
import static org.mprt.ctk.wire.opcode.OpcodeTable.MPRT_WRITE;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.Opcode;

/**
 * Drafts of {@code vectors/mprt/}: every MPRT opcode and header (mprt-v0.1.md section 3), frames
 * that decode but break a rule the verdict engine judges, and MPRT decode errors.
 */
final class MprtVectors {

    static final String FOLDER = "mprt";
    /** The data receiver's connection number (BTH.DestQP of data) and the data sender's. */
    private static final int DCN = 0x000102;
    private static final int SCN = 0x000201;
    private static final long VA = 0x7f00_0010_0000L;
    private static final long RKEY = 0xabc;

    private MprtVectors() {
    }

    static List<VectorDraft> all() {
        final List<VectorDraft> out = new ArrayList<>();
        data(out);
        control(out);
        ruleBreaking(out);
        malformed(out);
        snapped(out);
        return out;
    }

    private static VectorDraft v(final Opcode opcode, final String id, final String description, final int payload, final int psn) {
        return new VectorDraft(FOLDER, id, description)
            .encoder(e -> e.opcode(opcode).payloadLength(payload).udpSourcePort(0xD000 | psn & 0xFF))
            .set(BthFlyweight.PSN, psn)
            .derived("packet.opcode", opcode.name())
            .derived("packet.headers", RoceVectors.headers(opcode))
            .derived("packet.payload_length", payload)
            .derived("packet.pad_count", (4 - (payload & 3)) & 3)
            .derived("packet.profile", "MPRT");
    }

    private static VectorDraft write(final String id, final String description, final int payload, final int psn,
                                     final long offset, final long length) {
        return v(MPRT_WRITE, id, description, payload, psn)
            .set(BthFlyweight.DEST_QP, DCN).set(MdethFlyweight.PATH_ID, 3).set(MdethFlyweight.STREAM_ID, 2)
            .set(MdethFlyweight.SCN, SCN).set(MdethFlyweight.MSN, 5).set(MdethFlyweight.MESSAGE_OFFSET, offset)
            .set(MdethFlyweight.MESSAGE_LENGTH, length).set(MdethFlyweight.VIRTUAL_ADDRESS, VA + offset)
            .set(MdethFlyweight.RKEY, RKEY).set(MdethFlyweight.TX_TIMESTAMP, 1_000_000 + psn);
    }

    private static VectorDraft ack(final String id, final String description, final int records, final int cack) {
        return v(MPRT_ACK, id, description, 0, cack).encoder(e -> e.recordCount(records).ecn(Ecn.NOT_ECT))
            .set(BthFlyweight.DEST_QP, SCN).set(MaethFlyweight.PATH_ID, 3).set(MaethFlyweight.SCN, DCN)
            .set(MaethFlyweight.ECHO_TIMESTAMP, 1_000_000 + cack).set(MaethFlyweight.GUIDANCE_RATE_MBPS, 100_000)
            .set(MaethFlyweight.RECORD_COUNT, records);
    }

    private static void data(final List<VectorDraft> out) {
        out.add(write("mprt-write-first", "MPRT_WRITE, first packet (F) of a 3000-byte message, 1024 payload bytes", 1024, 100, 0, 3000)
            .requirement("MPRT-WIRE-001", "MPRT-WIRE-030", "MPRT-WIRE-031").set(MdethFlyweight.F, 1));
        out.add(write("mprt-write-middle-retransmitted", "MPRT_WRITE, middle packet re-sent (R) with AckReq", 1024, 101, 1024, 3000)
            .requirement("MPRT-WIRE-031").set(MdethFlyweight.R, 1).set(BthFlyweight.ACK_REQ, 1));
        out.add(write("mprt-write-last", "MPRT_WRITE, last packet (L) of the message: 952 payload bytes", 952, 102, 2048, 3000)
            .requirement("MPRT-WIRE-031").set(MdethFlyweight.L, 1).set(BthFlyweight.ACK_REQ, 1));
        out.add(write("mprt-write-only-pad-2", "MPRT_WRITE of a whole 10-byte message (F and L), 2 pad bytes", 10, 103, 0, 10)
            .requirement("MPRT-WIRE-012", "MPRT-WIRE-031").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1));
        out.add(write("mprt-write-psn-wrap", "MPRT_WRITE with PSN 0xFFFFFF, the last before the wrap", 64, 0xFFFFFF, 64, 4096));
        out.add(v(MPRT_SEND, "mprt-send-only", "MPRT_SEND of a whole 200-byte message into receive buffer RSN 7", 200, 7)
            .requirement("MPRT-WIRE-001", "MPRT-WIRE-032")
            .set(BthFlyweight.DEST_QP, DCN).set(BthFlyweight.ACK_REQ, 1).set(MdethFlyweight.PATH_ID, 0)
            .set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1).set(MdethFlyweight.STREAM_ID, 1).set(MdethFlyweight.SCN, SCN)
            .set(MdethFlyweight.MSN, 0).set(MdethFlyweight.MESSAGE_LENGTH, 200).set(MdethFlyweight.RSN, 7)
            .set(MdethFlyweight.TX_TIMESTAMP, 0xffff_fff0L).field("mprt.mdeth.reserved_24", 0).field("mprt.mdeth.reserved_28", 0));
        out.add(v(MPRT_SEND, "mprt-send-first-ipv6", "MPRT_SEND over IPv6, first 1024 bytes of a 5000-byte message", 1024, 8)
            .encoder(e -> e.ipv6(FramingVectors.FD00_HIGH, 1, FramingVectors.FD00_HIGH, 2).flowLabel(0x1f00d))
            .set(BthFlyweight.DEST_QP, DCN).set(MdethFlyweight.PATH_ID, 63).set(MdethFlyweight.F, 1)
            .set(MdethFlyweight.STREAM_ID, 0xFFFF).set(MdethFlyweight.SCN, SCN).set(MdethFlyweight.MSN, 0xffff_ffffL)
            .set(MdethFlyweight.MESSAGE_LENGTH, 5000).set(MdethFlyweight.RSN, 0x8000_0000L));
    }

    private static void control(final List<VectorDraft> out) {
        out.add(ack("mprt-ack-no-records", "MPRT_ACK for cumulative PSN 99, no SACK bits, no stream records, no guidance limit", 0, 99)
            .requirement("MPRT-WIRE-041").set(MaethFlyweight.GUIDANCE_RATE_MBPS, MaethFlyweight.GUIDANCE_NO_LIMIT));
        final byte[] sack = new byte[32];
        sack[0] = 0x64;
        sack[31] = 0x01;
        out.add(ack("mprt-ack-sack-and-records",
            "MPRT_ACK, cack 1000: SACK bits 1, 2, 5 and 255 (PSNs 1002, 1003, 1006, 1256), ECN echo with 3 CE marks, 2 stream records",
            2, 1000)
            .requirement("MPRT-WIRE-040", "MPRT-WIRE-041", "MPRT-WIRE-042")
            .set(MaethFlyweight.E, 1).set(MaethFlyweight.CE_COUNT, 3).setBytes(MaethFlyweight.SACK_BITMAP, sack)
            .set(MaethFlyweight.RECORD_STREAM_ID, 0, 0).set(MaethFlyweight.RECORD_CMSN, 0, 7)
            .set(MaethFlyweight.RECORD_STREAM_ID, 1, 2).set(MaethFlyweight.RECORD_CMSN, 1, 0xffff_ffffL));
        final VectorDraft full = ack("mprt-ack-sixteen-records", "MPRT_ACK with the most stream records, 16", 16, 0xFFFFFF)
            .requirement("MPRT-WIRE-041");
        for (int k = 0; k < 16; k++) {
            full.set(MaethFlyweight.RECORD_STREAM_ID, k, k + 100).set(MaethFlyweight.RECORD_CMSN, k, k * 10L);
        }
        out.add(full);
        out.add(v(MPRT_NAK, "mprt-nak-invalid-header", "MPRT_NAK INVALID_HEADER for the packet with PSN 101", 0, 101)
            .requirement("MPRT-WIRE-050")
            .set(BthFlyweight.DEST_QP, SCN).set(MnethFlyweight.PATH_ID, 3).set(MnethFlyweight.NAK_CODE, MprtNakCode.INVALID_HEADER.code())
            .set(MnethFlyweight.STREAM_ID, 2).set(MnethFlyweight.SCN, DCN).set(MnethFlyweight.MSN, 5)
            .set(MnethFlyweight.MESSAGE_OFFSET, 1024));
        out.add(v(MPRT_NAK, "mprt-nak-psn-out-of-window", "MPRT_NAK PSN_OUT_OF_WINDOW", 0, 70000)
            .requirement("MPRT-WIRE-050")
            .set(BthFlyweight.DEST_QP, SCN).set(MnethFlyweight.PATH_ID, 7)
            .set(MnethFlyweight.NAK_CODE, MprtNakCode.PSN_OUT_OF_WINDOW.code()).set(MnethFlyweight.SCN, DCN));
        out.add(v(MPRT_PROBE, "mprt-probe", "MPRT_PROBE of path 4; BTH.PSN is the next PSN the prober will use", 0, 200)
            .requirement("MPRT-WIRE-060")
            .set(BthFlyweight.DEST_QP, DCN).set(MpethFlyweight.PATH_ID, 4).set(MpethFlyweight.SCN, SCN)
            .set(MpethFlyweight.PROBE_ID, 0xdead_beefL).set(MpethFlyweight.TX_TIMESTAMP, 123_456));
        out.add(v(MPRT_PROBE_REPLY, "mprt-probe-reply", "MPRT_PROBE_REPLY echoing mprt-probe", 0, 200)
            .requirement("MPRT-WIRE-060")
            .set(BthFlyweight.DEST_QP, SCN).set(MpethFlyweight.PATH_ID, 4).set(MpethFlyweight.SCN, DCN)
            .set(MpethFlyweight.PROBE_ID, 0xdead_beefL).set(MpethFlyweight.TX_TIMESTAMP, 123_456));
    }

    // These decode OK: the decoder exposes the fields, the verdict engine judges the rule.
    private static void ruleBreaking(final List<VectorDraft> out) {
        final String judged = "; decodes OK, the verdict engine judges it";
        out.add(write("mprt-write-reserved-bits-set", "MPRT_WRITE with resv5 and resv8 not zero" + judged, 16, 110, 0, 16)
            .requirement("MPRT-WIRE-032").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .set(MdethFlyweight.RESV5, 0x1F).set(MdethFlyweight.RESV8, 0xFF));
        out.add(v(MPRT_SEND, "mprt-send-reserved-words-set", "MPRT_SEND with the reserved words at 24 and 28 not zero" + judged, 4, 111)
            .requirement("MPRT-WIRE-032")
            .set(BthFlyweight.DEST_QP, DCN).set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1).set(MdethFlyweight.MESSAGE_LENGTH, 4)
            .set(MdethFlyweight.RESERVED_24, 1).set(MdethFlyweight.RESERVED_28, 0xffff_ffffL));
        out.add(write("mprt-write-path-id-64", "MPRT_WRITE on path_id 64, above the maximum 63" + judged, 16, 112, 0, 16)
            .requirement("MPRT-WIRE-030").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1).set(MdethFlyweight.PATH_ID, 64));
        out.add(write("mprt-write-not-ect", "MPRT_WRITE sent Not-ECT" + judged, 16, 113, 0, 16)
            .requirement("MPRT-WIRE-006").encoder(e -> e.ecn(Ecn.NOT_ECT)).set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .field("ipv4.ecn", 0));
        out.add(write("mprt-write-df-clear", "MPRT_WRITE over IPv4 without Don't Fragment" + judged, 16, 114, 0, 16)
            .requirement("MPRT-WIRE-005").encoder(e -> e.dontFragment(0)).set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .field("ipv4.flags.df", 0));
        out.add(write("mprt-write-bth-fields-not-mprt", "MPRT_WRITE with P_Key 0x8001, SE and M set and DestQP 1" + judged,
            16, 115, 0, 16)
            .requirement("MPRT-WIRE-010", "MPRT-WIRE-011").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .set(BthFlyweight.P_KEY, 0x8001).set(BthFlyweight.SE, 1).set(BthFlyweight.M, 1).set(BthFlyweight.DEST_QP, 1));
        out.add(write("mprt-write-flags-inconsistent", "MPRT_WRITE at message_offset 0 without F, and with L before the end" + judged,
            16, 116, 0, 64)
            .requirement("MPRT-WIRE-031").set(MdethFlyweight.L, 1));
        out.add(write("mprt-write-beyond-message-length", "MPRT_WRITE whose payload runs 8 bytes past message_length" + judged,
            16, 117, 0, 8)
            .requirement("MPRT-WIRE-030", "MPRT-WIRE-070").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1));
        out.add(write("mprt-write-pad-not-zero", "MPRT_WRITE whose 3 pad bytes are not zero (ICRC recomputed)" + judged, 5, 118, 0, 5)
            .requirement("MPRT-WIRE-012").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .mutate(f -> {
                for (int i = 1; i <= 3; i++) {
                    f.bytes[f.icrcOffset - i] = (byte) 0xAA;
                }
                f.refreshChecks();
            }));
        final byte[] bitZero = new byte[32];
        bitZero[0] = (byte) 0x80;
        out.add(ack("mprt-ack-sack-bit-0-set", "MPRT_ACK whose SACK bit 0 is set" + judged, 0, 500)
            .requirement("MPRT-WIRE-040").setBytes(MaethFlyweight.SACK_BITMAP, bitZero));
        out.add(ack("mprt-ack-ecn-echo-without-count", "MPRT_ACK with E set and ce_count 0, AckReq set, duplicate stream records" + judged,
            2, 501)
            .requirement("MPRT-WIRE-013", "MPRT-WIRE-041", "MPRT-WIRE-042").set(MaethFlyweight.E, 1).set(BthFlyweight.ACK_REQ, 1)
            .set(MaethFlyweight.RECORD_STREAM_ID, 0, 4).set(MaethFlyweight.RECORD_STREAM_ID, 1, 4)
            .set(MaethFlyweight.RECORD_RESERVED, 1, 0xFFFF));
        out.add(v(MPRT_NAK, "mprt-nak-reserved-code", "MPRT_NAK with the reserved nak_code 0x08" + judged, 0, 120)
            .requirement("MPRT-WIRE-050").set(BthFlyweight.DEST_QP, SCN).set(MnethFlyweight.NAK_CODE, 0x08)
            .set(MnethFlyweight.RESV8, 0x01));
    }

    // Frames a capture with a snap length cut short: the file keeps fewer bytes than the frame had on the wire.
    private static void snapped(final List<VectorDraft> out) {
        out.add(write("snapped-mprt-write-snap-length-128",
            "MPRT_WRITE of 1024 payload bytes captured with snap length 128: every header whole, 38 payload bytes kept, no ICRC",
            1024, 150, 0, 3000)
            .requirement("MPRT-WIRE-003").set(MdethFlyweight.F, 1).snap(128).expect("snapped")
            .field("packet.snapped", true).field("packet.payload_bytes_present", 38).field("packet.icrc_matches", false)
            .field("ipv4.total_length", 1104).field("udp.length", 1084));
        out.add(ack("malformed-snapped-mprt-ack-in-stream-records",
            "MPRT_ACK with 3 stream records captured with snap length 114: the capture cut the second record", 3, 151)
            .requirement("MPRT-WIRE-041").snap(114).expect("malformed field=mprt.maeth.record.cmsn offset=114")
            .field("packet.snapped", true).field("bth.psn", 151));
    }

    private static void malformed(final List<VectorDraft> out) {
        out.add(v(MPRT_WRITE, "malformed-mprt-reserved-opcode-0xc2", "opcode 0xC2, reserved in the MPRT range", 0, 130)
            .requirement("MPRT-WIRE-020", "MPRT-WIRE-021").encoder(e -> e.opcode(0xC2))
            .expect("malformed field=bth.opcode offset=42"));
        out.add(v(MPRT_WRITE, "malformed-mprt-reserved-opcode-0xdf", "opcode 0xDF, the last reserved MPRT opcode", 0, 131)
            .requirement("MPRT-WIRE-020", "MPRT-WIRE-021").encoder(e -> e.opcode(0xDF).payloadLength(36))
            .expect("malformed field=bth.opcode offset=42"));
        out.add(v(MPRT_WRITE, "malformed-mprt-truncated-mdeth", "MPRT_WRITE with 20 of the 36 MDETH bytes before the ICRC", 0, 132)
            .expect("malformed field=mprt.mdeth.virtual_address offset=74").mutate(f -> f.cutUdpPayload(12 + 20, true)));
        out.add(v(MPRT_SEND, "malformed-mprt-truncated-mdeth-send", "MPRT_SEND with 23 of the 36 MDETH bytes", 0, 133)
            .expect("malformed field=mprt.mdeth.rsn offset=74").mutate(f -> f.cutUdpPayload(12 + 23, true)));
        out.add(v(MPRT_ACK, "malformed-mprt-truncated-maeth", "MPRT_ACK with 30 of the 48 fixed MAETH bytes", 0, 134)
            .expect("malformed field=mprt.maeth.sack_bitmap offset=70").mutate(f -> f.cutUdpPayload(12 + 30, true)));
        out.add(v(MPRT_ACK, "malformed-mprt-truncated-maeth-records", "MPRT_ACK announcing 3 stream records with 2.5 present", 0, 135)
            .requirement("MPRT-WIRE-041").encoder(e -> e.recordCount(3))
            .expect("malformed field=mprt.maeth.record.cmsn offset=122").mutate(f -> f.cutUdpPayload(12 + 48 + 20, true)));
        out.add(v(MPRT_ACK, "malformed-mprt-record-count-17", "MPRT_ACK with record_count 17 and 17 records", 0, 136)
            .requirement("MPRT-WIRE-041").encoder(e -> e.recordCount(17))
            .expect("malformed field=mprt.maeth.record_count offset=66"));
        out.add(v(MPRT_ACK, "malformed-mprt-ack-records-beyond-count", "MPRT_ACK with record_count 1 followed by 2 records", 0, 137)
            .requirement("MPRT-WIRE-041").encoder(e -> e.recordCount(2)).quietly(MaethFlyweight.RECORD_COUNT, 1)
            .expect("malformed field=udp.length offset=38"));
        out.add(v(MPRT_ACK, "malformed-mprt-ack-with-payload", "MPRT_ACK followed by 8 payload bytes", 8, 138)
            .expect("malformed field=udp.length offset=38"));
        out.add(v(MPRT_NAK, "malformed-mprt-truncated-mneth", "MPRT_NAK with 8 of the 16 MNETH bytes", 0, 139)
            .expect("malformed field=mprt.mneth.msn offset=62").mutate(f -> f.cutUdpPayload(12 + 8, true)));
        out.add(v(MPRT_PROBE, "malformed-mprt-truncated-mpeth", "MPRT_PROBE with 12 of the 16 MPETH bytes", 0, 140)
            .expect("malformed field=mprt.mpeth.tx_timestamp offset=66").mutate(f -> f.cutUdpPayload(12 + 12, true)));
        out.add(v(MPRT_WRITE, "malformed-mprt-tver-2", "MPRT_WRITE with TVer 2", 16, 141)
            .requirement("MPRT-WIRE-010").quietly(BthFlyweight.TVER, 2).expect("malformed field=bth.tver offset=43"));
        out.add(v(MPRT_PROBE, "malformed-mprt-pad-count", "MPRT_PROBE with PadCnt 2 and nothing after the MPETH", 0, 142)
            .requirement("MPRT-WIRE-012").quietly(BthFlyweight.PAD_CNT, 2).expect("malformed field=bth.pad_cnt offset=43"));
        out.add(v(MPRT_WRITE, "malformed-mprt-ipv4-first-fragment", "MPRT_WRITE in an IPv4 first fragment (MF set)", 16, 143)
            .requirement("MPRT-WIRE-005").expect("malformed field=ipv4.flags.mf offset=20")
            .mutate(f -> {
                f.u8(f.networkOffset + 6, 0x60);
                f.refreshIpv4ChecksumOnly();
            }));
        out.add(write("mprt-icrc-mismatch", "MPRT_WRITE whose ICRC does not match", 16, 144, 0, 16)
            .requirement("MPRT-WIRE-007", "MPRT-WIRE-008", "ROCE-ICRC-001").set(MdethFlyweight.F, 1).set(MdethFlyweight.L, 1)
            .expect("icrc_mismatch field=roce.icrc offset=106")
            .mutate(f -> f.bytes[f.icrcOffset] ^= (byte) 0x80));
    }
}
