package org.mprt.ctk.wire.tshark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.wire.RandomFrames;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.opcode.TransportService;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;
import org.mprt.ctk.wire.vector.StartsAt;
import org.mprt.ctk.wire.vector.TestVector;
import org.mprt.ctk.wire.vector.VectorLoader;

/**
 * Wireshark's RoCEv2 dissector ("RRoCE" on UDP 4791) decodes the frames our encoder builds as our
 * decoder does: BTH fields for every opcode, MPRT's included, and for RoCEv2 opcodes the AETH,
 * RETH, ImmDt, IETH, DETH, AtomicETH and AtomicAckETH fields and the ICRC bytes.
 */
class TsharkCrossCheckTest {

    private static final int RANDOM_FRAMES = 400;
    private static final long SEED = 0x5EED_7A5EL;

    /** Field, in tshark's naming; the row index of each value follows this order. */
    private static final List<String> FIELDS = List.of(
        "frame.number", "_ws.col.Protocol", "udp.dstport",
        "infiniband.bth.opcode", "infiniband.bth.se", "infiniband.bth.m", "infiniband.bth.padcnt",
        "infiniband.bth.tver", "infiniband.bth.p_key", "infiniband.bth.destqp", "infiniband.bth.a",
        "infiniband.bth.reserved7", "infiniband.bth.psn",
        "infiniband.aeth.syndrome", "infiniband.aeth.msn",
        "infiniband.reth.va", "infiniband.reth.r_key", "infiniband.reth.dmalen",
        "infiniband.immdt", "infiniband.ieth", "infiniband.deth.q_key", "infiniband.deth.srcqp",
        "infiniband.atomiceth.swapdt", "infiniband.atomiceth.cmpdt", "infiniband.atomicacketh.origremdt",
        "infiniband.invariant.crc", "infiniband.vendor", "_ws.expert");

    @TempDir
    static Path work;

    @BeforeAll
    static void requireTshark() throws IOException, InterruptedException {
        Tshark.assumeInstalled();
    }

    @Test
    void shouldDecodeRandomEncodedFramesAsWiresharkDoes() throws IOException, InterruptedException {
        final RandomFrames random = new RandomFrames(SEED);
        final List<byte[]> frames = new ArrayList<>();
        final byte[] buffer = new byte[8192];
        while (frames.size() < RANDOM_FRAMES) {
            final int length = random.next(buffer, 0);
            // tshark reads Ethernet captures; frames that start at IP are covered by the other tests.
            if (random.encoder().networkOffset() > 0) {
                frames.add(Arrays.copyOf(buffer, length));
            }
        }
        compareWithTshark(frames);
    }

    @Test
    void shouldDecodeEveryValidVectorAsWiresharkDoes() throws IOException, InterruptedException {
        final List<byte[]> frames = new ArrayList<>();
        for (final TestVector vector : VectorLoader.fromClasspath()) {
            if (vector.startsAt() == StartsAt.ETHERNET && vector.expectation().status() == DecodeStatus.OK) {
                frames.add(vector.frame());
            }
        }
        assertThat(frames).hasSizeGreaterThan(50);
        compareWithTshark(frames);
    }

    @Test
    void shouldHaveWiresharkReadTheIcrcBytesOnTheWireLeastSignificantFirst() throws IOException, InterruptedException {
        final byte[] buffer = new byte[256];
        final FrameEncoder encoder = new FrameEncoder().opcode(org.mprt.ctk.wire.opcode.OpcodeTable.RC_ACKNOWLEDGE);
        final int length = encoder.begin(buffer, 0).finish();
        final List<String[]> rows = tshark(List.of(Arrays.copyOf(buffer, length)));
        final int icrc = org.mprt.ctk.wire.icrc.Icrc.read(encoder.buffer(), encoder.icrcOffset());
        assertThat(rows.get(0)[FIELDS.indexOf("infiniband.invariant.crc")])
            .isEqualTo(String.format("0x%08x", Integer.reverseBytes(icrc)));
    }

    private static void compareWithTshark(final List<byte[]> frames) throws IOException, InterruptedException {
        final List<String[]> rows = tshark(frames);
        assertThat(rows).hasSameSizeAs(frames);
        final DecodedPacket packet = new DecodedPacket();
        for (int n = 0; n < frames.size(); n++) {
            final byte[] frame = frames.get(n);
            assertThat(PacketDecoder.decodeEthernet(frame, 0, frame.length, packet)).isEqualTo(DecodeStatus.OK);
            final String[] row = rows.get(n);
            final String where = "frame " + (n + 1) + " " + packet.opcode();
            assertThat(row[0]).isEqualTo(Integer.toString(n + 1));
            assertThat(value(row, "_ws.col.Protocol")).as(where).isEqualTo("RRoCE");
            assertThat(value(row, "_ws.expert")).as(where).doesNotContain("Malformed");
            final var bth = packet.bth();
            assertThat(value(row, "infiniband.bth.opcode")).as(where).isEqualTo(Integer.toString(bth.opcode()));
            assertThat(value(row, "infiniband.bth.se")).as(where).isEqualTo(Integer.toString(bth.se()));
            assertThat(value(row, "infiniband.bth.m")).as(where).isEqualTo(Integer.toString(bth.m()));
            assertThat(value(row, "infiniband.bth.padcnt")).as(where).isEqualTo(Integer.toString(bth.padCnt()));
            assertThat(value(row, "infiniband.bth.tver")).as(where).isEqualTo(Integer.toString(bth.tver()));
            assertThat(value(row, "infiniband.bth.p_key")).as(where).isEqualTo(Integer.toString(bth.pKey()));
            assertThat(value(row, "infiniband.bth.destqp")).as(where).isEqualTo(String.format("0x%06x", bth.destQp()));
            assertThat(value(row, "infiniband.bth.a")).as(where).isEqualTo(Integer.toString(bth.ackReq()));
            assertThat(value(row, "infiniband.bth.reserved7")).as(where).isEqualTo(Integer.toString(bth.resv7()));
            assertThat(value(row, "infiniband.bth.psn")).as(where).isEqualTo(Integer.toString(bth.psn()));
            if (packet.opcode().service() == TransportService.MPRT || packet.opcode().service() == TransportService.CNP) {
                // Wireshark 4.0 knows neither: it shows what follows the BTH, ICRC included, as vendor data.
                assertThat(last(row, "infiniband.vendor")).as(where).isEqualTo(HexFormat.of().formatHex(frame, packet.bthOffset() + 12,
                    packet.icrcOffset() + 4));
            } else {
                compareExtensions(row, packet, where);
                assertThat(value(row, "infiniband.invariant.crc")).as(where)
                    .isEqualTo(String.format("0x%08x", Integer.reverseBytes(packet.icrcFound())));
            }
        }
    }

    private static void compareExtensions(final String[] row, final DecodedPacket packet, final String where) {
        final ExtensionHeaders ext = packet.extensions();
        if (ext.has(AethFlyweight.LAYOUT)) {
            assertThat(value(row, "infiniband.aeth.syndrome")).as(where).isEqualTo(Integer.toString(ext.aeth().syndrome()));
            assertThat(value(row, "infiniband.aeth.msn")).as(where).isEqualTo(Integer.toString(ext.aeth().msn()));
        }
        if (ext.has(RethFlyweight.LAYOUT)) {
            assertThat(value(row, "infiniband.reth.va")).as(where).isEqualTo(String.format("0x%016x", ext.reth().virtualAddress()));
            assertThat(value(row, "infiniband.reth.r_key")).as(where).isEqualTo(String.format("0x%08x", ext.reth().rKey()));
            assertThat(value(row, "infiniband.reth.dmalen")).as(where).isEqualTo(Long.toString(ext.reth().dmaLength()));
        }
        if (ext.has(ImmDtFlyweight.LAYOUT)) {
            assertThat(value(row, "infiniband.immdt")).as(where).isEqualTo(String.format("%08x", ext.immDt().immediateData()));
        }
        if (ext.has(IethFlyweight.LAYOUT)) {
            assertThat(value(row, "infiniband.ieth")).as(where).isEqualTo(String.format("%08x", ext.ieth().rKey()));
        }
        if (ext.has(DethFlyweight.LAYOUT)) {
            assertThat(value(row, "infiniband.deth.q_key")).as(where).isEqualTo(String.format("0x%016x", ext.deth().qKey()));
            assertThat(value(row, "infiniband.deth.srcqp")).as(where).isEqualTo(String.format("0x%08x", ext.deth().srcQp()));
        }
        if (ext.has(AtomicEthFlyweight.LAYOUT)) {
            // Wireshark shows the AtomicETH address and key with the RETH's field names.
            assertThat(value(row, "infiniband.reth.va")).as(where).isEqualTo(String.format("0x%016x", ext.atomicEth().virtualAddress()));
            assertThat(value(row, "infiniband.reth.r_key")).as(where).isEqualTo(String.format("0x%08x", ext.atomicEth().rKey()));
            assertThat(value(row, "infiniband.atomiceth.swapdt")).as(where).isEqualTo(Long.toUnsignedString(ext.atomicEth().swapAddData()));
            assertThat(value(row, "infiniband.atomiceth.cmpdt")).as(where).isEqualTo(Long.toUnsignedString(ext.atomicEth().compareData()));
        }
        if (ext.has(AtomicAckEthFlyweight.LAYOUT)) {
            assertThat(value(row, "infiniband.atomicacketh.origremdt")).as(where)
                .isEqualTo(Long.toUnsignedString(ext.atomicAckEth().origRemoteData()));
        }
    }

    /** The first occurrence of a field (Wireshark repeats some, such as ImmDt, as header and value). */
    private static String value(final String[] row, final String field) {
        final int index = FIELDS.indexOf(field);
        final String all = index < row.length ? row[index] : "";
        return field.equals("_ws.expert") ? all : all.split(",", -1)[0];
    }

    private static String last(final String[] row, final String field) {
        final int index = FIELDS.indexOf(field);
        final String[] all = (index < row.length ? row[index] : "").split(",", -1);
        return all[all.length - 1];
    }


    private static List<String[]> tshark(final List<byte[]> frames) throws IOException, InterruptedException {
        return Tshark.fields(Tshark.pcapOf(frames, work), FIELDS);
    }
}
