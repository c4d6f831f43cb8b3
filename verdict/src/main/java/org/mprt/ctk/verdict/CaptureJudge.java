package org.mprt.ctk.verdict;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Supplier;
import org.mprt.ctk.pcap.CaptureFormat;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;

/**
 * Judges a capture file: one pass over its frames through a fresh set of rules, one verdict per
 * rule. It uses the spec's codec and the pcap reader only; it never consults an implementation.
 */
public final class CaptureJudge {

    private final Supplier<List<Rule>> rules;
    private final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();

    public CaptureJudge(final Supplier<List<Rule>> rules) {
        this.rules = rules;
    }

    /** Every rule of both profiles. */
    public static CaptureJudge standard() {
        return new CaptureJudge(RuleBook::all);
    }

    /** Every rule of both profiles, with the parameters the implementation declares in its PICS. */
    public static CaptureJudge declaring(final Pics pics) {
        return new CaptureJudge(() -> RuleBook.all(pics));
    }

    /**
     * @throws org.mprt.ctk.pcap.CaptureFormatException when the file is not a well-formed capture
     * @throws IOException                              when it cannot be read
     */
    public Judgement judge(final Path capture) throws IOException {
        final List<Rule> fresh = rules.get();
        final Judge.Counts counts;
        final String format;
        try (CaptureReader reader = CaptureReader.open(capture)) {
            format = reader.format() == CaptureFormat.PCAPNG ? "pcapng" : "pcap";
            counts = Judge.run(reader, fresh);
        }
        final List<Verdict> verdicts = new ArrayList<>(fresh.size());
        for (final Rule rule : fresh) {
            final Verdict v = rule.verdict();
            verdicts.add(v.withKeyword(catalogue.get(v.requirementId()).keyword()));
        }
        final CaptureSummary summary = new CaptureSummary(capture.toString(), sha256(capture), format,
            counts.frames, counts.rocev2, counts.mprt, counts.malformed, counts.other);
        return new Judgement(summary, verdicts);
    }

    static String sha256(final Path file) throws IOException {
        final MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        final byte[] chunk = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
                digest.update(chunk, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
