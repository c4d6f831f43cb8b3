package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
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
 * virtual time until it has arrived at the device (or, for a work request the device posts, from
 * the moment it is posted); each expectation then waits its bound (plus the stated tolerance) after
 * that arrival and compares what the device sent, read at the device's own ports, with what the
 * scenario expects. Mismatches are collected, not thrown: the probe's verdict is asked for by the
 * scenario's Then step, like any other verdict.
 */
public final class ProbeSession {

    /** Receive buffers a probe posts at once, at most: a script posts a few, for the SENDs it sends. */
    private static final int MAX_RECEIVE_BUFFERS = 4096;

    /** How long a stimulus may take to reach the device before the probe calls it lost. */
    private static final long DELIVERY_LIMIT_NS = 1_000_000L;
    /** How much longer the probe waits for a missing answer, to report how late it was. */
    private static final long LATE_WINDOW_NS = 100_000L;
    /** Where the device's WRITEs land at the tester, as the device is told out of band; the tester keeps no memory. */
    private static final long TESTER_REGION_BASE = 0x7E57_0000_0000L;
    private static final long TESTER_RKEY = 0x7E57;

    private final Testbed bed;
    private final ProbeBench bench;
    private final DutLedger ledger;
    private final Scheduler scheduler;
    private final MprtProbeMessages messages;
    private final RoceProbeEncoder roce;
    private final DecodedPacket decoded = new DecodedPacket();
    private final List<ProbeCheck> checks = new ArrayList<>();
    private final List<String> script = new ArrayList<>();
    private long toleranceNs;
    private byte[] lastFrame;
    private int lastPlane;
    private long stimulusArrivalNs = -1;
    private long stimulusFrame;
    private long cursor;

    public ProbeSession(final Testbed bed, final ProbeBench bench, final long toleranceNs) {
        this.bed = bed;
        this.bench = bench;
        this.ledger = bed.capture().ledger();
        this.scheduler = bed.topology().scheduler();
        this.messages = new MprtProbeMessages(bench.targets());
        this.roce = new RoceProbeEncoder(bench.target(0));
        this.toleranceNs = toleranceNs;
    }

    public void toleranceNs(final long ns) {
        toleranceNs = ns;
    }

    /** Sends one MPRT packet, a new one-packet message on its stream (or a PROBE), and waits until it has arrived. */
    public void send(final ProbePacket packet) {
        final ProbeTarget t = checkedPath(packet.connection(), packet.pathId());
        final MprtProbeMessages.Frame frame = messages.encode(packet, scheduler.now());
        deliver(frame.bytes(), t.planeOf(packet.pathId()).plane(),
            "send " + packet + (packet.kind() == ProbePacket.Kind.PROBE ? "" : ", MSN " + frame.msn()));
    }

    /** Begins a message of {@code lengthBytes} on a stream, whose packets of {@code packetBytes} the scenario sends one by one. */
    public void beginMessage(final int connection, final ProbePacket.Kind kind, final int streamId, final int lengthBytes,
                             final int packetBytes) {
        bench.target(connection);
        messages.begin(connection, kind, streamId, lengthBytes, packetBytes);
        script.add("  (begin a " + kind + " of " + lengthBytes + " bytes on stream " + streamId + " in packets of "
            + packetBytes + " bytes)");
    }

    /** Sends the packet of the begun message at {@code offsetBytes}, with {@code psn} on the path, and waits until it has arrived. */
    public void sendPart(final int offsetBytes, final int connection, final int pathId, final int psn) {
        final ProbeTarget t = checkedPath(connection, pathId);
        final ProbePacket packet = messages.part(offsetBytes, connection, pathId, psn);
        final MprtProbeMessages.Frame frame = messages.encodePart(packet, scheduler.now());
        deliver(frame.bytes(), t.planeOf(pathId).plane(), "send " + packet + ", MSN " + frame.msn());
    }

    /** Sends one RoCEv2 request to the device's queue pair and waits until it has arrived. */
    public void send(final RoceProbePacket packet) {
        deliver(roce.encode(packet), bench.target(0).planeOf(0).plane(), "send " + packet);
    }

    /** Sends the previous frame again, byte for byte: a duplicate (section 7.3). */
    public void sendAgain() {
        if (lastFrame == null) {
            throw new ScenarioInputException("'the same packet again' comes before any packet was sent");
        }
        deliver(lastFrame, lastPlane, "send the same frame again");
    }

    private ProbeTarget checkedPath(final int connection, final int pathId) {
        final ProbeTarget t = bench.target(connection);
        if (pathId >= t.paths()) {
            throw new ScenarioInputException("path " + pathId + ": expected a path from 0 to " + (t.paths() - 1)
                + " of the probe connection's " + t.paths());
        }
        return t;
    }

    private void deliver(final byte[] frame, final int plane, final String what) {
        lastFrame = frame;
        lastPlane = plane;
        final int arrived = ledger.framesArrived();
        bench.tester().send(plane, frame, frame.length);
        final long limit = scheduler.now() + DELIVERY_LIMIT_NS;
        // runUntil, which the scheduler's runaway guard watches (a single step it does not): a device that
        // keeps virtual time from passing ends the delivery in error. The stop condition is the run's own,
        // on the fabric's thread, and does not outlast it.
        bed.run(() -> scheduler.runUntil(limit, () -> ledger.framesArrived() != arrived));
        if (ledger.framesArrived() == arrived) {
            throw new IllegalStateException("the probe's frame did not reach the device within 1 ms: " + what);
        }
        stimulusArrivalNs = ledger.lastArrivalNs();
        cursor = ledger.frames();
        stimulusFrame = cursor;
        script.add(Quantity.formatNs(stimulusArrivalNs) + " < " + what + " (frame " + cursor + ")");
    }

    /** Posts {@code count} receive buffers of {@code bytes} on {@code stream} of connection 0 at the device, for SEND probes. */
    public void postReceiveBuffers(final int stream, final int count, final int bytes) {
        if (count < 1 || count > MAX_RECEIVE_BUFFERS) {
            throw new ScenarioInputException(count + " receive buffers: expected 1 to " + MAX_RECEIVE_BUFFERS);
        }
        if (bytes > ProbeBench.REGION_BYTES) {
            throw new ScenarioInputException("receive buffers of " + bytes + " bytes: expected at most "
                + ProbeBench.REGION_BYTES + " bytes");
        }
        for (int i = 0; i < count; i++) {
            bench.connectionAtDevice(0).postReceive(1000L + i, stream, bench.deviceInbox(),
                (long) i * bytes % ProbeBench.REGION_BYTES, bytes);
        }
    }

    /**
     * The device posts an RDMA WRITE of {@code bytes} to the tester on {@code stream} of connection
     * 0: the stimulus is the post, now; the device's packets are what the next expectations read.
     */
    public void devicePostsWrite(final int stream, final int bytes) {
        if (bytes > ProbeBench.REGION_BYTES) {
            throw new ScenarioInputException(bytes + " bytes: expected a WRITE of at most " + ProbeBench.REGION_BYTES + " bytes");
        }
        bench.connectionAtDevice(0).postWrite(2000L + ledger.frames(), stream, bench.deviceSource(), 0, bytes,
            TESTER_REGION_BASE, TESTER_RKEY);
        stimulusArrivalNs = scheduler.now();
        cursor = ledger.frames();
        stimulusFrame = cursor;
        script.add(Quantity.formatNs(stimulusArrivalNs) + " ! the device under test posts a WRITE of " + bytes
            + " bytes on stream " + stream + " to the tester");
    }

    /**
     * Waits {@code boundNs} (plus the tolerance) after the latest stimulus arrived and checks the
     * device's answers on {@code connection} (or, for a silence, everything it sent).
     */
    public void expect(final ProbeExpectation expectation, final int connection, final long boundNs, final String boundWords) {
        if (stimulusArrivalNs < 0) {
            throw new ScenarioInputException("an expectation comes before the tester sent anything");
        }
        final int testerNumber = bench.target(connection).testerNumber();
        final long deadline = stimulusArrivalNs + boundNs + toleranceNs;
        runTo(deadline);
        final String within = " within " + boundWords + " (" + boundNs + " ns, tolerance " + toleranceNs + " ns)";
        final String what = expectation.describe() + (connection == 0 ? "" : " on connection " + connection) + within;
        final ProbeCheck check = switch (expectation.scope()) {
            case FIRST_ANSWER -> answer(expectation, testerNumber, deadline, boundNs, what);
            case ANY_ANSWER -> anyAnswer(expectation, testerNumber, deadline, what);
            case SILENCE -> silence(expectation, cursor, deadline, what);
            case SILENCE_SINCE_START -> silence(expectation, 0, deadline, what);
        };
        keep(check);
    }

    /**
     * Checks the retransmissions of a data packet the device sent on a path that the tester never
     * acknowledges (MPRT-LOSS-003): one within {@code boundNs} after each of {@code expiryOffsetsNs}
     * (RTO expiries, counted from the packet's first transmission), and none earlier.
     */
    public void expectRetransmissions(final int connection, final int pathId, final int psn, final long[] expiryOffsetsNs,
                                      final long boundNs, final String boundWords) {
        final RetransmissionTimeline timeline = new RetransmissionTimeline(bench.target(connection).testerNumber(), pathId, psn,
            boundNs, toleranceNs, boundWords);
        final long last = expiryOffsetsNs.length == 0 ? 0 : expiryOffsetsNs[expiryOffsetsNs.length - 1];
        final long firstNs = timeline.firstTransmissionNs(ledger.sentAfter(0));
        if (firstNs >= 0) {
            runTo(firstNs + last + boundNs + toleranceNs + LATE_WINDOW_NS);
        }
        for (final ProbeCheck check : timeline.checks(ledger.sentAfter(0), expiryOffsetsNs)) {
            keep(check);
        }
        cursor = ledger.frames();
    }

    private void keep(final ProbeCheck check) {
        checks.add(check);
        script.add("  > " + check.expectation() + (check.met() ? ": met" : ": " + check.mismatches()));
    }

    private ProbeCheck answer(final ProbeExpectation expectation, final int testerNumber, final long deadline, final long boundNs,
                              final String what) {
        DutLedger.SentFrame found = firstAnswer(testerNumber);
        final List<String> mismatches = new ArrayList<>();
        if (found == null || found.timeNs() > deadline) {
            runTo(deadline + Math.max(LATE_WINDOW_NS, 4 * boundNs));
            found = firstAnswer(testerNumber);
            if (found == null) {
                mismatches.add(FieldMismatch.of(BthFlyweight.OPCODE.id(), what, "none"));
                return new ProbeCheck(what, mismatches, List.of());
            }
            mismatches.add("frame " + found.number() + ": time: expected at most " + (boundNs + toleranceNs)
                + " ns after the stimulus arrived (bound " + boundNs + " ns, tolerance " + toleranceNs + " ns) vs actual "
                + (found.timeNs() - stimulusArrivalNs) + " ns");
        }
        cursor = found.number();
        for (final String m : compare(expectation, found)) {
            mismatches.add("frame " + found.number() + ": " + m);
        }
        return new ProbeCheck(what, mismatches, List.of(found.number()));
    }

    private ProbeCheck anyAnswer(final ProbeExpectation expectation, final int testerNumber, final long deadline,
                                 final String what) {
        final List<Long> seen = new ArrayList<>();
        String closest = null;
        for (final DutLedger.SentFrame f : ledger.sentAfter(stimulusFrame)) {
            if (f.timeNs() > deadline || !toConnection(f, testerNumber)) {
                continue;
            }
            final List<String> differences = compare(expectation, f);
            if (differences.isEmpty()) {
                cursor = Math.max(cursor, f.number());
                return new ProbeCheck(what, List.of(), List.of(f.number()));
            }
            seen.add(f.number());
            closest = "frame " + f.number() + ": " + String.join("; ", differences);
        }
        final String actual = seen.isEmpty() ? "none" : "none among frames " + seen + " (the last: " + closest + ")";
        return new ProbeCheck(what, List.of(FieldMismatch.of(BthFlyweight.OPCODE.id(), what, actual)), seen);
    }

    private ProbeCheck silence(final ProbeExpectation expectation, final long after, final long deadline, final String what) {
        final List<String> mismatches = new ArrayList<>();
        final List<Long> frames = new ArrayList<>();
        for (final DutLedger.SentFrame f : ledger.sentAfter(after)) {
            if (f.timeNs() <= deadline) {
                for (final String m : compare(expectation, f)) {
                    mismatches.add("frame " + f.number() + ": " + m);
                    frames.add(f.number());
                }
                cursor = Math.max(cursor, f.number());
            }
        }
        return new ProbeCheck(what, mismatches, frames);
    }

    private List<String> compare(final ProbeExpectation expectation, final DutLedger.SentFrame frame) {
        final DecodeStatus status = PacketDecoder.decodeEthernet(frame.bytes(), 0, frame.bytes().length, decoded);
        if (status != DecodeStatus.OK && status != DecodeStatus.ICRC_MISMATCH) {
            return List.of("the device's frame does not decode as RoCEv2 or MPRT (" + status + ")");
        }
        return expectation.compare(decoded);
    }

    /** The first frame the device sent to the tester's connection {@code testerNumber} after the cursor. */
    private DutLedger.SentFrame firstAnswer(final int testerNumber) {
        for (final DutLedger.SentFrame f : ledger.sentAfter(cursor)) {
            if (toConnection(f, testerNumber)) {
                return f;
            }
        }
        return null;
    }

    private boolean toConnection(final DutLedger.SentFrame f, final int testerNumber) {
        final DecodeStatus status = PacketDecoder.decodeEthernet(f.bytes(), 0, f.bytes().length, decoded);
        return (status == DecodeStatus.OK || status == DecodeStatus.ICRC_MISMATCH) && decoded.hasBth()
            && decoded.bth().destQp() == testerNumber;
    }

    private void runTo(final long timeNs) {
        if (scheduler.now() < timeNs) {
            bed.run(() -> scheduler.runUntil(timeNs));
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
