package org.mprt.ctk.wire.decode;

import java.nio.ByteBuffer;
import java.util.List;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodeError.Kind;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The UDP payload: BTH, the extension headers the opcode table lists, payload, pad and ICRC.
 *
 * <p>Order of checks, as a receiver would make them: the BTH and the ICRC must fit; the ICRC is
 * then computed, so it is known even when a later check fails; TVer must be 0 (another version
 * would give the rest another layout); the opcode must be known; each extension header, and the
 * MAETH's records, must fit before the ICRC, with record_count at most 16; PadCnt must fit in
 * what is left; an opcode without payload must leave nothing. Only a packet that passes all of
 * these can be ICRC_MISMATCH; otherwise MALFORMED takes precedence and
 * {@link DecodedPacket#icrcMatches()} tells whether the frame was also corrupted.
 *
 * <p>A snapped frame goes through the same checks, with {@code available} taken from its
 * lengths: every check above needs only lengths and header bytes. In addition, each header must
 * have been captured whole before its fields are read; one that was cut is TRUNCATED by the
 * capture. The ICRC, at the end of the datagram, is computed only when it was captured; when it
 * was not, a packet that passes every check is SNAPPED instead of OK.
 */
final class TransportDecoder {

    private TransportDecoder() {
    }

    static DecodeStatus decode(final ByteBuffer buffer, final int bthOffset, final int available, final DecodedPacket out) {
        if (available < BthFlyweight.BTH_LENGTH) {
            return Failures.truncated(out, BthFlyweight.LAYOUT, bthOffset, available);
        }
        final boolean bthCaptured = out.isCaptured(bthOffset, BthFlyweight.BTH_LENGTH);
        if (bthCaptured) {
            out.bthAt(bthOffset);
        }
        final int afterBth = bthOffset + BthFlyweight.BTH_LENGTH;
        if (available < BthFlyweight.BTH_LENGTH + Icrc.ICRC_LENGTH) {
            return Failures.truncated(out, Icrc.LAYOUT, afterBth, available - BthFlyweight.BTH_LENGTH);
        }
        if (!bthCaptured) {
            return Failures.cutByCapture(out, BthFlyweight.LAYOUT, bthOffset, BthFlyweight.BTH_LENGTH);
        }
        final int icrcOffset = bthOffset + available - Icrc.ICRC_LENGTH;
        out.datagramLength = icrcOffset + Icrc.ICRC_LENGTH - out.networkOffset;
        if (out.isCaptured(icrcOffset, Icrc.ICRC_LENGTH)) {
            out.icrcOffset = icrcOffset;
            // Computed first: the CRC reads the packet front to back, so the ICRC's bytes after it are
            // already in the cache, not the first bytes of the frame's tail the CPU has to wait for.
            out.icrcComputed = out.icrc.of(buffer, out.networkOffset, out.networkKind, icrcOffset);
            out.icrcFound = Icrc.read(buffer, icrcOffset);
        }
        final Opcode opcode = opcode(buffer, bthOffset, out);
        if (opcode == null) {
            return DecodeStatus.MALFORMED;
        }
        final int next = extensionHeaders(buffer, afterBth, icrcOffset, opcode, out);
        if (next < 0) {
            return DecodeStatus.MALFORMED;
        }
        return payload(buffer, bthOffset, next, icrcOffset, opcode, out);
    }

    /** Checks TVer and looks the opcode up; returns its table row, or null after recording an error. */
    private static Opcode opcode(final ByteBuffer buffer, final int bthOffset, final DecodedPacket out) {
        final int tver = (int) BthFlyweight.TVER.read(buffer, bthOffset);
        if (tver != 0) {
            Failures.fail(out, Kind.VALUE, BthFlyweight.TVER, BthFlyweight.LAYOUT,
                bthOffset + BthFlyweight.TVER.byteOffset(), 0, tver, null);
            return null;
        }
        final int code = out.opcodeValue();
        final Profile only = out.configuredProfile();
        Opcode opcode = OpcodeTable.lookup(code);
        if (opcode != null && only != null && opcode.profile() != only) {
            opcode = null;
        }
        if (opcode == null) {
            final boolean reserved = OpcodeTable.isReservedMprt(code) && only != Profile.ROCEV2;
            out.profile = reserved ? Profile.MPRT : only;
            Failures.fail(out, reserved ? Kind.RESERVED_OPCODE : Kind.UNKNOWN_OPCODE, BthFlyweight.OPCODE,
                BthFlyweight.LAYOUT, bthOffset, 0, code, null);
            return null;
        }
        out.profile = opcode.profile();
        out.opcode = opcode;
        return opcode;
    }

    /** Checks each extension header of the opcode; returns the offset after them, or -1 after recording an error. */
    private static int extensionHeaders(
        final ByteBuffer buffer, final int afterBth, final int icrcOffset, final Opcode opcode, final DecodedPacket out) {
        int next = afterBth;
        final List<HeaderLayout> headers = opcode.headers();
        for (int i = 0; i < headers.size(); i++) {
            final HeaderLayout layout = headers.get(i);
            final int room = icrcOffset - next;
            if (room < layout.length()) {
                Failures.truncated(out, layout, next, room);
                return -1;
            }
            if (!out.isCaptured(next, layout.length())) {
                Failures.cutByCapture(out, layout, next, layout.length());
                return -1;
            }
            int length = layout.length();
            if (layout.hasRecords()) {
                final int records = layout.recordCount(buffer, next);
                if (records > layout.maxRecords()) {
                    Failures.fail(out, Kind.AT_MOST, layout.countField(), layout,
                        next + layout.countField().byteOffset(), layout.maxRecords(), records, null);
                    return -1;
                }
                length = layout.length(records);
                if (room < length) {
                    Failures.truncatedRecords(out, layout, next, length, room);
                    return -1;
                }
                if (!out.isCaptured(next, length)) {
                    Failures.cutByCapture(out, layout, next, length);
                    return -1;
                }
            }
            out.extensions().add(layout, next, length);
            next += length;
        }
        return next;
    }

    private static DecodeStatus payload(
        final ByteBuffer buffer, final int bthOffset, final int payloadOffset, final int icrcOffset,
        final Opcode opcode, final DecodedPacket out) {
        final int rest = icrcOffset - payloadOffset;
        final int pad = (int) BthFlyweight.PAD_CNT.read(buffer, bthOffset);
        if (pad > rest) {
            return Failures.fail(out, Kind.AT_MOST, BthFlyweight.PAD_CNT, BthFlyweight.LAYOUT,
                bthOffset + BthFlyweight.PAD_CNT.byteOffset(), rest, pad, "bytes between the headers and the ICRC");
        }
        final int payloadLength = rest - pad;
        if (payloadLength > 0 && !opcode.carriesPayload()) {
            final int udpLength = (int) UdpFlyweight.LENGTH.read(buffer, out.udpOffset);
            return Failures.fail(out, Kind.VALUE, UdpFlyweight.LENGTH, UdpFlyweight.LAYOUT,
                out.udpOffset + UdpFlyweight.LENGTH_FIELD_OFFSET, udpLength - payloadLength, udpLength,
                "the opcode carries no payload");
        }
        out.payloadOffset = payloadOffset;
        out.payloadLength = payloadLength;
        out.padCount = pad;
        if (!out.isIcrcChecked()) {
            out.status = DecodeStatus.SNAPPED;
            return DecodeStatus.SNAPPED;
        }
        if (out.icrcFound != out.icrcComputed) {
            out.mutableError().set(Kind.ICRC_MISMATCH, Icrc.ICRC, Icrc.LAYOUT, icrcOffset - out.frameOffset(),
                out.icrcComputed & 0xFFFF_FFFFL, out.icrcFound & 0xFFFF_FFFFL, null);
            out.status = DecodeStatus.ICRC_MISMATCH;
            return DecodeStatus.ICRC_MISMATCH;
        }
        out.status = DecodeStatus.OK;
        return DecodeStatus.OK;
    }
}
