package org.mprt.ctk.conformance.glue;

import io.cucumber.java.DataTableType;
import io.cucumber.java.ParameterType;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mprt.ctk.conformance.probe.ProbeFault;
import org.mprt.ctk.conformance.probe.ProbePacket;
import org.mprt.ctk.conformance.probe.ProbePath;
import org.mprt.ctk.conformance.probe.RoceProbeFault;
import org.mprt.ctk.conformance.runtime.FrameKind;
import org.mprt.ctk.conformance.runtime.Impairment;
import org.mprt.ctk.conformance.runtime.Quantity;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.conformance.runtime.TimeBound;
import org.mprt.ctk.conformance.runtime.TrafficRow;
import org.mprt.ctk.dut.MutantDut;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.wire.mprt.MprtNakCode;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * The feature files' vocabulary of values (STYLE.md section 5: Cucumber expressions with custom
 * parameter types, not regexes in steps). Each type reads its words as the spec writes them and
 * turns a value that cannot be meant into an input error that says what was expected.
 */
public final class ParameterTypes {

    private static final RequirementCatalogue CATALOGUE = RequirementCatalogue.fromClasspath();
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    /** {@code MPRT-WIRE-007}: a requirement of the spec. */
    @ParameterType(name = "requirement", value = "(?:MPRT|ROCE)-[A-Z]+-\\d{3}")
    public String requirement(final String id) {
        if (CATALOGUE.find(id).isEmpty()) {
            throw new ScenarioInputException(id + " is not a requirement of the spec: expected an ID defined in "
                + "spec/mprt-v0.1.md or spec/rocev2-baseline.md");
        }
        return id;
    }

    /** {@code PSN 5}, or {@code PSN -1} for 2^24 - 1 (a path's cumulative PSN before anything arrived). */
    @ParameterType(name = "psn", value = "PSN -?\\d+")
    public Integer psn(final String words) {
        final String number = words.substring("PSN ".length());
        if (number.equals("-1")) {
            return SerialNumber.MASK_24;
        }
        if (number.startsWith("-")) {
            throw new ScenarioInputException(words + ": expected a 24-bit PSN from 0 to " + SerialNumber.MASK_24 + ", or -1");
        }
        return (int) Quantity.whole(number, "PSN", SerialNumber.MASK_24);
    }

    /** {@code path 3}. */
    @ParameterType(name = "path", value = "path \\d+")
    public Integer path(final String words) {
        return bounded(words, "path", 63);
    }

    /** {@code path 1} of a probe's first connection, or {@code path 1 of connection 2}. */
    @ParameterType(name = "probePath", value = "path \\d+(?: of connection \\d+)?")
    public ProbePath probePath(final String words) {
        final Matcher m = NUMBER.matcher(words);
        m.find();
        final int path = bounded("path " + m.group(), "path", 63);
        return new ProbePath(m.find() ? connection("connection " + m.group()) : 0, path);
    }

    /** {@code connection 1}: one of a probe's connections, the first being connection 0. */
    @ParameterType(name = "connection", value = "connection \\d+")
    public Integer connection(final String words) {
        return bounded(words, "connection", 7);
    }

    /** {@code stream 1}. */
    @ParameterType(name = "stream", value = "stream \\d+")
    public Integer stream(final String words) {
        return bounded(words, "stream", 65534);
    }

    /** A loss rate: {@code 1%}, {@code 0.5%} or {@code 0.01}. */
    @ParameterType(name = "loss", value = "\\d+(?:\\.\\d+)?%?")
    public Double loss(final String words) {
        return Quantity.fraction(words, "loss rate");
    }

    /** Any other share of packets (corruption, marking): {@code 1%} or {@code 0.01}. */
    @ParameterType(name = "share", value = "\\d+(?:\\.\\d+)?%?")
    public Double share(final String words) {
        return Quantity.fraction(words, "share of packets");
    }

    /** {@code 4096 bytes}, {@code 64 KiB}, {@code 1 MiB}. */
    @ParameterType(name = "bytes", value = "\\d+ ?(?:bytes|byte|B|KiB|MiB)")
    public Long bytes(final String words) {
        return Quantity.bytes(words);
    }

    /** {@code 100 Gb/s}. */
    @ParameterType(name = "rate", value = "\\d+(?:\\.\\d+)? ?(?:Gb/s|Mb/s)")
    public Long rate(final String words) {
        return Quantity.rateBps(words);
    }

    /** {@code 2 µs}, {@code 1.5 ms}, or a timer of mprt-v0.1.md section 14 such as {@code ACK_REQ_DELAY}. */
    @ParameterType(name = "time", value = "\\d+(?:\\.\\d+)? ?(?:ns|µs|us|ms|s)|[A-Z][A-Z_]*[A-Z]")
    public TimeBound time(final String words) {
        return TimeBound.parse(words);
    }

    /** A mutant of the reference implementation: {@code BAD_ICRC}. */
    @ParameterType(name = "mutant", value = "[A-Z][A-Z0-9_]*[A-Z0-9]")
    public String mutant(final String name) {
        if (!MutantDut.names().contains(name)) {
            throw new ScenarioInputException("unknown mutant '" + name + "': expected one of " + String.join(", ", MutantDut.names()));
        }
        return name;
    }

    /** A NAK code of mprt-v0.1.md section 3.6: {@code RKEY_VIOLATION}. */
    @ParameterType(name = "nak", value = "[A-Z][A-Z_]*[A-Z]")
    public MprtNakCode nak(final String name) {
        for (final MprtNakCode code : MprtNakCode.values()) {
            if (code.name().equals(name)) {
                return code;
            }
        }
        throw new ScenarioInputException("NAK code '" + name + "': expected one of " + java.util.Arrays.toString(MprtNakCode.values()));
    }

    /** What a probe packet does wrong on purpose (see {@link ProbeFault}). */
    @ParameterType(name = "fault", value = "a bad ICRC|its MDETH cut short|a non-zero reserved field"
        + "|F clear on the first packet of its message|L clear on the last packet of its message"
        + "|a payload that runs past message_length|a forged rkey|the rkey of another connection"
        + "|an address past the end of the region|an address range that wraps past 2\\^64|an unknown destination connection")
    public ProbeFault fault(final String words) {
        return ProbeFault.fromWords(words);
    }

    /** What a RoCEv2 probe request does wrong on purpose (see {@link RoceProbeFault}). */
    @ParameterType(name = "roceFault", value = "a bad ICRC|DestQP 0|a forged rkey|an address past the end of the region|ECN CE")
    public RoceProbeFault roceFault(final String words) {
        return RoceProbeFault.fromWords(words);
    }

    /** The kind of a multi-packet MPRT message a probe sends: {@code WRITE} or {@code SEND}. */
    @ParameterType(name = "message", value = "WRITE|SEND")
    public ProbePacket.Kind message(final String words) {
        return ProbePacket.Kind.valueOf(words);
    }

    /** An RC request of rocev2-baseline.md section 2: {@code an RDMA WRITE First}, {@code a SEND Only}, ... */
    @ParameterType(name = "request", value = "an RDMA WRITE (?:First|Middle|Last|Only)|a SEND (?:First|Middle|Last|Only)")
    public Opcode request(final String words) {
        final String[] w = words.split(" ");
        final String name = (w[1].equals("SEND") ? "SEND_" : "RDMA_WRITE_") + w[w.length - 1].toUpperCase(java.util.Locale.ROOT);
        for (int code = OpcodeTable.RC_SEND_FIRST.code(); code <= OpcodeTable.RC_RDMA_WRITE_ONLY.code(); code++) {
            final Opcode opcode = OpcodeTable.lookup(code);
            if (opcode != null && opcode.name().equals(name)) {
                return opcode;
            }
        }
        throw new ScenarioInputException("request '" + words + "': expected an RC SEND or RDMA WRITE First, Middle, Last or Only");
    }

    /** A NAK code of the AETH (rocev2-baseline.md section 7): {@code PSN_SEQUENCE_ERROR}, {@code REMOTE_ACCESS_ERROR}, ... */
    @ParameterType(name = "roceNak", value = "[A-Z][A-Z_]*[A-Z]")
    public AethSyndrome.NakCode roceNak(final String name) {
        for (final AethSyndrome.NakCode code : AethSyndrome.NakCode.values()) {
            if (code.name().equals(name)) {
                return code;
            }
        }
        throw new ScenarioInputException("RoCEv2 NAK code '" + name + "': expected one of "
            + java.util.Arrays.toString(AethSyndrome.NakCode.values()));
    }

    /** Frames a verdict points at: {@code data packets}, {@code ACKs}, {@code PAUSE frames}, ... */
    @ParameterType(name = "frames", value = "data packets|ACKs|NAKs|PROBEs|PROBE_REPLYs|RoCEv2 packets|PAUSE frames|frames")
    public FrameKind frames(final String words) {
        return FrameKind.fromPlural(words);
    }

    /** A reserved MPRT opcode (mprt-v0.1.md section 3.3): {@code 0xC2}. */
    @ParameterType(name = "opcode", value = "0x[0-9A-Fa-f]{2}")
    public Integer opcode(final String words) {
        final int code = Integer.parseInt(words.substring(2), 16);
        if (code < OpcodeTable.MPRT_RANGE_FIRST || code > OpcodeTable.MPRT_RANGE_LAST || OpcodeTable.lookup(code) != null) {
            throw new ScenarioInputException("opcode " + words + ": expected a reserved MPRT opcode, 0xC0 to 0xDF but none of "
                + "0xC0, 0xC1 and 0xC8 to 0xCB");
        }
        return code;
    }

    /** The PSNs an ACK's bitmap holds: {@code an empty SACK}, {@code a SACK for PSN 1}, {@code a SACK for PSNs 1, 3 and 4}. */
    @ParameterType(name = "sack", value = "an empty SACK|a SACK for PSNs? \\d+(?:(?:, | and )\\d+)*")
    public SortedSet<Integer> sack(final String words) {
        final SortedSet<Integer> psns = new TreeSet<>();
        final Matcher m = NUMBER.matcher(words);
        while (m.find()) {
            psns.add((int) Quantity.whole(m.group(), "PSN", SerialNumber.MASK_24));
        }
        return psns;
    }

    /** Whose sending path a path impairment names: {@code the device's} or {@code the tester's}. */
    @ParameterType(name = "end", value = "the device's|the tester's")
    public Impairment.PathEnd end(final String words) {
        return words.equals("the device's") ? Impairment.PathEnd.DEVICE : Impairment.PathEnd.TESTER;
    }

    /** {@code RDMA WRITEs}, {@code SENDs}. */
    @ParameterType(name = "operation", value = "RDMA WRITEs?|SENDs?")
    public TrafficRow.Operation operation(final String words) {
        return TrafficRow.Operation.parse(words);
    }

    /** A traffic table row: sender, operation, stream, messages, size, and optionally when it is posted (from). */
    @DataTableType
    public TrafficRow trafficRow(final Map<String, String> row) {
        return new TrafficRow(TrafficRow.Side.parse(cell(row, "sender")), TrafficRow.Operation.parse(cell(row, "operation")),
            TrafficRow.parseStream(cell(row, "stream")), count(cell(row, "messages")),
            Quantity.bytes(cell(row, "size")), row.containsKey("from") ? Quantity.timeNs(cell(row, "from")) : 0);
    }

    private static String cell(final Map<String, String> row, final String column) {
        final String value = row.get(column);
        if (value == null) {
            throw new ScenarioInputException("traffic table without a '" + column + "' column: expected the columns "
                + "sender, operation, stream, messages, size (and, for rows posted later, from)");
        }
        return value;
    }

    private static int count(final String cell) {
        try {
            return Integer.parseInt(cell.trim());
        } catch (final NumberFormatException e) {
            throw new ScenarioInputException("messages '" + cell + "': expected a whole number of messages");
        }
    }

    private static Integer bounded(final String words, final String what, final int most) {
        return (int) Quantity.whole(words.substring(what.length() + 1), what, most);
    }
}
