package org.mprt.ctk.verdict;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
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
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Timers;

/**
 * Judges a capture file: one pass over its frames through a fresh set of rules, one verdict per
 * rule. It uses the spec's codec and the pcap reader only; it never consults an implementation.
 *
 * <p>What the judge is told about the capture beyond its frames: where it was taken
 * ({@link #takenAt}; inferred per connection direction when not told, see verdict/README.md) and
 * whether it holds every connection from its first packet ({@link #fromConnectionStart()}). Each
 * returns a new judge; a judge is immutable and may judge many captures.
 */
public final class CaptureJudge {

    private final Supplier<List<Rule>> rules;
    private final Timers timers;
    private final CapturePoint point;
    private final boolean fromConnectionStart;
    private final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();

    public CaptureJudge(final Supplier<List<Rule>> rules) {
        this(rules, Timers.defaults(), CapturePoint.inferred(), false);
    }

    private CaptureJudge(final Supplier<List<Rule>> rules, final Timers timers, final CapturePoint point,
                         final boolean fromConnectionStart) {
        this.rules = rules;
        this.timers = timers;
        this.point = point;
        this.fromConnectionStart = fromConnectionStart;
    }

    /** Every rule of both profiles. */
    public static CaptureJudge standard() {
        return new CaptureJudge(RuleBook::all);
    }

    /** Every rule of both profiles, with the parameters and timers the implementation declares in its PICS. */
    public static CaptureJudge declaring(final Pics pics) {
        return new CaptureJudge(() -> RuleBook.all(pics), Timers.of(pics), CapturePoint.inferred(), false);
    }

    /**
     * This judge, told that the capture was taken at the ports of the node that owns these
     * addresses (one of its addresses per plane is enough): rules of a sender are then judged on the
     * directions whose data leaves that node, rules of a receiver on those whose data arrives there.
     */
    public CaptureJudge takenAt(final Collection<InetAddress> nodeAddresses) {
        return takenAt(CapturePoint.takenAt(nodeAddresses));
    }

    public CaptureJudge takenAt(final CapturePoint capturePoint) {
        return new CaptureJudge(rules, timers, capturePoint, fromConnectionStart);
    }

    /**
     * This judge, told that the capture holds every connection from its first packet (as the kit's
     * fabric taps do): what is absent was never sent, so the rules can judge each path's first PSN
     * and each stream's first MSN.
     */
    public CaptureJudge fromConnectionStart() {
        return new CaptureJudge(rules, timers, point, true);
    }

    public CapturePoint capturePoint() {
        return point;
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
            counts = Judge.run(reader, fresh, new CaptureState(point, fromConnectionStart, timers));
        }
        final List<Verdict> verdicts = new ArrayList<>(fresh.size());
        for (final Rule rule : fresh) {
            final Verdict v = rule.verdict();
            verdicts.add(v.withKeyword(catalogue.get(v.requirementId()).keyword()));
        }
        final CaptureSummary summary = new CaptureSummary(capture.toString(), sha256(capture), format,
            counts.frames, counts.rocev2, counts.mprt, counts.snapped, counts.unidentified, counts.malformed,
            counts.other);
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
