package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureDigest;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.verdict.rule.PacketCheck;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.verdict.timeline.TimeSequence;

/**
 * The verdict engine's benchmark: {@code CaptureJudge.standard().judge} (every rule of both profiles)
 * over a synthetic 1 M-frame MPRT capture ({@link MprtBenchmarkCapture}), in frames per second, side
 * by side with tshark extracting four fields from the same file in the same run, and the engine's
 * memory after judging the first 100 k frames and all of them, to show that it does not grow with
 * the capture. Targets: at least 10 x tshark, at least 1 M frames/s on one core. The judgements it
 * times run in a JVM that has judged the capture before (steady state), and once in a fresh JVM
 * ({@link FreshJudgement}), as a user's {@code ctk verdict} runs.
 *
 * <pre>taskset -c 0 java -XX:+UseSerialGC -Xmx512m -jar benchmarks/target/benchmarks.jar verdict [frames]</pre>
 */
public final class VerdictBenchmark {

    /**
     * Where the captures are written once and kept; its name changes with what they hold, so that a
     * run never judges captures an earlier version of the benchmark wrote.
     */
    private static final String CAPTURES = "ctk-verdict-bench-2";
    private static final int SMALL = 100_000;
    private static final int RUNS = 3;
    /** JVMs whose steady pass gives the median ({@link PassesInJvms}). */
    private static final int JVMS = 5;
    /** The snap length of the headers-only copy: every header of a data packet, 22 bytes of its payload. */
    private static final int SNAP = 128;
    /** Connections in the capture that checks a frame's cost against the number of connections. */
    private static final int CONNECTIONS = 100;
    /** Connections, and the frames of each, in the capture whose memory shows what a short connection costs. */
    private static final int SHORT_CONNECTIONS = 1000;
    private static final int SHORT_FRAMES = 100;
    /** How far apart the short connections begin in the capture of them one after another: 10 s in all. */
    private static final long SHORT_CONNECTION_GAP_NS = 10_000_000;
    /** QPs between two hosts in the RoCEv2 capture of many QPs, and in the one it is measured against. */
    private static final int ROCE_QPS = 1000;
    private static final int ROCE_FEW_QPS = 16;
    /** Full collections in a row for the live heap: more than HotSpot's MarkSweepAlwaysCompactCount (4). */
    private static final int COLLECTIONS = 6;

    private VerdictBenchmark() {
    }

    /** Every measurement, over captures of {@code frames} frames (the frame count checked by the caller). */
    static void run(final int frames) throws Exception {
        final Path dir = Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), CAPTURES));
        final Path small = capture(SMALL, 0);
        final Path full = capture(frames, 0);
        final Path headers = capture(frames, SNAP);
        System.out.printf(Locale.ROOT, "MPRT capture: %d frames, %d MB (%s); %d processors; max heap %d MB%n", frames,
            Files.size(full) >> 20, full, Runtime.getRuntime().availableProcessors(),
            Runtime.getRuntime().maxMemory() >> 20);
        System.out.println("machine: " + Machine.here());

        for (int i = 0; i < 3; i++) {
            CaptureJudge.standard().judge(small);
        }
        compare("whole frames (every ICRC checked)", full, frames);
        compare("headers only (snap length " + SNAP + ", as a mirror port keeps them)", headers, frames);
        // After both comparisons: a pass with a subset of the rules leaves the JIT compilers' profiles of the
        // shared code (the judge, the rule sequences) shaped by it, which a later pass with every rule would inherit.
        parts(full);

        final long smallMemory = retained(small);
        final long fullMemory = retained(full);
        System.out.printf(Locale.ROOT, "memory: the state and rules of the pass hold %.1f MB after %d k frames and %.1f MB"
            + " after %d k frames (heap left in use after full collections, rules and state still reachable)%n",
            smallMemory / 1048576.0, SMALL / 1000, fullMemory / 1048576.0, frames / 1000);
        System.out.printf(Locale.ROOT, "ratio: memory after %d k frames / after %d k frames = %.2f (1.00: flat)%n",
            frames / 1000, SMALL / 1000, (double) fullMemory / Math.max(1, smallMemory));
        System.out.printf(Locale.ROOT, "peak heap during a pass over the %d k frames: %.0f MB (the sum of the heap"
            + " pools' peaks, an upper bound; a collector lets garbage pile up to what -Xmx allows, so run with a"
            + " small -Xmx, such as -Xmx64m, to see the pass fit)%n", frames / 1000, peakDuringPass(full) / 1048576.0);
        shortConnections(dir, small);
        oneAfterAnother(dir, small);
        queuePairs(dir, frames);
        // Last: the many connections' state would otherwise still be settling while the heap is measured.
        connections(dir, small, full, frames);
        // After everything else: the mapped file's buffers give the reader's calls a second receiver class.
        readMethods(full, frames);
    }

    /**
     * The heap a capture of {@link #SHORT_CONNECTIONS} short connections keeps: what a connection of
     * a hundred frames costs, where one long connection's cost is bounded by the protocol's windows.
     */
    private static void shortConnections(final Path dir, final Path small) throws IOException {
        final Path file = writtenOnce(dir.resolve("mprt-" + SHORT_CONNECTIONS + "-connections-of-" + SHORT_FRAMES
            + "-frames.pcap"), tmp -> ManyConnectionsCapture.write(small, tmp, SHORT_CONNECTIONS, SHORT_FRAMES));
        final long held = retained(file);
        System.out.printf(Locale.ROOT, "memory: %d connections of %d frames each hold %.1f MB, %.1f KB per connection%n",
            SHORT_CONNECTIONS, SHORT_FRAMES, held / 1048576.0, held / 1024.0 / SHORT_CONNECTIONS);
    }

    /**
     * A long capture of many short connections, as a mirror port in a cluster records one: {@link
     * #SHORT_CONNECTIONS} connections of {@link #SHORT_FRAMES} frames, each begun {@link
     * #SHORT_CONNECTION_GAP_NS} after the one before, against the one connection of the same frame
     * count, best pass of {@link #RUNS} each. Every connection's state is made anew, so a frame costs
     * more; what must not grow is the cost of the time the capture spans.
     */
    private static void oneAfterAnother(final Path dir, final Path small) throws IOException {
        final Path file = writtenOnce(dir.resolve("mprt-" + SHORT_CONNECTIONS + "-connections-one-after-another.pcap"),
            tmp -> ManyConnectionsCapture.oneAfterAnother(small, tmp, SHORT_CONNECTIONS, SHORT_FRAMES,
                SHORT_CONNECTION_GAP_NS));
        final long frames = (long) SHORT_CONNECTIONS * SHORT_FRAMES;
        final double one = bestPass(small, r -> true) * frames / SMALL;
        final double many = bestPass(file, r -> true);
        System.out.printf(Locale.ROOT, "%d connections of %d frames one after another, %.0f s of capture time:%n"
            + "  pass %.2f s, %.3f M frames/s; ratio to one connection's pass of as many frames (%.2f s): %.2f%n",
            SHORT_CONNECTIONS, SHORT_FRAMES, SHORT_CONNECTIONS * SHORT_CONNECTION_GAP_NS / 1e9, many, frames / many / 1e6,
            one, many / one);
    }

    /**
     * Judges the capture {@link #RUNS} times (best run counts), then times the two parts of a
     * judgement apart: the pass (decoding, state and every rule, the verdicts) and the file's SHA-256
     * the reports carry, which {@code judge} computes on a second thread (here on the same core);
     * then runs tshark on the file once.
     */
    private static void compare(final String what, final Path capture, final int frames) throws Exception {
        double best = Double.MAX_VALUE;
        Judgement j = null;
        for (int i = 0; i < RUNS; i++) {
            final long t0 = System.nanoTime();
            j = CaptureJudge.standard().judge(capture);
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        double pass = Double.MAX_VALUE;
        double digest = Double.MAX_VALUE;
        for (int i = 0; i < RUNS; i++) {
            final long t0 = System.nanoTime();
            pass(capture);
            final long t1 = System.nanoTime();
            CaptureDigest.sha256(capture);
            pass = Math.min(pass, (t1 - t0) / 1e9);
            digest = Math.min(digest, (System.nanoTime() - t1) / 1e9);
        }
        System.out.printf(Locale.ROOT, "%s:%n  verdict engine, %d rules: best of %d runs %.2f s, %.3f M frames/s"
            + " (%d pass, %d fail, %d inconclusive, %d not applicable)%n", what, RuleBook.all().size(), RUNS, best,
            frames / best / 1e6, j.counts().get(Outcome.PASS), j.counts().get(Outcome.FAIL),
            j.counts().get(Outcome.INCONCLUSIVE), j.counts().get(Outcome.NOT_APPLICABLE));
        System.out.printf(Locale.ROOT, "    of which the pass (decoding, state, rules, verdicts) %.2f s, %.3f M frames/s;"
            + " the file's SHA-256 for the reports %.2f s (on its own thread, so on one core it adds)%n", pass,
            frames / pass / 1e6, digest);
        final FreshJudgement.Times fresh = FreshJudgement.measure(capture);
        System.out.printf(Locale.ROOT, "  a first judgement in a fresh JVM, as `ctk verdict` makes one (the JIT compilers"
            + " working meanwhile): %.2f s, %.3f M frames/s; %.2f s with the JVM's start and exit%n",
            fresh.judgementSeconds(), frames / fresh.judgementSeconds() / 1e6, fresh.processSeconds());
        final PassesInJvms.Spread spread = PassesInJvms.measure(capture, JVMS);
        System.out.printf(Locale.ROOT, "  the pass in %d JVMs of their own, one after another (the best of each one's"
            + " `passes`): median %.2f s, %.3f M frames/s; from %.2f to %.2f s%n", JVMS, spread.median(),
            frames / spread.median() / 1e6, spread.fastest(), spread.slowest());
        final double tshark = tshark(capture);
        if (tshark > 0) {
            System.out.printf(Locale.ROOT, "  tshark -T fields -e frame.number -e udp.srcport -e infiniband.bth.opcode"
                + " -e infiniband.bth.psn: %.2f s, %.3f M frames/s%n", tshark, frames / tshark / 1e6);
            System.out.printf(Locale.ROOT, "  ratio: the verdict engine judges %.1f x as fast as tshark extracts four"
                + " fields (the pass alone: %.1f x; target 10 x); %.2f x the target of 1 M frames/s (the pass: %.2f x;"
                + " the median JVM's pass: %.2f x)%n",
                tshark / best, tshark / pass, frames / best / 1e6, frames / pass / 1e6, frames / spread.median() / 1e6);
            System.out.printf(Locale.ROOT, "  ratio, first judgement in a fresh JVM: %.1f x tshark (%.1f x with the JVM's"
                + " start, as tshark's time has its own); %.2f x the target of 1 M frames/s%n",
                tshark / fresh.judgementSeconds(), tshark / fresh.processSeconds(), frames / fresh.judgementSeconds() / 1e6);
        } else {
            System.out.println("  tshark not found on the PATH: the comparison is skipped");
        }
    }

    /**
     * The pass with every rule over whole frames with the file copied, as the kit reads it, and mapped
     * ({@code CaptureReader.openMapped}), in turn, best of {@link #RUNS} each: what mapping would be
     * worth on this machine ({@code benchmarks/README.md} says why the kit copies).
     */
    private static void readMethods(final Path full, final int frames) throws IOException {
        double copied = Double.MAX_VALUE;
        double mapped = Double.MAX_VALUE;
        for (int i = 0; i < RUNS; i++) {
            final long t0 = System.nanoTime();
            pass(full, r -> true, CaptureReader::open);
            final long t1 = System.nanoTime();
            pass(full, r -> true, CaptureReader::openMapped);
            copied = Math.min(copied, (t1 - t0) / 1e9);
            mapped = Math.min(mapped, (System.nanoTime() - t1) / 1e9);
        }
        System.out.printf(Locale.ROOT, "the pass over whole frames, the file copied (as the kit reads it) and mapped, in"
            + " turn, best of %d each: copied %.2f s, %.3f M frames/s; mapped %.2f s, %.3f M frames/s; ratio mapped /"
            + " copied %.2f%n", RUNS, copied, frames / copied / 1e6, mapped, frames / mapped / 1e6, mapped / copied);
    }

    /**
     * Where the pass's time goes: the pass with no rule, with the packet checks alone, with the
     * behavioural rules alone and with all, best of {@link #RUNS} each. When the parts add up to about
     * the whole, no cache effect between the sets hides a saving, and each set costs what it adds.
     */
    private static void parts(final Path capture) throws IOException {
        final double none = bestPass(capture, r -> false);
        final double checks = bestPass(capture, r -> r instanceof PacketCheck);
        final double behaviour = bestPass(capture, r -> r instanceof BehaviourRule);
        final double others = bestPass(capture, r -> !(r instanceof PacketCheck) && !(r instanceof BehaviourRule));
        final double all = bestPass(capture, r -> true);
        System.out.printf(Locale.ROOT, "where the pass's time goes over whole frames: reading, decoding and the state"
            + " without any rule %.2f s; alone, the packet checks add %.2f s, the behavioural rules %.2f s, the other rules %.2f s;"
            + " all rules %.2f s (the parts sum to %.2f s)%n", none, checks - none, behaviour - none, others - none, all,
            checks + behaviour + others - 2 * none);
    }

    /**
     * RoCEv2 between two hosts over {@link #ROCE_QPS} QPs whose PSNs all start at 0 ({@link
     * RoceBenchmarkCapture}), against {@link #ROCE_FEW_QPS} QPs of the same frame count, best pass of
     * {@link #RUNS} each: an acknowledgement's PSN is then held by many QPs, and binding it to the one
     * it answers must not cost a walk over all of them each time.
     */
    private static void queuePairs(final Path dir, final int frames) throws IOException {
        final Path few = writtenOnce(dir.resolve("rocev2-" + frames + "-" + ROCE_FEW_QPS + "-qps.pcap"),
            tmp -> RoceBenchmarkCapture.write(tmp, frames, ROCE_FEW_QPS));
        final Path many = writtenOnce(dir.resolve("rocev2-" + frames + "-" + ROCE_QPS + "-qps.pcap"),
            tmp -> RoceBenchmarkCapture.write(tmp, frames, ROCE_QPS));
        final double fewPass = bestPass(few, r -> true);
        final double manyPass = bestPass(many, r -> true);
        System.out.printf(Locale.ROOT, "RoCEv2 between two hosts, PSNs from 0 on every QP, %d frames:%n  %d QPs: pass %.2f s,"
            + " %.3f M frames/s; %d QPs: pass %.2f s, %.3f M frames/s; ratio %.2f%n", frames, ROCE_FEW_QPS, fewPass,
            frames / fewPass / 1e6, ROCE_QPS, manyPass, frames / manyPass / 1e6, manyPass / fewPass);
    }

    /**
     * The same frame count as {@link #CONNECTIONS} connections at once ({@link ManyConnectionsCapture}),
     * against the one connection of the full capture, best pass of {@link #RUNS} each: 1.00 when what a
     * frame costs does not grow with the connections a capture holds.
     */
    private static void connections(final Path dir, final Path small, final Path full, final int frames)
        throws IOException {
        final Path file = writtenOnce(dir.resolve("mprt-" + frames + "-" + CONNECTIONS + "-connections.pcap"),
            tmp -> ManyConnectionsCapture.write(small, tmp, CONNECTIONS, frames / CONNECTIONS));
        final double one = bestPass(full, r -> true);
        final double many = bestPass(file, r -> true);
        System.out.printf(Locale.ROOT, "%d connections at once (the first %d frames of the exchange, each written for"
            + " every connection), %d frames:%n  pass %.2f s, %.3f M frames/s; ratio to one connection's pass (%.2f s): %.2f"
            + " (1.00: a frame costs the same however many connections the capture holds)%n", CONNECTIONS,
            frames / CONNECTIONS, frames / CONNECTIONS * CONNECTIONS, many, frames / many / 1e6, one, many / one);
    }

    private static double bestPass(final Path capture, final Predicate<Rule> which) throws IOException {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < RUNS; i++) {
            final long t0 = System.nanoTime();
            pass(capture, which);
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        return best;
    }

    /** One pass of every rule over the capture, as {@code CaptureJudge.judge} makes it, without the file's digest. */
    private static void pass(final Path capture) throws IOException {
        pass(capture, r -> true);
    }

    /** One pass of the rules {@code which} accepts over the capture, without the file's digest. */
    static void pass(final Path capture, final Predicate<Rule> which) throws IOException {
        pass(capture, which, CaptureReader::open);
    }

    /** How a pass opens its capture: copied, as the kit reads it, or mapped. */
    @FunctionalInterface
    private interface Opening {
        CaptureReader open(Path capture) throws IOException;
    }

    private static void pass(final Path capture, final Predicate<Rule> which, final Opening opening) throws IOException {
        final List<Rule> rules = RuleBook.all(null, Timers.defaults()).stream().filter(which).toList();
        try (CaptureReader reader = opening.open(capture)) {
            Judge.run(reader, rules, new CaptureState(CapturePoint.inferred(), false, Timers.defaults()),
                List.of(new TimeSequence()));
        }
        for (final Rule r : rules) {
            r.verdict();
        }
    }

    /** The benchmark's capture of {@code frames} frames ({@code snap} 0: whole frames), written once. */
    static Path capture(final int frames, final int snap) throws IOException {
        return capture(Files.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), CAPTURES)), frames, snap);
    }

    private static Path capture(final Path dir, final int frames, final int snap) throws IOException {
        return writtenOnce(dir.resolve("mprt-" + frames + (snap > 0 ? "-snap" + snap : "") + ".pcap"),
            tmp -> MprtBenchmarkCapture.write(tmp, frames, snap > 0 ? snap : PcapWriter.DEFAULT_SNAP_LENGTH_BYTES));
    }

    /** How a capture file is written, to the path given. */
    @FunctionalInterface
    private interface CaptureWriting {
        void to(Path file) throws IOException;
    }

    /**
     * {@code file}, written by {@code writing} unless a run before wrote it: first under a temporary
     * name, so that a run stopped while writing leaves no half-written capture to be judged next time.
     */
    private static Path writtenOnce(final Path file, final CaptureWriting writing) throws IOException {
        if (!Files.exists(file)) {
            final Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            writing.to(tmp);
            Files.move(tmp, file);
        }
        return file;
    }

    /** Seconds tshark takes to print four fields of every frame, or -1 when it is not installed. */
    private static double tshark(final Path file) throws Exception {
        final ProcessBuilder pb = new ProcessBuilder("tshark", "-n", "-r", file.toString(), "-T", "fields",
            "-e", "frame.number", "-e", "udp.srcport", "-e", "infiniband.bth.opcode", "-e", "infiniband.bth.psn")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        final long t0 = System.nanoTime();
        final Process p;
        try {
            p = pb.start();
        } catch (final IOException e) {
            return -1;
        }
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            return -1;
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /**
     * The heap the judge's pass keeps: the bytes in use after full collections at the end of the
     * pass while its rules and state are reachable, less those in use once they are not.
     */
    private static long retained(final Path capture) throws IOException {
        final Object[] pass = {RuleBook.all(), new CaptureState(CapturePoint.inferred(), false, Timers.defaults())};
        try (CaptureReader reader = CaptureReader.open(capture)) {
            @SuppressWarnings("unchecked")
            final List<Rule> rules = (List<Rule>) pass[0];
            Judge.run(reader, rules, (CaptureState) pass[1]);
        }
        final long with = liveHeap();
        pass[0] = null;
        pass[1] = null;
        final long without = liveHeap();
        Reference.reachabilityFence(pass);
        return Math.max(0, with - without);
    }

    /** The heap's peak use during one pass, from the collected state: the heap pools' peaks, summed. */
    private static long peakDuringPass(final Path capture) throws IOException {
        liveHeap(); // the peaks then start from the live heap
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
        pass(capture);
        long peak = 0;
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    /**
     * The heap that only live objects hold: the least that {@link #COLLECTIONS} full collections in a row
     * leave in use. One is not enough: the serial and parallel collectors leave some dead objects in
     * the old generation where moving the live ones past them would cost more (HotSpot's
     * MarkSweepDeadRatio, 5 % of it), and compact it wholly only every fourth full collection
     * (MarkSweepAlwaysCompactCount): the heap that collections stopping as soon as it no longer shrank
     * left held 10 MB of such garbage over a state of 5 MB in some runs of this benchmark, none in others.
     */
    private static long liveHeap() {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < COLLECTIONS; i++) {
            System.gc();
            least = Math.min(least, heapUsed());
        }
        return least;
    }

    /**
     * The heap in use as the last collection left it, summed over the heap's pools: what is live then.
     * The heap's current use would also count what was allocated since (by this measurement, too),
     * several MB that hid a state of a few MB (the difference came out negative).
     */
    private static long heapUsed() {
        long used = 0;
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            final MemoryUsage afterCollection = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            used += afterCollection == null ? 0 : afterCollection.getUsed();
        }
        return used;
    }
}
