package org.mprt.ctk.verdict.expectation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * What a capture in {@code captures/} is expected to yield, read from the
 * {@code NAME.expected.json} beside it (format: {@code captures/README.md}). Either verdicts (named
 * requirements with their outcome, and for a failure the deciding frames; every other requirement
 * must not fail), or an input error (the capture is malformed, and the error must name this frame
 * and byte offset). It may also say where the capture was taken ({@code takenAt}, the addresses of
 * one node) and that it holds every connection from its start ({@code fromConnectionStart}), as a
 * user would tell {@code ctk verdict}, and name the PICS the capture's implementation declares
 * ({@code pics}, a file beside the expectation), whose timers and JUDGING_TOLERANCE the judge applies.
 */
public final class CaptureExpectation {

    /** The expected outcome of one requirement; {@code frames} is empty when not checked. */
    public record Expected(Outcome outcome, List<Long> frames) {
    }

    /** The expected input error of a malformed capture. */
    public record ExpectedError(long frame, long offset, String messageContains) {
    }

    private final Path file;
    private final String description;
    private final Map<String, Expected> verdicts;
    private final ExpectedError error;
    private List<InetAddress> takenAt = List.of();
    private boolean fromConnectionStart;
    private List<Integer> slowerPaths = List.of();
    private List<Long> icrcMismatches = List.of();
    private long portRateMbps;
    private Path pics;

    private CaptureExpectation(final Path file, final String description, final Map<String, Expected> verdicts,
                               final ExpectedError error) {
        this.file = file;
        this.description = description;
        this.verdicts = verdicts;
        this.error = error;
    }

    /** The expectation file of a capture: {@code x.pcap} has {@code x.expected.json}. */
    public static Path fileFor(final Path capture) {
        final String name = capture.getFileName().toString();
        final int dot = name.lastIndexOf('.');
        return capture.resolveSibling((dot < 0 ? name : name.substring(0, dot)) + ".expected.json");
    }

    public static CaptureExpectation read(final Path expectationFile) throws IOException {
        final JsonNode root = new ObjectMapper().readTree(Files.readAllBytes(expectationFile));
        final String description = root.path("description").asText("");
        if (root.has("error")) {
            final JsonNode e = root.get("error");
            return new CaptureExpectation(expectationFile, description, Map.of(),
                new ExpectedError(e.path("frame").asLong(), e.path("offset").asLong(), e.path("contains").asText("")));
        }
        final Map<String, Expected> verdicts = new LinkedHashMap<>();
        final Iterator<Map.Entry<String, JsonNode>> fields = root.path("verdicts").fields();
        while (fields.hasNext()) {
            final Map.Entry<String, JsonNode> f = fields.next();
            verdicts.put(f.getKey(), parseExpected(expectationFile, f.getKey(), f.getValue()));
        }
        if (verdicts.isEmpty()) {
            throw new IOException(expectationFile + ": neither 'verdicts' nor 'error' given");
        }
        final CaptureExpectation e = new CaptureExpectation(expectationFile, description, verdicts, null);
        final List<InetAddress> addresses = new ArrayList<>();
        for (final JsonNode a : root.path("takenAt")) {
            addresses.add(literalAddress(expectationFile, a.asText()));
        }
        e.takenAt = List.copyOf(addresses);
        e.fromConnectionStart = root.path("fromConnectionStart").asBoolean(false);
        final List<Integer> slower = new ArrayList<>();
        root.path("slowerPaths").forEach(n -> slower.add(n.asInt()));
        e.slowerPaths = List.copyOf(slower);
        final List<Long> mismatches = new ArrayList<>();
        root.path("icrcMismatches").forEach(n -> mismatches.add(n.asLong()));
        e.icrcMismatches = List.copyOf(mismatches);
        e.portRateMbps = root.path("portRateMbps").asLong(0);
        if (root.has("pics")) {
            e.pics = expectationFile.resolveSibling(root.get("pics").asText());
            if (!Files.isRegularFile(e.pics)) {
                throw new IOException(expectationFile + ": pics: no file " + e.pics);
            }
        }
        return e;
    }

    /** An address written as a literal; a host name is refused rather than looked up. */
    private static InetAddress literalAddress(final Path file, final String text) throws IOException {
        if (!text.matches("[0-9.]+|[0-9A-Fa-f:]+")) {
            throw new IOException(file + ": takenAt: '" + text + "' is not an IPv4 or IPv6 address");
        }
        try {
            return InetAddress.getByName(text);
        } catch (final UnknownHostException e) {
            throw new IOException(file + ": takenAt: '" + text + "' is not an address: " + e.getMessage(), e);
        }
    }

    /** The addresses of the node whose ports the capture was taken at; empty when not stated. */
    public List<InetAddress> takenAt() {
        return takenAt;
    }

    /** True when the capture is stated to hold every connection from its first packet. */
    public boolean fromConnectionStart() {
        return fromConnectionStart;
    }

    /** The path_ids the scenario made slower or marked (MPRT-PATH-006); empty when not stated. */
    public List<Integer> slowerPaths() {
        return slowerPaths;
    }

    /**
     * The frames whose headers are whole and whose ICRC does not match, whatever the verdicts make of
     * them (mprt-v0.1.md section 16.3); empty when none. The replay checks the kit's decoder against it,
     * and the Wireshark dissector's test checks the dissector.
     */
    public List<Long> icrcMismatches() {
        return icrcMismatches;
    }

    /** The line rate of the receiving node's ports in Mb/s (MPRT-RECV-001, MPRT-RECV-004); 0 when not stated. */
    public long portRateMbps() {
        return portRateMbps;
    }

    /** The PICS file the capture is judged with, when the expectation names one. */
    public Optional<Path> pics() {
        return Optional.ofNullable(pics);
    }

    private static Expected parseExpected(final Path file, final String id, final JsonNode node) throws IOException {
        try {
            if (node.isTextual()) {
                return new Expected(Outcome.fromWord(node.asText()), List.of());
            }
            final List<Long> frames = new ArrayList<>();
            node.path("frames").forEach(n -> frames.add(n.asLong()));
            return new Expected(Outcome.fromWord(node.path("outcome").asText()), frames);
        } catch (final IllegalArgumentException e) {
            throw new IOException(file + ": " + id + ": " + e.getMessage(), e);
        }
    }

    public Path file() {
        return file;
    }

    public String description() {
        return description;
    }

    public Optional<ExpectedError> error() {
        return Optional.ofNullable(error);
    }

    public Map<String, Expected> verdicts() {
        return verdicts;
    }

    /** Every difference between this expectation and a judgement; empty when it is met. */
    public List<String> mismatches(final Judgement judgement) {
        final List<String> out = new ArrayList<>();
        if (error != null) {
            out.add("expected the input error at frame " + error.frame() + ", byte offset " + error.offset()
                + ", but the capture was read and judged");
            return out;
        }
        for (final Map.Entry<String, Expected> e : verdicts.entrySet()) {
            final Optional<Verdict> actual = judgement.verdictOn(e.getKey());
            if (actual.isEmpty()) {
                out.add(e.getKey() + ": expected " + e.getValue().outcome().word() + ", but no rule judged it");
                continue;
            }
            final Verdict v = actual.get();
            if (v.outcome() != e.getValue().outcome()) {
                out.add(e.getKey() + ": expected " + e.getValue().outcome().word() + ", got " + v.outcome().word()
                    + " (" + v.explanation() + ")");
            } else if (!e.getValue().frames().isEmpty() && !e.getValue().frames().equals(v.frames())) {
                out.add(e.getKey() + ": expected frames " + e.getValue().frames() + ", got " + v.frames());
            }
        }
        for (final Verdict v : judgement.verdicts()) {
            if (v.outcome() == Outcome.FAIL && !verdicts.containsKey(v.requirementId())) {
                out.add(v.requirementId() + ": unexpected fail (" + v.explanation() + ")");
            }
        }
        return out;
    }

    /** Every difference between the expected input error and the one the reader reported. */
    public List<String> mismatches(final long frame, final long offset, final String message) {
        if (error == null) {
            return List.of("expected verdicts, but reading failed: " + message);
        }
        final List<String> out = new ArrayList<>();
        if (frame != error.frame() || offset != error.offset()) {
            out.add("expected the error at frame " + error.frame() + ", byte offset " + error.offset()
                + ", got frame " + frame + ", byte offset " + offset + ": " + message);
        }
        if (!message.contains(error.messageContains())) {
            out.add("expected the error message to contain '" + error.messageContains() + "', got: " + message);
        }
        return out;
    }
}
