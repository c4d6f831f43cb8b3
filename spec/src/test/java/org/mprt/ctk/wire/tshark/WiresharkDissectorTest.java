package org.mprt.ctk.wire.tshark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.wire.ClassicPcap;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.RandomFrames;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.dissector.WiresharkDissector;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.dissector.WiresharkDissector.Dissected;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.vector.StartsAt;
import org.mprt.ctk.wire.vector.TestVector;
import org.mprt.ctk.wire.vector.VectorLoader;

/**
 * Wireshark running the dissector the kit writes ({@code WiresharkDissector}) shows every MPRT field
 * as the kit's decoder reads it: every header field and record, the payload and the ICRC, of random
 * frames of each MPRT opcode, of every MPRT test vector, and of frames cut anywhere after their BTH;
 * it finds MPRT in every link type and encapsulation of the kit's captures; it checks the ICRC of
 * MPRT and RoCEv2 packets as the kit does, a bad one where the kit's decoder finds one (the frames each
 * capture's expectation lists), a good one on every frame of real NICs; and a dissector made from a wrongly placed
 * field, or one that takes a variant byte for invariant, is told apart.
 */
class WiresharkDissectorTest {

    private static final long SEED = 0x1D155EC7L;
    private static final int RANDOM_FRAMES = 300;
    /** Random frames rewritten for the ICRC's tests: the dissector computes it a byte at a time in Lua. */
    private static final int ICRC_FRAMES = 60;
    private static final List<Opcode> MPRT = OpcodeTable.all().stream().filter(o -> o.profile() == Profile.MPRT).toList();
    /** The dissector's own fields, beside those of the spec's tables. */
    private static final List<String> OWN = List.of("mprt.opcode", "mprt.payload", "mprt.icrc", "mprt.icrc.computed",
        "mprt.icrc.status");
    /** Wireshark's checksum statuses, as the dissector's mprt.icrc.status gives them. */
    private static final String BAD = "0";
    private static final String GOOD = "1";
    private static final String UNVERIFIED = "2";
    private static final String MPRT_ICRC = "MPRT-WIRE-007";
    private static final String ROCE_ICRC = "ROCE-ICRC-001";
    /** Where the dissector shows the ICRC's status, for each requirement's packets. */
    private static final Map<String, String> ICRC_STATUS = Map.of(MPRT_ICRC, "mprt.icrc", ROCE_ICRC, "roce_icrc")
        .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue() + ".status"));
    private static final List<Opcode> ROCEV2 = OpcodeTable.all().stream().filter(o -> o.profile() == Profile.ROCEV2).toList();
    private static final List<String> COLUMNS = List.of("frame.number", "_ws.col.Protocol", "_ws.col.Info", "_ws.expert");

    @TempDir
    static Path work;

    @BeforeAll
    static void requireTshark() throws IOException, InterruptedException {
        Tshark.assumeInstalled();
        Tshark.assumeLuaScriptsRun(Path.of("..", "captures", "wire", "mprt-clean.pcap"), work);
    }

    @Test
    void shouldShowRandomFramesOfEveryMprtOpcodeAsTheKitDecodesThem() throws IOException, InterruptedException {
        final List<byte[]> frames = randomFrames(MPRT);
        assertThat(frames.stream().map(f -> opcodeOf(f)).distinct()).hasSize(MPRT.size());
        assertThat(disagreements(frames, dissector(WiresharkDissector.lua()), MPRT)).isEmpty();
    }

    @Test
    void shouldShowEveryMprtVectorAsTheKitDecodesIt() throws IOException, InterruptedException {
        final List<byte[]> frames = new ArrayList<>();
        for (final TestVector vector : VectorLoader.fromClasspath()) {
            if (vector.startsAt() == StartsAt.ETHERNET && vector.expectation().status() == DecodeStatus.OK
                && OpcodeTable.lookup(opcodeOf(vector.frame())) != null
                && OpcodeTable.lookup(opcodeOf(vector.frame())).profile() == Profile.MPRT) {
                frames.add(vector.frame());
            }
        }
        assertThat(frames).hasSizeGreaterThan(5);
        assertThat(disagreements(frames, dissector(WiresharkDissector.lua()), MPRT)).isEmpty();
    }

    @Test
    void shouldShowWhatACutFrameHoldsAndSayItWasCut() throws IOException, InterruptedException {
        final RandomFrames random = new RandomFrames(SEED + 1);
        final byte[] buffer = new byte[8192];
        final List<byte[]> whole = new ArrayList<>();
        final List<byte[]> cut = new ArrayList<>();
        final DecodedPacket packet = new DecodedPacket();
        for (final Opcode opcode : MPRT) {
            int length;
            do {
                length = random.next(buffer, 0, opcode);
            } while (random.encoder().networkOffset() == 0);
            final byte[] frame = Arrays.copyOf(buffer, length);
            PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
            // Every length from the BTH's end to the ICRC's last byte but one.
            for (int end = packet.bthOffset() + 12; end < packet.icrcOffset() + Icrc.ICRC_LENGTH; end += 3) {
                whole.add(frame);
                cut.add(Arrays.copyOf(frame, end));
            }
        }
        final List<String> fields = fieldNames(MPRT);
        final List<String[]> rows = Tshark.fields(Tshark.pcapOf(cut, work), fields, luaScript(dissector(WiresharkDissector.lua())));
        assertThat(rows).hasSameSizeAs(cut);
        final List<String> found = new ArrayList<>();
        for (int n = 0; n < cut.size(); n++) {
            final String[] row = rows.get(n);
            final String where = "frame " + (n + 1) + " (" + cut.get(n).length + " of " + whole.get(n).length + " bytes)";
            final Expected expected = expected(whole.get(n), fields, cut.get(n).length);
            compare(row, fields, expected, where, found);
            if (!cell(row, fields, "_ws.expert").contains("Cut short by the capture")) {
                found.add(where + ": no expert note that the capture cut it");
            }
        }
        assertThat(found).isEmpty();
    }

    @Test
    void shouldFindMprtInsideEveryLinkTypeAndEncapsulationOfTheKitsCaptures() throws IOException, InterruptedException {
        final Path dissector = dissector(WiresharkDissector.lua());
        final List<String> fields = List.of("frame.number", "_ws.col.Protocol", "_ws.expert", "infiniband.bth.opcode",
            "mprt.icrc.status", "roce_icrc.status");
        final List<String> found = new ArrayList<>();
        int captures = 0;
        final Map<String, Integer> judgedIcrc = new TreeMap<>();
        try (Stream<Path> files = Stream.of("wire", "live").flatMap(WiresharkDissectorTest::capturesIn)) {
            for (final Path capture : (Iterable<Path>) files::iterator) {
                captures++;
                int mprt = 0;
                final Map<String, Set<Long>> badIcrc = Map.of(MPRT_ICRC, new TreeSet<>(), ROCE_ICRC, new TreeSet<>());
                for (final String[] row : Tshark.fields(capture, fields, luaScript(dissector))) {
                    badIcrc.forEach((requirement, bad) -> {
                        if (cell(row, fields, ICRC_STATUS.get(requirement)).equals(BAD)) {
                            bad.add(Long.parseLong(row[0]));
                        }
                    });
                    final String[] opcodes = cell(row, fields, "infiniband.bth.opcode").split(",");
                    final int opcode = opcodes[0].isEmpty() ? -1 : Integer.parseInt(opcodes[opcodes.length - 1]);
                    final boolean isMprt = opcode >= OpcodeTable.MPRT_RANGE_FIRST && opcode <= OpcodeTable.MPRT_RANGE_LAST;
                    mprt += isMprt ? 1 : 0;
                    if (cell(row, fields, "_ws.expert").contains("Lua Error")
                        || isMprt != cell(row, fields, "_ws.col.Protocol").equals("MPRT")) {
                        found.add(capture + " frame " + row[0] + ": " + String.join(" | ", row));
                    }
                }
                if (capture.getFileName().toString().startsWith("mprt-") && mprt == 0) {
                    found.add(capture + ": no MPRT packet found");
                }
                final Optional<Set<Long>> mismatches = expectedIcrcMismatches(capture);
                if (mismatches.isPresent()) {
                    final Set<Long> shownBad = new TreeSet<>();
                    badIcrc.forEach((requirement, bad) -> {
                        shownBad.addAll(bad);
                        judgedIcrc.merge(requirement, bad.isEmpty() ? 0 : 1, Integer::sum);
                    });
                    judgedIcrc.merge("captures", 1, Integer::sum);
                    if (!mismatches.get().equals(shownBad)) {
                        found.add(capture + ": frames " + shownBad + " shown with a bad ICRC, where the kit finds the ICRC"
                            + " of frames " + mismatches.get() + " wrong");
                    }
                }
            }
        }
        assertThat(captures).isGreaterThan(20);
        assertThat(judgedIcrc.get("captures")).isGreaterThan(20);
        assertThat(judgedIcrc.get(MPRT_ICRC)).isGreaterThan(5);
        assertThat(judgedIcrc.get(ROCE_ICRC)).isGreaterThan(1);
        assertThat(found).isEmpty();
    }

    /**
     * The frames whose headers are whole and whose ICRC the kit finds wrong, as the capture's expectation
     * lists them ({@code icrcMismatches}, which the verdict module's replay checks against the kit's
     * decoder; none when absent), or nothing when the capture has no expectation.
     */
    private static Optional<Set<Long>> expectedIcrcMismatches(final Path capture) throws IOException {
        final Path expected = capture.resolveSibling(capture.getFileName().toString().replaceAll("\\.pcap(ng)?$", ".expected.json"));
        if (!Files.exists(expected)) {
            return Optional.empty();
        }
        final String text = Files.readString(expected);
        if (text.contains("\"error\"")) {
            return Optional.empty();
        }
        final Matcher m = Pattern.compile("\"icrcMismatches\":\\s*\\[([^\\]]*)\\]").matcher(text);
        if (!m.find()) {
            return Optional.of(Set.of());
        }
        return Optional.of(Arrays.stream(m.group(1).split(",")).map(String::trim).map(Long::parseLong)
            .collect(Collectors.toCollection(TreeSet::new)));
    }

    private static Stream<Path> capturesIn(final String folder) {
        try {
            return Files.list(Path.of("..", "captures", folder)).filter(p -> p.toString().matches(".*\\.pcap(ng)?$")).sorted();
        } catch (final IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void shouldNameAReservedOpcodeOfMprtsRangeAsSuch() throws IOException, InterruptedException {
        final byte[] frame = randomFrames(List.of(OpcodeTable.MPRT_WRITE)).get(0);
        final DecodedPacket packet = new DecodedPacket();
        PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
        frame[packet.bthOffset()] = (byte) 0xD0;
        final List<String> fields = fieldNames(MPRT);
        final String[] row = Tshark.fields(Tshark.pcapOf(List.of(frame), work), fields,
            luaScript(dissector(WiresharkDissector.lua()))).get(0);
        assertThat(cell(row, fields, "_ws.col.Info")).isEqualTo("MPRT reserved opcode 0xD0");
        assertThat(cell(row, fields, "_ws.expert")).contains("opcode 0xD0 is not defined (mprt-v0.1.md section 3.3)");
        assertThat(normalised(cell(row, fields, "mprt.opcode"))).isEqualTo("208");
        assertThat(cell(row, fields, "mprt.mdeth.path_id")).isEmpty();
    }

    @Test
    void shouldSayWhereAnOpcodeWithoutPayloadCarriesSome() throws IOException, InterruptedException {
        final byte[] buffer = new byte[512];
        final FrameEncoder encoder = new FrameEncoder().opcode(OpcodeTable.MPRT_ACK).recordCount(1).payloadLength(6);
        final byte[] frame = Arrays.copyOf(buffer, encoder.begin(buffer, 0).finish());
        final List<String> fields = fieldNames(MPRT);
        final String[] row = Tshark.fields(Tshark.pcapOf(List.of(frame), work), fields,
            luaScript(dissector(WiresharkDissector.lua()))).get(0);
        // Two bytes of pad follow the six, so eight stand between the MAETH and the ICRC.
        assertThat(cell(row, fields, "_ws.expert")).contains("8 bytes between the headers and the ICRC, where MPRT_ACK carries none");
        assertThat(normalised(cell(row, fields, "mprt.icrc")))
            .isEqualTo(Long.toString(Icrc.read(ByteBuffer.wrap(frame), encoder.icrcOffset()) & 0xFFFF_FFFFL));
        assertThat(cell(row, fields, "mprt.payload")).isEmpty();
    }

    @Test
    void shouldTellADissectorWithAWronglyPlacedFieldApart() throws IOException, InterruptedException {
        // MSN and message_offset trade places in a WRITE's MDETH.
        final FieldSpec offsetFirst = FieldSpec.field("mprt.mdeth.message_offset", "message_offset", 8, 32, FieldSpec.Base.DEC);
        final FieldSpec msnSecond = FieldSpec.field("mprt.mdeth.msn", "MSN", 12, 32, FieldSpec.Base.DEC);
        final List<FieldSpec> fields = new ArrayList<>(MdethFlyweight.WRITE_LAYOUT.fields());
        fields.set(fields.indexOf(MdethFlyweight.MSN), offsetFirst);
        fields.set(fields.indexOf(MdethFlyweight.MESSAGE_OFFSET), msnSecond);
        final HeaderLayout wrong = HeaderLayout.of("mprt.mdeth", "MDETH (WRITE)", "mprt-v0.1.md section 3.4",
            fields.toArray(FieldSpec[]::new));
        final Dissected write = Dissected.of(OpcodeTable.MPRT_WRITE);
        final Path dissector = dissector(WiresharkDissector.lua(List.of(
            new Dissected(write.code(), write.name(), write.payload(), List.of(wrong)))));
        final List<Opcode> writes = List.of(OpcodeTable.MPRT_WRITE);
        final List<String> found = disagreements(randomFrames(writes), dissector, writes);
        assertThat(found).isNotEmpty().allMatch(d -> d.contains("mprt.mdeth.msn") || d.contains("mprt.mdeth.message_offset"));
    }

    @Test
    void shouldCheckTheIcrcAsTheKitDoesWhateverTheNetworkRewrote() throws IOException, InterruptedException {
        final Path dissector = dissector(WiresharkDissector.lua());
        assertThat(icrcDisagreements(rewritten(randomFrames(MPRT).subList(0, ICRC_FRAMES)), dissector, "mprt.icrc")).isEmpty();
        assertThat(icrcDisagreements(rewritten(randomFrames(ROCEV2).subList(0, ICRC_FRAMES)), dissector, "roce_icrc")).isEmpty();
    }

    @Test
    void shouldFindTheIcrcOfEveryRoceFrameFromRealNicsGood() throws IOException, InterruptedException {
        ClassicPcap.assumeExternalCapture();
        // Its ACKs leave from UDP port 69, which Wireshark would otherwise take for TFTP.
        final List<String> options = new ArrayList<>(luaScript(dissector(WiresharkDissector.lua())));
        options.addAll(List.of("--disable-protocol", "tftp"));
        final Map<String, Long> statuses = Tshark.fields(ClassicPcap.EXTERNAL_CAPTURE, List.of("frame.number",
            "roce_icrc.status"), options).stream().collect(Collectors.groupingBy(row -> row[1], TreeMap::new, Collectors.counting()));
        // The other 18 frames are TCP, ARP and ICMPv6.
        assertThat(statuses).isEqualTo(Map.of("", 18L, GOOD, 105L));
    }

    @Test
    void shouldTellADissectorThatTakesAVariantByteAsInvariantApart() throws IOException, InterruptedException {
        final String lua = WiresharkDissector.lua();
        final String ipv4 = Arrays.stream(Icrc.variantBytes(Icrc.VariantHeader.IPV4)).mapToObj(Integer::toString)
            .collect(Collectors.joining(", "));
        // The IPv4 header checksum's second byte left out of the ones.
        final String wrong = lua.replace("IPV4 = { " + ipv4 + " }", "IPV4 = { " + ipv4.substring(0, ipv4.lastIndexOf(',')) + " }");
        assertThat(wrong).isNotEqualTo(lua);
        final List<String> found = icrcDisagreements(rewritten(randomFrames(MPRT).subList(0, ICRC_FRAMES)), dissector(wrong),
            "mprt.icrc");
        assertThat(found).isNotEmpty().allMatch(d -> d.contains("mprt.icrc"));
    }

    /**
     * Each frame twice: once with every field a network may rewrite (IP's DSCP, ECN, TTL or hop limit,
     * flow label and header checksum, the UDP checksum, the BTH's FECN, BECN and resv6) set anew,
     * which leaves the ICRC good, and once with a byte of the source address changed, which does not.
     */
    private static List<byte[]> rewritten(final List<byte[]> frames) {
        final SplittableRandom random = new SplittableRandom(SEED + 2);
        final DecodedPacket packet = new DecodedPacket();
        final List<byte[]> out = new ArrayList<>();
        for (final byte[] frame : frames) {
            PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
            final byte[] variant = frame.clone();
            final ByteBuffer v = ByteBuffer.wrap(variant);
            final int ip = packet.networkOffset();
            final List<FieldSpec> ipFields = packet.networkKind() == NetworkKind.IPV4
                ? List.of(Ipv4Flyweight.DSCP, Ipv4Flyweight.ECN, Ipv4Flyweight.TTL, Ipv4Flyweight.HEADER_CHECKSUM)
                : List.of(Ipv6Flyweight.DSCP, Ipv6Flyweight.ECN, Ipv6Flyweight.FLOW_LABEL, Ipv6Flyweight.HOP_LIMIT);
            ipFields.forEach(f -> f.write(v, ip, random.nextLong(1L << f.bitWidth())));
            UdpFlyweight.CHECKSUM.write(v, packet.udpOffset(), random.nextInt(1 << 16));
            for (final FieldSpec f : List.of(BthFlyweight.FECN, BthFlyweight.BECN, BthFlyweight.RESV6)) {
                f.write(v, packet.bthOffset(), random.nextLong(1L << f.bitWidth()));
            }
            out.add(variant);
            final byte[] invariant = frame.clone();
            final int source = packet.networkKind() == NetworkKind.IPV4 ? Ipv4Flyweight.SOURCE.byteOffset()
                : Ipv6Flyweight.SOURCE_FIELD_OFFSET;
            invariant[ip + source + random.nextInt(4)] ^= (byte) (1 + random.nextInt(255));
            out.add(invariant);
        }
        return out;
    }

    /** Where Wireshark with the dissector shows a frame's ICRC status or computed ICRC otherwise than the kit: one line each. */
    private static List<String> icrcDisagreements(final List<byte[]> frames, final Path dissector, final String prefix)
        throws IOException, InterruptedException {
        final String statusField = prefix + ".status";
        final String computedField = prefix + ".computed";
        final List<String> fields = List.of("frame.number", statusField, computedField, "_ws.expert");
        final List<String[]> rows = Tshark.fields(Tshark.pcapOf(frames, work), fields, luaScript(dissector));
        assertThat(rows).hasSameSizeAs(frames);
        final DecodedPacket packet = new DecodedPacket();
        final List<String> found = new ArrayList<>();
        final Map<String, Integer> statuses = new TreeMap<>();
        for (int n = 0; n < frames.size(); n++) {
            PacketDecoder.decodeEthernet(frames.get(n), 0, frames.get(n).length, packet);
            final String status = icrcStatus(packet);
            final String computed = packet.isIcrcChecked() ? Long.toString(packet.icrcComputed() & 0xFFFF_FFFFL) : "";
            statuses.merge(status, 1, Integer::sum);
            final String[] row = rows.get(n);
            if (!cell(row, fields, statusField).equals(status) || !normalised(cell(row, fields, computedField)).equals(computed)) {
                found.add("frame " + (n + 1) + ": " + statusField + " " + cell(row, fields, statusField) + " and "
                    + computedField + " " + cell(row, fields, computedField) + ", decoded as " + status + " and " + computed);
            }
            if (status.equals(BAD) != cell(row, fields, "_ws.expert").contains("computed 0x")) {
                found.add("frame " + (n + 1) + ": " + statusField + " " + status + " and expert notes "
                    + cell(row, fields, "_ws.expert"));
            }
        }
        assertThat(statuses).containsKeys(GOOD, BAD);
        return found;
    }

    private static List<byte[]> randomFrames(final List<Opcode> opcodes) {
        final RandomFrames random = new RandomFrames(SEED);
        final List<byte[]> frames = new ArrayList<>();
        final byte[] buffer = new byte[8192];
        while (frames.size() < RANDOM_FRAMES) {
            final int length = random.next(buffer, 0, opcodes.get(random.random().nextInt(opcodes.size())));
            // text2pcap writes Ethernet captures.
            if (random.encoder().networkOffset() > 0) {
                frames.add(Arrays.copyOf(buffer, length));
            }
        }
        return frames;
    }

    private static int opcodeOf(final byte[] frame) {
        final DecodedPacket packet = new DecodedPacket();
        PacketDecoder.decodeEthernet(frame, 0, frame.length, packet);
        return packet.opcodeValue();
    }

    private static Path dissector(final String lua) throws IOException {
        final Path file = Files.createTempFile(work, "mprt", ".lua");
        Files.writeString(file, lua, StandardCharsets.UTF_8);
        return file;
    }

    private static List<String> luaScript(final Path dissector) {
        return List.of("-X", "lua_script:" + dissector);
    }

    /** Where Wireshark with the dissector shows the frames otherwise than the kit decodes them: one line each. */
    private static List<String> disagreements(final List<byte[]> frames, final Path dissector, final List<Opcode> opcodes)
        throws IOException, InterruptedException {
        final List<String> fields = fieldNames(opcodes);
        final List<String[]> rows = Tshark.fields(Tshark.pcapOf(frames, work), fields, luaScript(dissector));
        assertThat(rows).hasSameSizeAs(frames);
        final List<String> found = new ArrayList<>();
        for (int n = 0; n < frames.size(); n++) {
            compare(rows.get(n), fields, expected(frames.get(n), fields, frames.get(n).length), "frame " + (n + 1), found);
        }
        return found;
    }

    /** What Wireshark should show of a frame: each field's values, and how many reserved fields are not zero. */
    private record Expected(List<String> values, int reservedNotZero, List<String> info) {
    }

    private static void compare(final String[] row, final List<String> fields, final Expected expected, final String where,
                                final List<String> found) {
        if (!cell(row, fields, "_ws.col.Protocol").equals("MPRT")) {
            found.add(where + ": protocol column " + cell(row, fields, "_ws.col.Protocol") + ", expected MPRT");
        }
        if (cell(row, fields, "_ws.expert").contains("Lua Error")) {
            found.add(where + ": " + cell(row, fields, "_ws.expert"));
        }
        for (int i = COLUMNS.size(); i < fields.size(); i++) {
            final String shown = normalised(cell(row, fields, fields.get(i)));
            if (!shown.equals(expected.values().get(i))) {
                found.add(where + ": " + fields.get(i) + " shown as " + shown + ", decoded as " + expected.values().get(i));
            }
        }
        final String info = cell(row, fields, "_ws.col.Info");
        if (!info.startsWith(expected.info().get(0)) || !expected.info().stream().allMatch(info::contains)) {
            found.add(where + ": Info column " + info + ", expected " + expected.info());
        }
        final int notes = cell(row, fields, "_ws.expert").split(" is sent as zero \\(", -1).length - 1;
        if (notes != expected.reservedNotZero()) {
            found.add(where + ": " + notes + " expert notes of a reserved field not zero, expected " + expected.reservedNotZero());
        }
    }

    /** The columns, the dissector's own fields, then every field of the opcodes' headers, each once. */
    private static List<String> fieldNames(final List<Opcode> opcodes) {
        final Set<String> names = new LinkedHashSet<>(COLUMNS);
        names.addAll(OWN);
        for (final Opcode opcode : opcodes) {
            for (final HeaderLayout layout : opcode.headers()) {
                Stream.concat(layout.fields().stream(), layout.recordFields().stream()).forEach(f -> names.add(f.id()));
            }
        }
        return List.copyOf(names);
    }

    /**
     * What each field of {@code fields} should show for the frame as the kit decodes it whole, when
     * the capture holds its first {@code captured} bytes: a field the capture cut is not shown.
     */
    private static Expected expected(final byte[] frame, final List<String> fields, final int captured) {
        final DecodedPacket packet = new DecodedPacket();
        assertThat(PacketDecoder.decodeEthernet(frame, 0, frame.length, packet)).isEqualTo(DecodeStatus.OK);
        final ByteBuffer buffer = ByteBuffer.wrap(frame);
        final List<List<String>> values = new ArrayList<>();
        fields.forEach(f -> values.add(new ArrayList<>()));
        values.get(fields.indexOf("mprt.opcode")).add(Integer.toString(packet.opcodeValue()));
        final ExtensionHeaders ext = packet.extensions();
        boolean held = true;
        for (int i = 0; i < ext.count() && held; i++) {
            final HeaderLayout layout = ext.layout(i);
            final int at = ext.offset(i);
            held = show(layout.fields(), buffer, at, captured, fields, values);
            for (int k = 0; k < layout.recordCount(buffer, at) && held; k++) {
                held = show(layout.recordFields(), buffer, at + layout.length(k), captured, fields, values);
            }
        }
        if (held && packet.payloadLength() > 0 && packet.payloadOffset() < captured) {
            values.get(fields.indexOf("mprt.payload")).add(HexFormat.of().formatHex(frame, packet.payloadOffset(),
                Math.min(captured, packet.payloadOffset() + packet.payloadLength())));
        }
        if (held && packet.icrcOffset() + Icrc.ICRC_LENGTH <= captured) {
            values.get(fields.indexOf("mprt.icrc")).add(Long.toString(Icrc.read(buffer, packet.icrcOffset()) & 0xFFFF_FFFFL));
            values.get(fields.indexOf("mprt.icrc.computed")).add(Long.toString(packet.icrcComputed() & 0xFFFF_FFFFL));
            values.get(fields.indexOf("mprt.icrc.status")).add(icrcStatus(packet));
        }
        final int reservedNotZero = (int) fields.stream().filter(WiresharkDissectorTest::isReserved)
            .flatMap(f -> values.get(fields.indexOf(f)).stream()).filter(v -> !v.equals("0")).count();
        final List<String> info = new ArrayList<>(List.of(packet.opcode().name() + " PSN=" + packet.bth().psn()));
        if (ext.has(MnethFlyweight.LAYOUT) && MprtNakCode.of(ext.mneth().nakCode()) != null && held) {
            info.add(" nak_code=" + MprtNakCode.of(ext.mneth().nakCode()).name() + " ");
        }
        return new Expected(values.stream().map(v -> String.join(",", v)).toList(), reservedNotZero, info);
    }

    /** The ICRC status the dissector should show for a packet as the kit decodes it. */
    private static String icrcStatus(final DecodedPacket packet) {
        return !packet.isIcrcChecked() ? UNVERIFIED : packet.icrcMatches() ? GOOD : BAD;
    }

    private static boolean isReserved(final String field) {
        return MPRT.stream().flatMap(o -> o.headers().stream())
            .flatMap(h -> Stream.concat(h.fields().stream(), h.recordFields().stream()))
            .anyMatch(f -> f.id().equals(field) && f.reserved());
    }

    /** Adds the values of the fields the capture holds whole; false when it cut one. */
    private static boolean show(final List<FieldSpec> rows, final ByteBuffer buffer, final int at, final int captured,
                                final List<String> fields, final List<List<String>> values) {
        for (final FieldSpec f : rows) {
            if (at + f.endByteOffset() > captured) {
                return false;
            }
            final String value = f.isWide() ? HexFormat.of().formatHex(buffer.array(), at + f.byteOffset(), at + f.endByteOffset())
                : Long.toUnsignedString(f.read(buffer, at));
            values.get(fields.indexOf(f.id())).add(value);
        }
        return true;
    }

    private static String cell(final String[] row, final List<String> fields, final String field) {
        final int index = fields.indexOf(field);
        return index < row.length ? row[index] : "";
    }

    /** tshark's text of a value as the kit writes it: numbers in decimal, flags as 0 or 1, bytes in hex. */
    private static String normalised(final String cell) {
        if (cell.isEmpty()) {
            return cell;
        }
        final List<String> out = new ArrayList<>();
        for (final String value : cell.split(",", -1)) {
            if (value.startsWith("0x")) {
                out.add(Long.toUnsignedString(Long.parseUnsignedLong(value.substring(2), 16)));
            } else if (value.equals("True") || value.equals("False")) {
                out.add(value.equals("True") ? "1" : "0");
            } else {
                out.add(value.replace(":", ""));
            }
        }
        return String.join(",", out);
    }

}
