package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.conformance.runtime.DutLedger;
import org.mprt.ctk.conformance.runtime.Quantity;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.conformance.runtime.Testbed;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;

/**
 * A scripted probe in progress (STYLE.md section 4): stimuli go out one at a time, each run in
 * virtual time until it has arrived at the device; each expectation then waits its bound (plus the
 * stated tolerance) after that arrival and compares what the device sent, read at the device's own
 * ports, with what the scenario expects. Mismatches are collected, not thrown: the probe's verdict
 * is asked for by the scenario's Then step, like any other verdict.
 */
public final class ProbeSession {

    /** How long a stimulus may take to reach the device before the probe calls it lost. */
    private static final long DELIVERY_LIMIT_NS = 1_000_000L;
    /** How much longer the probe waits for a missing answer, to report how late it was. */
    private static final long LATE_WINDOW_NS = 100_000L;

    private final ProbeBench bench;
    private final DutLedger ledger;
    private final Scheduler scheduler;
    private final ProbeEncoder encoder;
    private final DecodedPacket decoded = new DecodedPacket();
    private final Map<Integer, Long> nextMsn = new HashMap<>();
    private final Map<Integer, Long> nextRsn = new HashMap<>();
    private final List<ProbeCheck> checks = new ArrayList<>();
    private final List<String> script = new ArrayList<>();
    private long toleranceNs;
    private byte[] lastFrame;
    private int lastPlane;
    private long stimulusArrivalNs = -1;
    private long cursor;

    public ProbeSession(final Testbed bed, final ProbeBench bench, final long toleranceNs) {
        this.bench = bench;
        this.ledger = bed.capture().ledger();
        this.scheduler = bed.topology().scheduler();
        this.encoder = new ProbeEncoder(bench.target());
        this.toleranceNs = toleranceNs;
    }

    public void toleranceNs(final long ns) {
        toleranceNs = ns;
    }

    /** Sends one data packet, a new one-packet message on its stream, and waits until it has arrived. */
    public void send(final ProbePacket packet) {
        final ProbeTarget t = bench.target();
        if (packet.pathId() >= t.paths()) {
            throw new ScenarioInputException("path " + packet.pathId() + ": expected a path from 0 to " + (t.paths() - 1)
                + " of the probe connection's " + t.paths());
        }
        final long msn = packet.kind() == ProbePacket.Kind.PROBE ? 0 : nextMsn.merge(packet.streamId(), 1L, Long::sum) - 1;
        final long rsn = packet.send() ? nextRsn.merge(packet.streamId(), 1L, Long::sum) - 1 : 0;
        lastFrame = encoder.encode(packet, msn, rsn, scheduler.now());
        lastPlane = t.planeOf(packet.pathId()).plane();
        deliver("send " + packet + (packet.kind() == ProbePacket.Kind.PROBE ? "" : ", MSN " + msn));
    }

    /** Sends the previous frame again, byte for byte: a duplicate (section 7.3). */
    public void sendAgain() {
        if (lastFrame == null) {
            throw new ScenarioInputException("'the same packet again' comes before any packet was sent");
        }
        deliver("send the same frame again");
    }

    private void deliver(final String what) {
        final int arrived = ledger.framesArrived();
        bench.tester().send(lastPlane, lastFrame, lastFrame.length);
        final long limit = scheduler.now() + DELIVERY_LIMIT_NS;
        while (ledger.framesArrived() == arrived && scheduler.now() < limit && scheduler.step()) {
            // run event by event until the frame is at the device's port
        }
        if (ledger.framesArrived() == arrived) {
            throw new IllegalStateException("the probe's frame did not reach the device within 1 ms: " + what);
        }
        stimulusArrivalNs = ledger.lastArrivalNs();
        cursor = ledger.frames();
        script.add(Quantity.formatNs(stimulusArrivalNs) + " < " + what + " (frame " + cursor + ")");
    }

    /** Posts {@code count} receive buffers of {@code bytes} on {@code stream} at the device, for SEND probes. */
    public void postReceiveBuffers(final int stream, final int count, final int bytes) {
        for (int i = 0; i < count; i++) {
            bench.atDevice().postReceive(1000L + i, stream, bench.deviceInbox(), (long) i * bytes % ProbeBench.REGION_BYTES, bytes);
        }
    }

    /** Waits {@code boundNs} (plus the tolerance) after the latest stimulus arrived and checks the device's answer. */
    public void expect(final ProbeExpectation expectation, final long boundNs, final String boundWords) {
        if (stimulusArrivalNs < 0) {
            throw new ScenarioInputException("an expectation comes before the tester sent anything");
        }
        final long deadline = stimulusArrivalNs + boundNs + toleranceNs;
        runTo(deadline);
        final String within = " within " + boundWords + " (" + boundNs + " ns, tolerance " + toleranceNs + " ns)";
        final ProbeCheck check = expectation.wantsAnswer() ? answer(expectation, deadline, boundNs, within)
            : silence(expectation, deadline, within);
        checks.add(check);
        script.add("  > " + expectation.describe() + within + (check.met() ? ": met" : ": " + check.mismatches()));
    }

    private ProbeCheck answer(final ProbeExpectation expectation, final long deadline, final long boundNs, final String within) {
        DutLedger.SentFrame found = firstAnswer();
        final List<String> mismatches = new ArrayList<>();
        if (found == null || found.timeNs() > deadline) {
            runTo(deadline + Math.max(LATE_WINDOW_NS, 4 * boundNs));
            found = firstAnswer();
            if (found == null) {
                mismatches.add(FieldMismatch.of(BthFlyweight.OPCODE.id(), expectation.describe() + within, "none"));
                return new ProbeCheck(expectation.describe() + within, mismatches, List.of());
            }
            mismatches.add("frame " + found.number() + ": time: expected at most " + (boundNs + toleranceNs)
                + " ns after the stimulus arrived (bound " + boundNs + " ns, tolerance " + toleranceNs + " ns) vs actual "
                + (found.timeNs() - stimulusArrivalNs) + " ns");
        }
        cursor = found.number();
        for (final String m : compare(expectation, found)) {
            mismatches.add("frame " + found.number() + ": " + m);
        }
        return new ProbeCheck(expectation.describe() + within, mismatches, List.of(found.number()));
    }

    private ProbeCheck silence(final ProbeExpectation expectation, final long deadline, final String within) {
        final List<String> mismatches = new ArrayList<>();
        final List<Long> frames = new ArrayList<>();
        for (final DutLedger.SentFrame f : ledger.sentAfter(cursor)) {
            if (f.timeNs() <= deadline) {
                for (final String m : compare(expectation, f)) {
                    mismatches.add("frame " + f.number() + ": " + m);
                    frames.add(f.number());
                }
                cursor = f.number();
            }
        }
        return new ProbeCheck(expectation.describe() + within, mismatches, frames);
    }

    private List<String> compare(final ProbeExpectation expectation, final DutLedger.SentFrame frame) {
        final DecodeStatus status = PacketDecoder.decodeEthernet(frame.bytes(), 0, frame.bytes().length, decoded);
        if (status != DecodeStatus.OK && status != DecodeStatus.ICRC_MISMATCH) {
            return List.of("the device's frame does not decode as MPRT (" + status + ")");
        }
        return expectation.compare(decoded);
    }

    /** The first frame the device sent to the tester's connection after the cursor. */
    private DutLedger.SentFrame firstAnswer() {
        for (final DutLedger.SentFrame f : ledger.sentAfter(cursor)) {
            final DecodeStatus status = PacketDecoder.decodeEthernet(f.bytes(), 0, f.bytes().length, decoded);
            if ((status == DecodeStatus.OK || status == DecodeStatus.ICRC_MISMATCH) && decoded.hasBth()
                && decoded.bth().destQp() == bench.target().testerNumber()) {
                return f;
            }
        }
        return null;
    }

    private void runTo(final long timeNs) {
        if (scheduler.now() < timeNs) {
            scheduler.runUntil(timeNs);
        }
    }

    /** Lets {@code ns} of virtual time pass: the device's answers and timers run, nothing is sent. */
    public void idle(final long ns) {
        runTo(scheduler.now() + ns);
        script.add("  (" + Quantity.formatNs(ns) + " pass)");
    }

    /** The expectations checked so far. */
    public List<ProbeCheck> checks() {
        return List.copyOf(checks);
    }

    /** The probe as it ran, packetdrill-style: stimuli ({@code <}) and expectations ({@code >}) with times. */
    public List<String> script() {
        return List.copyOf(script);
    }
}
