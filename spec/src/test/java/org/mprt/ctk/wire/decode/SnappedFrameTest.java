package org.mprt.ctk.wire.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.RandomFrames;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ethernet.EtherType;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Frames a capture cut short (captured length under original length, as with {@code tcpdump -s
 * 128}): every cut of a valid frame decodes as far as its bytes go, never throws and never reads
 * past the captured bytes, and the lengths are still judged against the original length.
 */
class SnappedFrameTest {

    private static final List<Opcode> OPCODES = List.of(
        OpcodeTable.RC_RDMA_WRITE_FIRST, OpcodeTable.RC_SEND_ONLY, OpcodeTable.RC_ACKNOWLEDGE,
        OpcodeTable.MPRT_WRITE, OpcodeTable.MPRT_SEND, OpcodeTable.MPRT_ACK, OpcodeTable.MPRT_NAK, OpcodeTable.MPRT_PROBE);

    private final DecodedPacket whole = new DecodedPacket();
    private final DecodedPacket cut = new DecodedPacket();

    /** One frame shape: opcode, IP version and link layer (no Ethernet, or Ethernet with 0 to 2 VLAN tags). */
    private record Shape(Opcode opcode, NetworkKind kind, int vlans, boolean ethernet) {

        int payloadLength() {
            if (!opcode.carriesPayload()) {
                return 0;
            }
            return opcode == OpcodeTable.RC_SEND_ONLY ? 0 : 257;
        }

        FrameEncoder encoder() {
            final FrameEncoder encoder = new FrameEncoder().opcode(opcode).payloadLength(payloadLength()).recordCount(3);
            if (kind == NetworkKind.IPV6) {
                encoder.ipv6(0xfd00_0000_0000_0000L, 1, 0xfd00_0000_0000_0000L, 2);
            }
            if (!ethernet) {
                return encoder.withoutEthernet();
            }
            for (int i = 0; i < vlans; i++) {
                encoder.vlan(i == 0 && vlans == 2 ? EtherType.QINQ : EtherType.VLAN, 3, 0, 100 + i);
            }
            return encoder;
        }

        @Override
        public String toString() {
            return opcode.fullName() + " over " + kind + (ethernet ? " with " + vlans + " VLAN tags" : " without Ethernet");
        }
    }

    @TestFactory
    Stream<DynamicTest> shouldDecodeEveryCutOfAFrameAsFarAsItsBytesGo() {
        final List<Shape> shapes = new ArrayList<>();
        for (final Opcode opcode : OPCODES) {
            for (final NetworkKind kind : NetworkKind.values()) {
                shapes.add(new Shape(opcode, kind, 0, false));
                for (int vlans = 0; vlans <= 2; vlans++) {
                    shapes.add(new Shape(opcode, kind, vlans, true));
                }
            }
        }
        return shapes.stream().map(shape -> DynamicTest.dynamicTest(shape.toString(), () -> {
            final FrameEncoder encoder = shape.encoder();
            final byte[] frame = new byte[encoder.frameLength()];
            encoder.begin(frame, 0);
            fillHeadersAndPayload(encoder);
            final int length = encoder.finish();
            checkEveryCut(frame, length, encoder);
        }));
    }

    @Test
    void shouldDecodeEveryCutOfRandomValidFramesAsFarAsItsBytesGo() {
        final RandomFrames frames = new RandomFrames(11);
        final byte[] buffer = new byte[8192];
        for (int i = 0; i < 200; i++) {
            final int length = frames.next(buffer, 0);
            checkEveryCut(Arrays.copyOf(buffer, length), length, frames.encoder());
        }
    }

    @Test
    void shouldSayThatTheCaptureCutTheHeader() {
        final byte[] frame = mprtWrite(1024);
        assertThat(decodeEthernet(frame, 74, 1118)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().message()).isEqualTo("mprt.mdeth.virtual_address: the capture kept 74 of the frame's 1118 bytes"
            + " (snap length): 20 bytes of MDETH (WRITE) present, 36 needed, at byte 74");
        assertThat(cut.error().isCutByCapture()).isTrue();
        assertThat(cut.error().kind()).isEqualTo(DecodeError.Kind.TRUNCATED);
        assertThat(cut.error().header()).isSameAs(MdethFlyweight.WRITE_LAYOUT);
        assertThat(cut.error().expected()).isEqualTo(36);
        assertThat(cut.error().actual()).isEqualTo(20);
        assertThat(cut.error().copy().message()).isEqualTo(cut.error().message());
        assertThat(cut.isSnapped()).isTrue();
        assertThat(cut.hasBth()).isTrue();
        assertThat(cut.has(MdethFlyweight.WRITE_LAYOUT)).isFalse();
    }

    @Test
    void shouldExposeTheHeadersAndTheFullPayloadLengthOfASnappedFrame() {
        final byte[] frame = mprtWrite(1024);
        assertThat(decodeEthernet(frame, 128, 1118)).isEqualTo(DecodeStatus.SNAPPED);
        assertThat(cut.isSnapped()).isTrue();
        assertThat(cut.capturedLengthBytes()).isEqualTo(128);
        assertThat(cut.originalLengthBytes()).isEqualTo(1118);
        assertThat(cut.error().isSet()).isFalse();
        assertThat(cut.extensions().mdeth().messageLength()).isEqualTo(3000);
        assertThat(cut.payloadOffset()).isEqualTo(90);
        assertThat(cut.payloadLength()).isEqualTo(1024);
        assertThat(cut.payloadBytesPresent()).isEqualTo(38);
        assertThat(cut.datagramLength()).isEqualTo(1104);
        assertThat(cut.isIcrcChecked()).isFalse();
        assertThat(cut.icrcMatches()).isFalse();
        assertThat(cut.icrcOffset()).isEqualTo(-1);
        assertThat(cut.has(Icrc.LAYOUT)).isFalse();
        assertThat(FieldCatalog.isPresent(cut, Icrc.ICRC, 0)).isFalse();
        assertThat(cut.toString()).startsWith("SNAPPED (the capture kept 128 of the frame's 1118 bytes) Base Transport Header [")
            .contains(" payload=1024 (38 present) pad=0");
    }

    @Test
    void shouldNotCheckTheUdpChecksumOfAFrameTheCaptureCut() {
        final FrameEncoder encoder = new FrameEncoder().opcode(OpcodeTable.MPRT_WRITE).payloadLength(64).computeUdpChecksum(true);
        final byte[] frame = new byte[encoder.frameLength()];
        final int length = encoder.begin(frame, 0).finish();
        assertThat(decodeEthernet(frame, 100, length)).isEqualTo(DecodeStatus.SNAPPED);
        assertThatThrownBy(cut::isUdpChecksumZeroOrValid).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("udp.checksum: the capture kept 100 of the frame's " + length + " bytes");
        final byte[] zero = mprtWrite(64);
        assertThat(decodeEthernet(zero, 100, 158)).isEqualTo(DecodeStatus.SNAPPED);
        assertThat(cut.isUdpChecksumZeroOrValid()).isTrue();
    }

    @Test
    void shouldJudgeTheIpAndUdpLengthsAgainstTheOriginalLength() {
        final byte[] frame = mprtWrite(1024);
        assertThat(decodeEthernet(frame, 128, 1100)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(Ipv4Flyweight.TOTAL_LENGTH);
        assertThat(cut.error().isCutByCapture()).isFalse();
        assertThat(cut.error().message())
            .isEqualTo("ipv4.total_length: expected at most 1086, found 1104 at byte 16 (bytes of the frame on the wire)");
        // More bytes on the wire than the datagram: Ethernet padding or an FCS, as for a whole frame.
        assertThat(decodeEthernet(frame, 128, 1122)).isEqualTo(DecodeStatus.SNAPPED);
        assertThat(cut.trailerLength()).isEqualTo(4);

        frame[38] = 0x03;
        assertThat(decodeEthernet(frame, 128, 1118)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(UdpFlyweight.LENGTH);

        final FrameEncoder v6 = new FrameEncoder().ipv6(1, 2, 3, 4).opcode(OpcodeTable.MPRT_WRITE).payloadLength(1024);
        final byte[] ipv6 = new byte[v6.frameLength()];
        final int length = v6.begin(ipv6, 0).finish();
        assertThat(decodeEthernet(ipv6, 150, length - 1)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(Ipv6Flyweight.PAYLOAD_LENGTH);
        assertThat(decodeEthernet(ipv6, 150, length)).isEqualTo(DecodeStatus.SNAPPED);
    }

    @Test
    void shouldStillApplyTheStructuralChecksWhoseBytesWereKept() {
        final byte[] tver = mprtWrite(1024);
        tver[43] = 0x02;
        assertThat(decodeEthernet(tver, 128, 1118)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(BthFlyweight.TVER);

        final byte[] reserved = mprtWrite(1024);
        reserved[42] = (byte) 0xC2;
        assertThat(decodeEthernet(reserved, 128, 1118)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().kind()).isEqualTo(DecodeError.Kind.RESERVED_OPCODE);

        final FrameEncoder ack = new FrameEncoder().opcode(OpcodeTable.MPRT_ACK).recordCount(3);
        final byte[] records = new byte[ack.frameLength()];
        final int length = ack.begin(records, 0).finish();
        records[54 + 12] = 17;
        assertThat(decodeEthernet(records, 110, length)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(MaethFlyweight.RECORD_COUNT);

        final FrameEncoder probe = new FrameEncoder().opcode(OpcodeTable.MPRT_PROBE);
        final byte[] pad = new byte[probe.frameLength()];
        final int probeLength = probe.begin(pad, 0).finish();
        BthFlyweight.PAD_CNT.write(ByteBuffer.wrap(pad), 42, 2);
        assertThat(decodeEthernet(pad, probeLength - 2, probeLength)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(BthFlyweight.PAD_CNT);

        final FrameEncoder withPayload = new FrameEncoder().opcode(OpcodeTable.MPRT_NAK).payloadLength(8);
        final byte[] nak = new byte[withPayload.frameLength()];
        final int nakLength = withPayload.begin(nak, 0).finish();
        assertThat(decodeEthernet(nak, 75, nakLength)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().field()).isSameAs(UdpFlyweight.LENGTH);
        assertThat(cut.error().isCutByCapture()).isFalse();
    }

    @Test
    void shouldReportNotRoceWhenTheKeptBytesProveItAndUnidentifiedWhenTheyCannot() {
        final FrameEncoder encoder = new FrameEncoder().udpDestinationPort(4792).payloadLength(64);
        final byte[] frame = new byte[encoder.frameLength()];
        final int length = encoder.begin(frame, 0).finish();
        assertThat(decodeEthernet(frame, 38, length)).isEqualTo(DecodeStatus.NOT_ROCE);
        assertThat(decodeEthernet(frame, 37, length)).isEqualTo(DecodeStatus.UNIDENTIFIED);
        assertThat(cut.error().isSet()).isFalse();
        assertThat(cut.hasIpv4()).isTrue();
        assertThat(cut.hasUdp()).isFalse();
        frame[23] = 6;
        assertThat(decodeEthernet(frame, 24, length)).isEqualTo(DecodeStatus.NOT_ROCE);
        assertThat(decodeEthernet(frame, 23, length)).isEqualTo(DecodeStatus.UNIDENTIFIED);
        frame[12] = 0x08;
        frame[13] = 0x06;
        assertThat(decodeEthernet(frame, 14, length)).isEqualTo(DecodeStatus.NOT_ROCE);
        assertThat(decodeEthernet(frame, 13, length)).isEqualTo(DecodeStatus.UNIDENTIFIED);
        assertThat(decodeEthernet(frame, 0, length)).isEqualTo(DecodeStatus.UNIDENTIFIED);
        assertThat(cut.hasEthernet()).isFalse();
    }

    @Test
    void shouldCallAFrameShortOnTheWireMalformedAsBefore() {
        final byte[] frame = mprtWrite(16);
        assertThat(decodeEthernet(frame, 10, 10)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(decodeEthernet(frame, 20, 24)).isEqualTo(DecodeStatus.MALFORMED);
        assertThat(cut.error().fieldId()).isEqualTo("ipv4.header_checksum");
        assertThat(cut.error().isCutByCapture()).isFalse();
        assertThat(decodeEthernet(frame, 30, 40)).isEqualTo(DecodeStatus.UNIDENTIFIED);
    }

    @Test
    void shouldDecodeAFrameCapturedWholeAsTheOneLengthOverloadsDo() {
        final byte[] frame = mprtWrite(100);
        final ByteBuffer buffer = ByteBuffer.allocate(frame.length + 100);
        buffer.put(40, frame);
        assertThat(PacketDecoder.decode(buffer, 40, 54, NetworkKind.IPV4, frame.length, frame.length, cut)).isEqualTo(DecodeStatus.OK);
        assertThat(PacketDecoder.decode(buffer, 40, 54, NetworkKind.IPV4, frame.length - 14, whole)).isEqualTo(DecodeStatus.OK);
        assertThat(cut.isSnapped()).isFalse();
        assertThat(cut.toString()).isEqualTo(whole.toString());
        assertThat(whole.capturedLengthBytes()).isEqualTo(frame.length);
        assertThat(whole.originalLengthBytes()).isEqualTo(frame.length);
        assertThat(PacketDecoder.decode(buffer, 40, 54, NetworkKind.IPV4, 100, frame.length, cut)).isEqualTo(DecodeStatus.SNAPPED);
        assertThat(cut.error().isSet()).isFalse();
        assertThat(cut.payloadBytesPresent()).isEqualTo(10);
    }

    @Test
    void shouldRefuseLengthsThatContradictEachOtherOrTheBuffer() {
        final ByteBuffer buffer = ByteBuffer.allocate(100);
        assertThatThrownBy(() -> PacketDecoder.decodeEthernet(buffer, 0, 60, 59, cut)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("original length 59 under the captured length 60");
        assertThatThrownBy(() -> PacketDecoder.decodeEthernet(buffer, 50, 60, 1000, cut)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> PacketDecoder.decode(buffer, 10, 80, NetworkKind.IPV4, 60, 1000, cut))
            .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> PacketDecoder.decode(buffer, 10, 5, NetworkKind.IPV4, 60, 1000, cut))
            .isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(PacketDecoder.decodeEthernet(buffer, 0, 60, 0xFFFF_FFFFL, cut)).isNotNull();
    }

    // ---- the expectation for every cut -----------------------------------------------------------

    /** Decodes {@code frame} cut at every length from 0 to {@code length}, the original length, and checks each status. */
    private void checkEveryCut(final byte[] frame, final int length, final FrameEncoder encoder) {
        assertThat(decode(frame, length, length, encoder, whole)).as("whole frame: %s", whole).isEqualTo(DecodeStatus.OK);
        final String wholeFields = fields(whole);
        final int networkOffset = encoder.networkOffset();
        final int portEnd = encoder.udpOffset() + UdpFlyweight.DESTINATION_PORT_FIELD_OFFSET + 2;
        final int datagramEnd = encoder.icrcOffset() + Icrc.ICRC_LENGTH;
        for (int c = 0; c <= length; c++) {
            // Only the kept bytes are in the buffer: a read past them would throw.
            final byte[] kept = Arrays.copyOf(frame, c);
            final DecodeStatus status = decode(kept, c, length, encoder, cut);
            final String at = "cut at " + c + " of " + length + ": " + cut;
            assertThat(cut.isSnapped()).as(at).isEqualTo(c < length);
            if (c >= datagramEnd) {
                assertThat(status).as(at).isEqualTo(DecodeStatus.OK);
                assertThat(fields(cut)).as(at).isEqualTo(wholeFields);
            } else if (c >= encoder.payloadOffset()) {
                assertThat(status).as(at).isEqualTo(DecodeStatus.SNAPPED);
                checkSnapped(c, at);
                if (c == encoder.payloadOffset() || c == datagramEnd - 1 || (c - encoder.payloadOffset()) % 61 == 0) {
                    assertThat(fields(cut)).as(at).isEqualTo(wholeFields);
                }
            } else if (c >= portEnd) {
                assertThat(status).as(at).isEqualTo(DecodeStatus.MALFORMED);
                checkCutHeader(c, length, encoder, at);
            } else {
                assertThat(status).as(at).isEqualTo(DecodeStatus.UNIDENTIFIED);
                assertThat(cut.error().isSet()).as(at).isFalse();
                assertThat(cut.hasUdp()).as(at).isFalse();
                assertThat(cut.hasIpv4() || cut.hasIpv6()).as(at).isEqualTo(c >= encoder.udpOffset());
                assertThat(cut.hasEthernet()).as(at).isEqualTo(networkOffset > 0 && c >= EthernetFlyweight.ETHERNET_LENGTH);
            }
        }
    }

    private void checkSnapped(final int c, final String at) {
        assertThat(cut.error().isSet()).as(at).isFalse();
        assertThat(cut.extensions().count()).as(at).isEqualTo(whole.extensions().count());
        for (int i = 0; i < whole.extensions().count(); i++) {
            assertThat(cut.extensions().layout(i)).as(at).isSameAs(whole.extensions().layout(i));
            assertThat(cut.extensions().offset(i)).as(at).isEqualTo(whole.extensions().offset(i));
            assertThat(cut.extensions().length(i)).as(at).isEqualTo(whole.extensions().length(i));
        }
        assertThat(cut.bthOffset()).as(at).isEqualTo(whole.bthOffset());
        assertThat(cut.opcode()).as(at).isSameAs(whole.opcode());
        assertThat(cut.profile()).as(at).isSameAs(whole.profile());
        assertThat(cut.payloadOffset()).as(at).isEqualTo(whole.payloadOffset());
        assertThat(cut.payloadLength()).as(at).isEqualTo(whole.payloadLength());
        assertThat(cut.padCount()).as(at).isEqualTo(whole.padCount());
        assertThat(cut.trailerLength()).as(at).isEqualTo(whole.trailerLength());
        assertThat(cut.datagramLength()).as(at).isEqualTo(whole.datagramLength());
        assertThat(cut.payloadBytesPresent()).as(at).isEqualTo(Math.min(whole.payloadLength(), c - whole.payloadOffset()));
        assertThat(cut.isIcrcChecked()).as(at).isFalse();
        assertThat(cut.has(Icrc.LAYOUT)).as(at).isFalse();
    }

    private void checkCutHeader(final int c, final int length, final FrameEncoder encoder, final String at) {
        final DecodeError error = cut.error();
        assertThat(error.kind()).as(at).isEqualTo(DecodeError.Kind.TRUNCATED);
        assertThat(error.isCutByCapture()).as(at).isTrue();
        assertThat(error.message()).as(at).startsWith(error.fieldId() + ": the capture kept " + c + " of the frame's " + length
            + " bytes (snap length): ");
        final HeaderLayout header;
        final int headerOffset;
        final int headerLength;
        final ExtensionHeaders extensions = encoder.extensions();
        if (c < encoder.bthOffset()) {
            header = UdpFlyweight.LAYOUT;
            headerOffset = encoder.udpOffset();
            headerLength = UdpFlyweight.UDP_LENGTH;
        } else if (c < encoder.bthOffset() + BthFlyweight.BTH_LENGTH) {
            header = BthFlyweight.LAYOUT;
            headerOffset = encoder.bthOffset();
            headerLength = BthFlyweight.BTH_LENGTH;
        } else {
            int i = 0;
            while (extensions.offset(i) + extensions.length(i) <= c) {
                i++;
            }
            header = extensions.layout(i);
            headerOffset = extensions.offset(i);
            headerLength = extensions.length(i);
        }
        assertThat(error.header()).as(at).isSameAs(header);
        // A header with records needs its fixed part first; the records count once it is there.
        assertThat(error.expected()).as(at).isEqualTo(c - headerOffset < header.length() ? header.length() : headerLength);
        assertThat(error.actual()).as(at).isEqualTo(c - headerOffset);
        assertThat(header.contains(error.field())).as(at).isTrue();
        // The field named is the one the cut falls in.
        assertThat(error.frameOffset()).as(at).isLessThanOrEqualTo(c);
        assertThat(error.frameOffset() + error.field().endByteOffset() - error.field().byteOffset()).as(at).isGreaterThan(c);
        assertThat(cut.has(header)).as(at).isFalse();
    }

    private static DecodeStatus decode(
        final byte[] frame, final int captured, final int original, final FrameEncoder encoder, final DecodedPacket out) {
        final ByteBuffer buffer = ByteBuffer.wrap(frame, 0, captured);
        if (encoder.networkOffset() == 0) {
            return PacketDecoder.decode(buffer, 0, 0, encoder.networkKind(), captured, original, out);
        }
        return PacketDecoder.decodeEthernet(buffer, 0, captured, original, out);
    }

    private DecodeStatus decodeEthernet(final byte[] frame, final int captured, final long original) {
        return PacketDecoder.decodeEthernet(ByteBuffer.wrap(Arrays.copyOf(frame, captured)), 0, captured, original, cut);
    }

    /** Every header field the packet exposes (VLAN tags and MAETH records included), the ICRC aside, as text. */
    private static String fields(final DecodedPacket packet) {
        final StringBuilder out = new StringBuilder();
        for (final FieldSpec field : FieldCatalog.fields()) {
            if (field == Icrc.ICRC) {
                continue;
            }
            for (int index = 0; index <= MaethFlyweight.LAYOUT.maxRecords(); index++) {
                final int offset = FieldCatalog.locate(packet, field, index);
                if (offset >= 0) {
                    out.append(field.id()).append('[').append(index).append("]=");
                    field.appendValue(packet.buffer(), offset, out).append('\n');
                }
            }
        }
        return out.toString();
    }

    /** An MPRT_WRITE over Ethernet and IPv4 with headers at 0, 14, 34, 42 and 54, payload at 90. */
    private static byte[] mprtWrite(final int payload) {
        final FrameEncoder encoder = new FrameEncoder().opcode(OpcodeTable.MPRT_WRITE).payloadLength(payload);
        final byte[] frame = new byte[encoder.frameLength()];
        encoder.begin(frame, 0);
        fillHeadersAndPayload(encoder);
        encoder.extensions().mdeth().messageLength(3000);
        encoder.finish();
        return frame;
    }

    // Non-zero bytes everywhere, so that a field read from the wrong place would show.
    private static void fillHeadersAndPayload(final FrameEncoder encoder) {
        final ByteBuffer view = encoder.buffer();
        BthFlyweight.PSN.write(view, encoder.bthOffset(), 0xABCDE);
        BthFlyweight.DEST_QP.write(view, encoder.bthOffset(), 0x102);
        final ExtensionHeaders headers = encoder.extensions();
        for (int i = 0; i < headers.count(); i++) {
            final HeaderLayout layout = headers.layout(i);
            for (int b = 0; b < headers.length(i); b++) {
                final int at = headers.offset(i) + b;
                if (!layout.hasRecords() || b != layout.countField().byteOffset()) {
                    view.put(at, (byte) (0x11 * (b % 15 + 1)));
                }
            }
        }
        for (int i = encoder.payloadOffset(); i < encoder.icrcOffset(); i++) {
            view.put(i, (byte) (i * 7 + 1));
        }
    }
}
