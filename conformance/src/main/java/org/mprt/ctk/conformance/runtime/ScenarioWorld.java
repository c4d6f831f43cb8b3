package org.mprt.ctk.conformance.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.mprt.ctk.conformance.probe.ProbeBench;
import org.mprt.ctk.conformance.probe.ProbeExpectation;
import org.mprt.ctk.conformance.probe.ProbePacket;
import org.mprt.ctk.conformance.probe.ProbeSession;
import org.mprt.ctk.conformance.probe.RoceProbePacket;
import org.mprt.ctk.conformance.statement.ScenarioRecord;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.DeviceUnderTests;
import org.mprt.ctk.dut.MutantDut;
import org.mprt.ctk.dut.ReferenceDut;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.report.ReportSet;
import org.mprt.ctk.wire.Profile;
import org.opentest4j.TestAbortedException;

/**
 * The state of one scenario (STYLE.md section 5: a scenario-scoped world; PicoContainer makes one
 * per scenario, so parallel scenarios share nothing). Steps translate words into calls on it: plan
 * the fabric, the device and the connections; run traffic or a probe; ask for a verdict. It builds
 * the testbed on the first action, judges the capture on the first verdict question, and writes
 * the scenario's report folder at the end (ARCHITECTURE.md, "A scenario, as data flowing through").
 */
public final class ScenarioWorld {

    private static final String CAPTURE_FILE = "capture.pcap";

    private final RunSettings settings = RunSettings.current();
    private final FabricPlan fabric = new FabricPlan();
    private final ConnectionPlan connections = new ConnectionPlan();
    private final List<Impairment> impairments = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private ScenarioIdentity identity;
    private long seed;
    private Path folder;
    private DeviceUnderTest dut;
    private Pics pics;
    private boolean probing;
    private int probeConnections = 1;
    private long probeToleranceNs = -1;
    private long receiveDelayNs;
    private boolean forgeDeviceRkeys;
    private int crossHosts;
    private long crossBytes;
    private long runAtLeastNs;
    private long trafficLimitNs = TrafficRunner.LIMIT_NS;
    private String mutant;
    private TunedDevice.Tuning deviceTuning = TunedDevice.Tuning.NONE;
    private TunedDevice.Tuning testerTuning = TunedDevice.Tuning.NONE;
    private Testbed bed;
    private ProbeSession probe;
    private String trafficOutcome;
    private ScenarioEvidence evidence;

    /**
     * Starts the scenario: its seed, its report folder, the default device of its profile.
     *
     * @return null when the scenario applies to the device, else why not (a {@code @needs} tag it does not meet)
     */
    public String begin(final ScenarioIdentity scenario) {
        identity = scenario;
        seed = ScenarioSeed.of(scenario.name(), settings.seed());
        folder = settings.reportsDir().resolve(scenario.folder());
        dut = DeviceUnderTests.named(settings.dut(), Thread.currentThread().getContextClassLoader()).create(scenario.profile());
        if (dut == null) {
            return "the device under test '" + settings.dut() + "' does not implement " + scenario.profile();
        }
        pics = PicsCache.of(dut.pics());
        note("seed " + seed + (settings.seed() != null ? " (set by the run)" : " (from the scenario's name)"));
        for (final String need : scenario.needs()) {
            if (!satisfies(need)) {
                return "the device does not declare " + need + " in its PICS (" + dut.pics().source() + ")";
            }
        }
        return null;
    }

    private boolean satisfies(final String need) {
        return PicsNeed.parse(need).isMetBy(pics);
    }

    // ---- the plan ------------------------------------------------------------------------------

    public FabricPlan fabric() {
        requireNotBuilt("the fabric");
        return fabric;
    }

    public ConnectionPlan connections() {
        requireNotBuilt("the connections");
        return connections;
    }

    /** The device under test is the named mutant of the reference of the scenario's profile. */
    public void deviceIsMutant(final String name) {
        requireNotBuilt("the device under test");
        final MutantDut mutant;
        try {
            mutant = MutantDut.named(name);
        } catch (final IllegalArgumentException e) {
            throw new ScenarioInputException(e.getMessage());
        }
        if (mutant.profile() != identity.profile()) {
            throw new ScenarioInputException("mutant " + name + " deviates from the " + mutant.profile() + " reference: expected a "
                + identity.profile() + " mutant here (a scenario is RoCEv2 when tagged " + ScenarioIdentity.ROCEV2_TAG + ")");
        }
        dut = mutant;
        this.mutant = name;
    }

    /**
     * The device under test and the testers run with this RTO_MAX (the reference's own setting, which
     * the device's PICS then declares), so that a failure, which takes (FAIL_RTO_COUNT + 1) x RTO_MAX
     * to play out, fits a short run.
     */
    public void rtoMax(final long ns) {
        requireNotBuilt("RTO_MAX");
        if (!(dut instanceof ReferenceDut) && !(dut instanceof MutantDut)) {
            // A device of one's own runs with the timers its PICS declares; the kit can set only its own devices'.
            throw new TestAbortedException("not applicable: the scenario sets the RTO_MAX of the device under test, which only"
                + " the kit's own devices take, and " + dut.name() + " runs with the timers its PICS declares");
        }
        deviceTuning = deviceTuning.withRtoMaxNs(ns);
        testerTuning = testerTuning.withRtoMaxNs(ns);
        pics = PicsCache.of(deviceTuning.pics(dut.pics()));
    }

    /** The testers' hosts drain their ports at {@code bps}: slow receivers, whose guidance falls below the line rate. */
    public void testersDrainAt(final long bps) {
        requireNotBuilt("the testers' drain rate");
        testerTuning = testerTuning.withIngressDrainRateBps(bps);
    }

    /** The scenario is a scripted probe over {@code connections} connections between the tester and the device. */
    public void usesProbe(final int connections) {
        requireNotBuilt("the probe connection");
        if (connections < 1 || connections > 8) {
            throw new ScenarioInputException(connections + " probe connections: expected 1 to 8");
        }
        probing = true;
        probeConnections = connections;
    }

    public void impair(final Impairment impairment) {
        requireNotBuilt("an impairment");
        impairments.add(impairment);
    }

    /** A time the scenario states, with a timer name resolved against the device's PICS. */
    public long ns(final TimeBound time) {
        return time.resolveNs(pics);
    }

    public void receiveBuffersLate(final long delayNs) {
        receiveDelayNs = delayNs;
    }

    /**
     * {@code hosts} more reference nodes each write {@code bytes} to the (first) tester from the start of
     * the traffic: an incast at the tester that the device's data to it shares.
     */
    public void crossTraffic(final int hosts, final long bytes) {
        requireNotBuilt("cross traffic");
        if (probing || dut.profile() != Profile.MPRT || hosts < 1 || hosts > 32) {
            throw new ScenarioInputException(hosts + " hosts of cross traffic: expected 1 to 32, in an MPRT scenario with traffic");
        }
        crossHosts = hosts;
        crossBytes = bytes;
    }

    /** The device's RDMA WRITEs name a forged rkey, so that the tester answers with a fatal NAK. */
    public void deviceForgesRkeys() {
        requireNotBuilt("the device's rkeys");
        forgeDeviceRkeys = true;
    }

    public void trafficLimit(final long ns) {
        trafficLimitNs = ns;
    }

    public void runAtLeast(final long ns) {
        runAtLeastNs = ns;
    }

    public void probeTolerance(final long ns) {
        probeToleranceNs = ns;
        if (probe != null) {
            probe.toleranceNs(ns);
        }
    }

    // ---- actions -------------------------------------------------------------------------------

    /** Posts the traffic on every tester's connection and runs it to completion (or the time limit). */
    public void runTraffic(final List<TrafficRow> rows) {
        if (probing) {
            throw new ScenarioInputException("traffic in a probe scenario: expected the tester's packets to be scripted");
        }
        final Testbed testbed = testbed();
        final TrafficRunner runner = new TrafficRunner(testbed);
        runner.forgingDeviceRkeys(forgeDeviceRkeys).post(rows, connections.streams(), receiveDelayNs);
        final TrafficRunner.Outcome outcome = runner.run(trafficLimitNs, runAtLeastNs);
        trafficOutcome = outcome.describe();
        note("traffic: " + trafficOutcome);
    }

    public void send(final ProbePacket packet) {
        probe(Profile.MPRT).send(packet);
    }

    public void send(final RoceProbePacket packet) {
        probe(Profile.ROCEV2).send(packet);
    }

    /** Begins a multi-packet MPRT message whose packets the scenario then sends one by one. */
    public void beginMessage(final int connection, final ProbePacket.Kind kind, final int stream, final int lengthBytes,
                             final int packetBytes) {
        probe(Profile.MPRT).beginMessage(connection, kind, stream, lengthBytes, packetBytes);
    }

    public void sendPart(final int offsetBytes, final int connection, final int path, final int psn) {
        probe(Profile.MPRT).sendPart(offsetBytes, connection, path, psn);
    }

    /** The device under test posts an RDMA WRITE to the tester on the probe connection. */
    public void devicePostsWrite(final int stream, final int bytes) {
        probe(Profile.MPRT).devicePostsWrite(stream, bytes);
    }

    /**
     * Expects the device to retransmit a data packet at each RTO expiry of its path before the
     * FAIL_RTO_COUNT-th, with the timers of the device's PICS (MPRT-LOSS-003).
     */
    public void expectRetransmissions(final int connection, final int path, final int psn, final TimeBound bound) {
        probe(Profile.MPRT).expectRetransmissions(connection, path, psn, RtoSchedule.expiriesBeforeFailureNs(pics), ns(bound),
            bound.text());
    }

    /** A count or code parameter as the device's PICS declares it. */
    public long count(final SpecCount parameter) {
        return parameter.valueOf(pics);
    }

    public void sendAgain() {
        probe().sendAgain();
    }

    public void postReceiveBuffers(final int stream, final int count, final int bytes) {
        probe().postReceiveBuffers(stream, count, bytes);
    }

    public void idle(final TimeBound time) {
        probe().idle(ns(time));
    }

    public void expect(final ProbeExpectation expectation, final TimeBound bound) {
        expect(expectation, 0, bound);
    }

    /** Expects an answer on probe connection {@code connection} (a silence reads every frame the device sends). */
    public void expect(final ProbeExpectation expectation, final int connection, final TimeBound bound) {
        probe().expect(expectation, connection, bound.resolveNs(pics), bound.text());
    }

    private ProbeSession probe(final Profile profile) {
        if (dut.profile() != profile) {
            throw new ScenarioInputException("a " + (profile == Profile.MPRT ? "MPRT" : "RoCEv2") + " probe step in a scenario whose"
                + " device runs " + dut.profile() + ": expected the " + dut.profile() + " steps of features/README.md (a scenario"
                + " is RoCEv2 when tagged " + ScenarioIdentity.ROCEV2_TAG + ")");
        }
        return probe();
    }

    private ProbeSession probe() {
        if (!probing) {
            throw new ScenarioInputException("a scripted packet needs a probe connection: expected "
                + "'Given a probe connection from the tester to the device under test ...' first");
        }
        if (probe == null) {
            final Testbed testbed = testbed();
            final long tolerance = probeToleranceNs >= 0 ? probeToleranceNs : dut.isTimedExactly() ? 0 : pics.judgingToleranceNs();
            probe = new ProbeSession(testbed, ProbeBench.connect(testbed, connections, probeConnections), tolerance);
        }
        return probe;
    }

    private Testbed testbed() {
        if (bed == null) {
            connections.checkAgainst(dut.profile(), pics, fabric.planes());
            createFolder();
            if (!deviceTuning.isNone()) {
                dut = new TunedDevice(dut, mutant, deviceTuning);
            }
            bed = Testbed.build(fabric, 1 + connections.testers() + crossHosts, dut, seed, folder.resolve(CAPTURE_FILE),
                probing);
            final PathRoutes routes = new PathRoutes(bed.topology(), connections.paths());
            for (final Impairment i : impairments) {
                i.applyTo(bed.topology(), routes);
                note("impairment: " + i.describe());
            }
            if (!probing) {
                bed.connectTesters(connections, fabric.linkRateBps(), () -> testerTuning.isNone()
                    ? ReferenceDut.of(dut.profile()) : new TunedDevice(ReferenceDut.of(dut.profile()), null, testerTuning));
                if (crossHosts > 0) {
                    bed.crossTrafficToFirstTester(crossHosts, crossBytes, connections, fabric.linkRateBps());
                    note("cross traffic: " + crossHosts + " other hosts write " + crossBytes + " bytes each to the tester");
                }
            }
            note("device under test: " + dut.name() + "; fabric: " + fabric + "; connection: " + connections);
        }
        return bed;
    }

    // ---- verdicts ------------------------------------------------------------------------------

    public Verdict verdictOn(final String requirementId) {
        return evidence().verdictOn(requirementId);
    }

    /**
     * The kit's own reference device (no mutant, no device of one's own) in a scenario whose tester
     * sends only what the spec allows (no scripted probe, whose packets break rules on purpose): no
     * requirement may fail on its capture, whether the scenario checks it or not. One that does is a
     * fault of the reference or of a rule, which the scenario's own checks would pass over.
     */
    public void requireTheReferenceToFailNothing() {
        if (bed == null || bed.failure() != null || probing || dut.isMutant()
            || !DeviceUnderTests.REFERENCE.equals(settings.dut())) {
            return;
        }
        final List<String> failed = new ArrayList<>();
        for (final Verdict v : evidence().judgement().verdicts()) {
            if (v.outcome() == Outcome.FAIL) {
                failed.add(v.requirementId() + " (" + v.explanation() + ")");
            }
        }
        if (!failed.isEmpty()) {
            throw new AssertionError("the kit's " + dut.name() + " failed requirements of its capture, a fault of the"
                + " reference or of a rule: " + String.join("; ", failed) + where());
        }
    }

    /** Where the scenario's evidence is, for an assertion's message. */
    public String where() {
        return " (capture " + (bed == null ? "none" : folder.resolve(CAPTURE_FILE)) + ", seed " + seed + ")";
    }

    public DutLedger ledger() {
        if (bed == null) {
            throw new ScenarioInputException("a question about frames in a scenario that captured nothing");
        }
        return bed.capture().ledger();
    }

    /** Closes the capture and judges it, once; later questions reuse the judgement. */
    public ScenarioEvidence evidence() {
        if (evidence == null) {
            if (bed == null) {
                evidence = new ScenarioEvidence(null, null, pics);
            } else {
                if (probe != null) {
                    // The device's last answers, due within the coalescing delay, belong in the capture.
                    probe.idle(TrafficRunner.SETTLE_NS);
                }
                bed.capture().close();
                note("the device sent " + bed.capture().ledger().sentSummary() + "; " + bed.capture().framesWritten()
                    + " frames captured");
                evidence = new ScenarioEvidence(judge(), probe == null ? null : probe.checks(), pics);
            }
        }
        return evidence;
    }

    private org.mprt.ctk.verdict.Judgement judge() {
        try {
            final var judgement = judgeOfThisScenario().judge(bed.capture().file());
            ReportSet.standard(KitVersion.current()).write(judgement, folder);
            return judgement;
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot judge " + bed.capture().file(), e);
        }
    }

    /**
     * The judge, told what the scenario knows and no frame carries: the capture is the device's own
     * ports, from before the first packet (mprt-v0.1.md section 16.3), taken by the emulated fabric's
     * taps, whose timestamps are exact; which paths the scenario made slower (MPRT-PATH-006); and the
     * line rate of the device's ports, which the fabric sets (MPRT-RECV-001, MPRT-RECV-004).
     */
    CaptureJudge judgeOfThisScenario() {
        CaptureJudge judge = CaptureJudge.declaring(pics).takenAt(bed.deviceAddresses()).fromConnectionStart()
            .fromEmulatedFabric().portRateMbps(fabric.linkRateBps() / 1_000_000);
        if (probe != null) {
            // The scripted tester, on host 1, breaks rules on purpose: the page says whose failures those are.
            judge = judge.scriptedBy(bed.addressesOf(1));
        }
        final Set<Integer> slower = slowerPaths();
        if (!slower.isEmpty()) {
            judge = judge.slowerPaths(slower);
            note("paths made slower, as the judge is told: " + slower);
        }
        return judge;
    }

    /** The paths that run on a plane whose switch links the scenario delays (path k runs on plane k mod planes). */
    private Set<Integer> slowerPaths() {
        final Set<Integer> slowPlanes = new TreeSet<>();
        for (final Impairment i : impairments) {
            if (i instanceof Impairment.PlaneDelay delay) {
                slowPlanes.add(delay.plane());
            }
        }
        final Set<Integer> paths = new TreeSet<>();
        for (int path = 0; path < connections.paths() && !slowPlanes.isEmpty(); path++) {
            if (slowPlanes.contains(path % fabric.planes())) {
                paths.add(path);
            }
        }
        return paths;
    }

    // ---- the end -------------------------------------------------------------------------------

    /** Writes the scenario's report folder; returns the files to attach to the Cucumber report. */
    public List<Attachment> finish(final String status, final String note) {
        if (dut == null) {
            // The device under test does not implement the scenario's profile: not one of its scenarios, so no
            // record of it, and no place in its conformance statement.
            return List.of();
        }
        final Throwable failure = bed == null ? null : bed.failure();
        String ending = status;
        String why = note;
        String captureFile = bed == null ? null : CAPTURE_FILE;
        if (failure != null) {
            // No verdict, and the fabric is not run again to settle one: a run that never returned may still hold it.
            ending = ScenarioRecord.ERROR;
            why = "ended before its verdict: " + FirstLine.of(String.valueOf(failure.getMessage()));
            note(why);
            if (failure instanceof StuckRunException) {
                bed.capture().abort();
                captureFile = null;
            } else {
                bed.capture().close();
            }
        } else if (bed != null) {
            evidence();
        }
        createFolder();
        final String link = settings.reportsDir().getFileName() + "/" + identity.folder();
        return new ScenarioReport(identity, seed, dut, pics, folder, link).write(ending, why, evidence, trafficOutcome,
            probe == null ? List.of() : probe.script(), captureFile);
    }

    public long seed() {
        return seed;
    }

    public DeviceUnderTest device() {
        return dut;
    }

    /** The scenario's log lines so far (the hooks copy them into the Cucumber report). */
    public List<String> log() {
        return List.copyOf(log);
    }

    private void note(final String line) {
        log.add(line);
    }

    private void createFolder() {
        try {
            Files.createDirectories(folder);
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot create the scenario's report folder " + folder, e);
        }
    }

    private void requireNotBuilt(final String what) {
        if (bed != null) {
            throw new ScenarioInputException(what + " is set after the traffic started: expected every Given step"
                + " before the first When step");
        }
    }
}
