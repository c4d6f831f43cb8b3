package org.mprt.ctk.verdict;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.verdict.rule.NotApplicableRule;
import org.mprt.ctk.verdict.rule.PassObserver;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.QueuePairDirection;
import org.mprt.ctk.verdict.state.ScenarioFacts;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.verdict.timeline.TimeSequence;

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

    /** The judging tolerance for captures of the kit's emulated fabric: a few full-size frames at 100 Gb/s. */
    public static final long EMULATED_FABRIC_TOLERANCE_NS = 1_000;

    /** Fresh rules for one capture, built with the timers the judge applies. */
    private final Function<Timers, List<Rule>> rules;
    private final Timers timers;
    private final CapturePoint point;
    private final boolean fromConnectionStart;
    private final ScenarioFacts facts;
    /** The PICS the rules and timers come from; null for the spec's defaults. */
    private final Pics pics;
    private final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();

    /** A judge of these rules, which take their timers themselves. */
    public CaptureJudge(final Supplier<List<Rule>> rules) {
        this(t -> rules.get(), Timers.defaults(), CapturePoint.inferred(), false, ScenarioFacts.none(), null);
    }

    private CaptureJudge(final Function<Timers, List<Rule>> rules, final Timers timers, final CapturePoint point,
                         final boolean fromConnectionStart, final ScenarioFacts facts, final Pics pics) {
        this.pics = pics;
        this.rules = rules;
        this.timers = timers;
        this.point = point;
        this.fromConnectionStart = fromConnectionStart;
        this.facts = facts;
    }

    /** Every rule of both profiles. */
    public static CaptureJudge standard() {
        return new CaptureJudge(t -> RuleBook.all(null, t), Timers.defaults(), CapturePoint.inferred(), false,
            ScenarioFacts.none(), null);
    }

    /** Every rule of both profiles, with the parameters and timers the implementation declares in its PICS. */
    public static CaptureJudge declaring(final Pics pics) {
        return new CaptureJudge(t -> RuleBook.all(pics, t), Timers.of(pics), CapturePoint.inferred(), false,
            ScenarioFacts.none(), pics);
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
        return new CaptureJudge(rules, timers, capturePoint, fromConnectionStart, facts, pics);
    }

    /**
     * This judge, told that the capture holds every connection from its first packet (as the kit's
     * fabric taps do): what is absent was never sent, so the rules can judge each path's first PSN
     * and each stream's first MSN.
     */
    public CaptureJudge fromConnectionStart() {
        return new CaptureJudge(rules, timers, point, true, facts, pics);
    }

    /**
     * This judge, told that the capture comes from the kit's emulated fabric, whose timestamps are
     * exact (mprt-v0.1.md section 14): the JUDGING_TOLERANCE becomes {@link #EMULATED_FABRIC_TOLERANCE_NS},
     * which only covers how the fabric stamps a frame: when its last bit crosses the tap, so that a
     * frame a node sends on a deadline is captured its serialisation time later (337 ns for a
     * full-size 4 KB frame at 100 Gb/s), later still when it leaves behind a frame the port is already
     * sending.
     */
    public CaptureJudge fromEmulatedFabric() {
        return new CaptureJudge(rules, timers.withJudgingToleranceNs(EMULATED_FABRIC_TOLERANCE_NS), point,
            fromConnectionStart, facts, pics);
    }

    /**
     * This judge, told which path_ids the scenario made slower or ECN-marked, the only way
     * MPRT-PATH-006 can be judged (a capture shows RTTs and marks, not their cause).
     */
    public CaptureJudge slowerPaths(final Collection<Integer> pathIds) {
        return new CaptureJudge(rules, timers, point, fromConnectionStart, facts.withSlowerPaths(Set.copyOf(pathIds)), pics);
    }

    /**
     * This judge, told the line rate of each port of the receiving node, in Mb/s: what
     * MPRT-RECV-001 divides and MPRT-RECV-004 shares, which no frame carries.
     */
    public CaptureJudge portRateMbps(final long rateMbps) {
        return new CaptureJudge(rules, timers, point, fromConnectionStart, facts.withPortRateMbps(rateMbps), pics);
    }

    /**
     * This judge, told that the capture holds some packets twice within {@code windowNs} of each other,
     * as a mirror of two ports that a packet crosses in turn delivers them: a RoCEv2 or MPRT packet
     * whose addresses and UDP datagram repeat one captured at most that long before is counted and
     * skipped. A resend byte for byte the same as its original (RoCEv2) within the window would be
     * skipped too, so the window should be as short as the mirror's delay between its copies.
     */
    public CaptureJudge droppingDuplicatesWithin(final long windowNs) {
        return new CaptureJudge(rules, timers, point, fromConnectionStart, facts.withDuplicateWindowNs(windowNs), pics);
    }

    /**
     * This judge, told that the node with these addresses is a tester whose packets break the spec on
     * purpose (a scripted probe): the verdicts are the same, and the reports say which failures its
     * packets make, so that they are not read as the device's.
     */
    public CaptureJudge scriptedBy(final Collection<InetAddress> testerAddresses) {
        return new CaptureJudge(rules, timers, point, fromConnectionStart,
            facts.withScriptedSenders(List.copyOf(testerAddresses)), pics);
    }

    public Timers timers() {
        return timers;
    }

    public CapturePoint capturePoint() {
        return point;
    }

    /**
     * @throws org.mprt.ctk.pcap.CaptureFormatException when the file is not a well-formed capture
     * @throws IOException                              when it cannot be read
     */
    public Judgement judge(final Path capture) throws IOException {
        return judge(capture, capture.toString());
    }

    /**
     * As {@link #judge(Path)}, the reports naming the capture {@code name}: a capture read from a stream
     * is judged from a copy, and named as the user gave it.
     */
    public Judgement judge(final Path capture, final String name) throws IOException {
        return judge(capture, name, List.of());
    }

    /**
     * As {@link #judge(Path, String)}, every frame shown after the rules to {@code watcher} too (such as
     * the progress line {@code ctk verdict} keeps on a terminal).
     */
    public Judgement judge(final Path capture, final String name, final PassObserver watcher) throws IOException {
        return judge(capture, name, List.of(watcher));
    }

    private Judgement judge(final Path capture, final String name, final List<PassObserver> watchers) throws IOException {
        final List<Rule> fresh = rules.apply(timers);
        final Judge.Counts counts;
        final String format;
        final CaptureState state;
        final TimeSequence timeline = new TimeSequence();
        final CaptureDigest digest;
        try (CaptureReader reader = CaptureReader.open(capture)) {
            // Begun once the file has opened as a capture: a file that is not one gets its error alone.
            digest = CaptureDigest.start(capture);
            format = reader.format().label();
            state = new CaptureState(point, fromConnectionStart, timers, facts);
            try {
                final List<PassObserver> observers = new ArrayList<>(watchers.size() + 1);
                observers.add(timeline);
                observers.addAll(watchers);
                counts = Judge.run(reader, fresh, state, observers);
            } catch (final IOException | RuntimeException e) {
                digest.cancel();
                throw e;
            }
        }
        final UntimedFrames untimed = counts.untimedFrames();
        final List<Verdict> verdicts = new ArrayList<>(fresh.size());
        for (final Rule rule : fresh) {
            final Verdict v = withoutTime(rule, rule.verdict(), untimed);
            verdicts.add(v.withKeyword(catalogue.get(v.requirementId()).keyword()));
        }
        final CaptureSummary summary = new CaptureSummary(name, digest.get(), format,
            counts.frames, counts.rocev2, counts.mprt, counts.snapped, counts.unidentified, counts.malformed,
            counts.other, state.untrackedFrames(), counts.duplicate, counts.encapsulated, counts.clockStepsBack(),
            counts.overlongFractions(), counts.understatedLengths(), counts.unreadLinkTypes(), untimed);
        final List<DirectionSummary> directions = new ArrayList<>();
        for (final MprtDirection d : state.mprtDirections()) {
            directions.add(DirectionSummary.of("MPRT", d));
        }
        for (final QueuePairDirection d : state.roceDirections()) {
            directions.add(DirectionSummary.of("RoCEv2", d));
        }
        return new Judgement(summary, verdicts, timeline.plots(),
            new JudgedWith(JudgedWith.Declaration.of(pics), timers, point, fromConnectionStart,
                facts.scriptedSenders()), directions, capture);
    }

    /**
     * The rule's verdict, or, when the capture holds frames that record no time and the rule compares
     * timestamps, inconclusive at the first of those frames: what it decided, even that the capture holds
     * nothing it applies to, rests on times the capture does not hold. A rule the PICS makes not
     * applicable stays so.
     */
    private static Verdict withoutTime(final Rule rule, final Verdict v, final UntimedFrames untimed) {
        if (untimed.count() == 0 || !rule.comparesTimestamps() || rule instanceof NotApplicableRule) {
            return v;
        }
        return new Verdict(v.requirementId(), Outcome.INCONCLUSIVE, List.of(untimed.firstFrame()),
            untimed.whyInconclusive(), 0, 0);
    }
}
