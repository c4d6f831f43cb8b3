package org.mprt.ctk.verdict.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.pcap.PcapngWriter;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.report.ReportSet;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * Any capture at all is judged, with a verdict for every rule and its reports written: no frame, no
 * field value and no order of packets may crash the decoder, the connection state, a rule or a
 * report. Two searches: captures made up frame by frame, and captured connections altered. Each is a
 * regression test over the inputs kept beside it; {@code JAZZER_FUZZ=1} turns one into a
 * coverage-guided search:
 * <pre>JAZZER_FUZZ=1 mvn -pl verdict test -Dtest='JudgeFuzzTest#judgesAnyAlterationOfACapturedConnection'</pre>
 */
class JudgeFuzzTest {

    private static final LinkType[] LINK_TYPES = {LinkType.ETHERNET, LinkType.RAW, LinkType.LINUX_SLL,
        LinkType.LINUX_SLL2, LinkType.NULL};
    private static final int[] NODES = {0x0A000001, 0x0A000002, 0x0A010001, 0x0A010002};
    private static final List<Opcode> OPCODES = OpcodeTable.all();
    private static final int MAX_FRAMES = 64;
    private static final int MAX_PAYLOAD_BYTES = 256;

    /** One folder for every input (fuzzing calls the test many thousands of times), removed after the class. */
    @TempDir
    static Path folder;
    /** Made once: a judge reads the spec's requirement catalogue when it is made. */
    private static List<CaptureJudge> judges;

    /**
     * Frames that are any bytes, or RoCEv2 and MPRT packets between a few nodes whose headers after the
     * opcode are any bytes, and whose lengths and ICRC are right, so that the behavioural rules see them
     * too; in a classic pcap, or in a pcapng file of up to three interfaces of any link types, each frame
     * with the direction its host saw it go, or, on interface 0, now and then a simple packet block, which
     * records no time.
     */
    @FuzzTest(maxDuration = "10m")
    void judgesAnyCapture(final FuzzedDataProvider data) throws IOException {
        final Path capture = folder.resolve("fuzzed.cap");
        final LinkType[] links = new LinkType[data.consumeBoolean() ? data.consumeInt(1, 3) : 0];
        for (int i = 0; i < links.length; i++) {
            links[i] = data.pickValue(LINK_TYPES);
        }
        final LinkType classic = links.length == 0 ? data.pickValue(LINK_TYPES) : null;
        try (CaptureWriter writer = classic != null ? PcapWriter.create(capture, classic) : pcapng(capture, links)) {
            final FrameEncoder encoder = new FrameEncoder().ethernet(0x02_00_00_00_00_01L, 0x02_00_00_00_00_02L);
            long ns = 0;
            for (int frame = 0; frame < MAX_FRAMES && data.remainingBytes() > 0; frame++) {
                final int on = classic != null ? 0 : data.consumeInt(0, links.length - 1);
                ns += data.consumeLong(0, 1_000_000_000L);
                final byte[] bytes = (classic != null ? classic : links[on]) == LinkType.ETHERNET && data.consumeBoolean()
                    ? packet(encoder, data) : data.consumeBytes(data.consumeInt(0, 2 * MAX_PAYLOAD_BYTES));
                final long original = bytes.length + data.consumeInt(0, 1) * data.consumeInt(0, 64);
                if (writer instanceof PcapngWriter pcapng && on == 0 && data.consumeInt(0, 7) == 0) {
                    pcapng.writeSimple(bytes, 0, bytes.length, bytes.length);
                } else if (writer instanceof PcapngWriter pcapng) {
                    pcapng.write(on, ns, bytes, 0, bytes.length, original, data.pickValue(LinkDirection.values()));
                } else {
                    writer.write(ns, bytes, 0, bytes.length, original);
                }
            }
        }
        final List<CaptureJudge> all = judges();
        final Judgement judgement = all.get(data.consumeInt(0, all.size() - 1)).judge(capture);

        assertThat(judgement.verdicts()).isNotEmpty();
        ReportSet.standard("fuzz").write(judgement, folder.resolve("reports"));
    }

    /**
     * A connection the kit captured, altered: bytes of its frames overwritten (in the transport headers
     * with the ICRC made right again, or anywhere), frames dropped, repeated, swapped, and moved in time,
     * so that every rule meets a conversation that goes wrong in ways nobody wrote a capture for.
     */
    @FuzzTest(maxDuration = "10m")
    void judgesAnyAlterationOfACapturedConnection(final FuzzedDataProvider data) throws IOException {
        final Path capture = folder.resolve("altered.pcap");
        final BaseCapture base = data.pickValue(bases());
        final List<BaseFrame> frames = new ArrayList<>();
        for (final BaseFrame f : base.frames()) {
            frames.add(f.copy());
        }
        final int edits = data.consumeInt(0, 32);
        for (int edit = 0; edit < edits && !frames.isEmpty(); edit++) {
            final int at = data.consumeInt(0, frames.size() - 1);
            final BaseFrame f = frames.get(at);
            switch (data.consumeInt(0, 5)) {
                case 0 -> f.overwriteTransport(data.consumeInt(0, Integer.MAX_VALUE), data.consumeByte(), true);
                case 1 -> f.overwriteTransport(data.consumeInt(0, Integer.MAX_VALUE), data.consumeByte(), false);
                case 2 -> f.overwrite(data.consumeInt(0, Integer.MAX_VALUE), data.consumeByte());
                case 3 -> frames.remove(at);
                case 4 -> frames.add(at, f.copy());
                default -> {
                    f.ns += data.consumeLong(-1_000_000L, 1_000_000L);
                    if (at + 1 < frames.size()) {
                        frames.set(at, frames.get(at + 1));
                        frames.set(at + 1, f);
                    }
                }
            }
        }
        try (CaptureWriter writer = PcapWriter.create(capture, base.link())) {
            for (final BaseFrame f : frames) {
                writer.write(Math.max(0, f.ns), f.bytes);
            }
        }
        final List<CaptureJudge> all = judges();
        final Judgement judgement = all.get(data.consumeInt(0, all.size() - 1)).judge(capture);

        assertThat(judgement.verdicts()).isNotEmpty();
        ReportSet.standard("fuzz").write(judgement, folder.resolve("reports"));
    }

    /** A frame of a base capture, and where its transport headers and ICRC lie when it is RoCEv2 or MPRT. */
    private static final class BaseFrame {
        private long ns;
        private final byte[] bytes;
        private final int networkOffset;
        /** Null when the frame is not a whole RoCEv2 or MPRT packet. */
        private final NetworkKind kind;
        private final int bthOffset;
        private final int icrcOffset;
        /** False once a byte before the BTH was overwritten: the ICRC's offsets may no longer hold. */
        private boolean headersAsCaptured = true;

        BaseFrame(final long ns, final byte[] bytes, final int networkOffset, final NetworkKind kind, final int bthOffset,
                  final int icrcOffset) {
            this.ns = ns;
            this.bytes = bytes;
            this.networkOffset = networkOffset;
            this.kind = kind;
            this.bthOffset = bthOffset;
            this.icrcOffset = icrcOffset;
        }

        BaseFrame copy() {
            final BaseFrame copy = new BaseFrame(ns, bytes.clone(), networkOffset, kind, bthOffset, icrcOffset);
            copy.headersAsCaptured = headersAsCaptured;
            return copy;
        }

        /** Overwrites a byte after the opcode, before the ICRC (none when not a packet), and makes the ICRC right when asked and still possible. */
        void overwriteTransport(final int position, final byte value, final boolean keepIcrc) {
            if (kind == null || icrcOffset <= bthOffset + 1) {
                return;
            }
            bytes[bthOffset + 1 + position % (icrcOffset - bthOffset - 1)] = value;
            if (keepIcrc && headersAsCaptured) {
                Icrc.update(ByteBuffer.wrap(bytes), networkOffset, kind, icrcOffset);
            }
        }

        /** Overwrites any byte of the frame. */
        void overwrite(final int position, final byte value) {
            final int at = position % bytes.length;
            bytes[at] = value;
            headersAsCaptured &= at >= bthOffset;
        }
    }

    private record BaseCapture(LinkType link, List<BaseFrame> frames) {
    }

    private static BaseCapture[] bases;

    /** Every capture of behaviour the kit keeps (both profiles, clean and faulty, every side), read once, in name order. */
    private static BaseCapture[] bases() throws IOException {
        if (bases == null) {
            try (Stream<Path> files = Files.list(Path.of("..", "captures", "behaviour"))) {
                final List<Path> captures = files.filter(f -> f.toString().endsWith(".pcap")).sorted().toList();
                bases = new BaseCapture[captures.size()];
                for (int i = 0; i < captures.size(); i++) {
                    bases[i] = read(captures.get(i));
                }
            }
        }
        return bases;
    }

    private static BaseCapture read(final Path file) throws IOException {
        final List<BaseFrame> frames = new ArrayList<>();
        LinkType link = LinkType.ETHERNET;
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            final NetworkLayer network = new NetworkLayer();
            final DecodedPacket packet = new DecodedPacket();
            while (reader.next(frame)) {
                link = frame.linkType();
                final DecodeStatus status = Judge.decode(frame, network, packet);
                final int start = frame.dataOffset();
                frames.add(status == DecodeStatus.OK
                    ? new BaseFrame(frame.timestampNs(), frame.copyData(), packet.networkOffset() - start,
                        packet.networkKind(), packet.bthOffset() - start, packet.icrcOffset() - start)
                    : new BaseFrame(frame.timestampNs(), frame.copyData(), 0, null, 0, 0));
            }
        }
        return new BaseCapture(link, List.copyOf(frames));
    }

    private static PcapngWriter pcapng(final Path file, final LinkType[] links) throws IOException {
        final PcapngWriter writer = PcapngWriter.create(file, ByteOrder.LITTLE_ENDIAN);
        for (final LinkType link : links) {
            writer.addInterface("", link, PcapngWriter.DEFAULT_SNAP_LENGTH_BYTES);
        }
        return writer;
    }

    /** A packet from one node to another, whose headers after the opcode are the fuzzer's, lengths and ICRC right. */
    private static byte[] packet(final FrameEncoder encoder, final FuzzedDataProvider data) {
        final Opcode opcode = OPCODES.get(data.consumeInt(0, OPCODES.size() - 1));
        final int source = data.pickValue(NODES);
        final int destination = data.pickValue(NODES);
        encoder.ipv4(source, destination).udpSourcePort(data.consumeInt(0, 0xFFFF)).opcode(opcode)
            .recordCount(data.consumeInt(0, 17)).payloadLength(data.consumeInt(0, MAX_PAYLOAD_BYTES));
        final byte[] bytes = new byte[encoder.frameLength()];
        encoder.begin(bytes, 0);
        final int bthFieldsAfterOpcode = encoder.bthOffset() + 1;
        final byte[] headers = data.consumeBytes(encoder.payloadOffset() - bthFieldsAfterOpcode);
        System.arraycopy(headers, 0, bytes, bthFieldsAfterOpcode, headers.length);
        encoder.finish();
        return bytes;
    }

    private static byte[] address(final int ipv4) {
        return new byte[] {(byte) (ipv4 >>> 24), (byte) (ipv4 >>> 16), (byte) (ipv4 >>> 8), (byte) ipv4};
    }

    /** The capture point inferred, stated, and the capture known to hold every connection from its start. */
    private static List<CaptureJudge> judges() throws IOException {
        if (judges == null) {
            judges = List.of(CaptureJudge.standard(), CaptureJudge.standard().fromConnectionStart().fromEmulatedFabric(),
                CaptureJudge.standard().takenAt(List.of(InetAddress.getByAddress(address(NODES[0])))));
        }
        return judges;
    }
}
