package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import java.util.SortedSet;
import org.mprt.ctk.conformance.probe.ProbeExpectation;
import org.mprt.ctk.conformance.probe.ProbeFault;
import org.mprt.ctk.conformance.probe.ProbePacket;
import org.mprt.ctk.conformance.probe.ProbePath;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.TimeBound;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * Scripted MPRT probes, packetdrill-style (STYLE.md section 4): the tester sends exact packets
 * ({@code <}) and expects exact answers within a time bound ({@code >}). Every probe data packet is
 * a new one-packet message on its stream with AckReq set, unless it is a packet of a message the
 * scenario began; "the same packet again" is a byte-for-byte duplicate. Stream 0 and connection 0
 * unless a step names another.
 */
public final class ProbeSteps {

    private final ScenarioWorld world;

    public ProbeSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Given("a probe connection from the tester to the device under test with {int} path(s) and {int} stream(s)")
    public void aProbeConnection(final int paths, final int streams) {
        world.usesProbe(1);
        world.connections().paths(paths).streams(streams);
    }

    @Given("{int} probe connections from the tester to the device under test, each with {int} path(s) and {int} stream(s)")
    public void probeConnections(final int connections, final int paths, final int streams) {
        world.usesProbe(connections);
        world.connections().paths(paths).streams(streams);
    }

    @Given("probe answers are timed with a tolerance of {time}")
    public void tolerance(final TimeBound tolerance) {
        world.probeTolerance(world.ns(tolerance));
    }

    @Given("the device under test has posted {int} receive buffer(s) of {bytes} on {stream}")
    public void receiveBuffersPosted(final int count, final Long bytes, final Integer stream) {
        world.postReceiveBuffers(stream, count, bytes.intValue());
    }

    @When("the device under test posts {int} receive buffer(s) of {bytes} on {stream}")
    public void postsReceiveBuffers(final int count, final Long bytes, final Integer stream) {
        world.postReceiveBuffers(stream, count, bytes.intValue());
    }

    @When("the tester sends a WRITE of {bytes} with {psn} on {probePath}")
    public void sendsAWrite(final Long bytes, final Integer psn, final ProbePath path) {
        world.send(ProbePacket.write(path.pathId(), psn, 0, bytes.intValue()).on(path.connection()));
    }

    @When("the tester sends a WRITE of {bytes} with {psn} on {probePath} with {fault}")
    public void sendsAFaultyWrite(final Long bytes, final Integer psn, final ProbePath path, final ProbeFault fault) {
        world.send(ProbePacket.write(path.pathId(), psn, 0, bytes.intValue()).on(path.connection()).with(fault));
    }

    @When("the tester sends a WRITE of {bytes} on {stream} with {psn} on {probePath}")
    public void sendsAWriteOnAStream(final Long bytes, final Integer stream, final Integer psn, final ProbePath path) {
        world.send(ProbePacket.write(path.pathId(), psn, stream, bytes.intValue()).on(path.connection()));
    }

    @When("the tester sends a SEND of {bytes} on {stream} with {psn} on {probePath}")
    public void sendsASend(final Long bytes, final Integer stream, final Integer psn, final ProbePath path) {
        world.send(ProbePacket.sendMessage(path.pathId(), psn, stream, bytes.intValue()).on(path.connection()));
    }

    @When("the tester sends a packet with the reserved opcode {opcode} with {psn} on {probePath}")
    public void sendsAReservedOpcode(final Integer opcode, final Integer psn, final ProbePath path) {
        world.send(ProbePacket.write(path.pathId(), psn, 0, 64).on(path.connection()).withOpcode(opcode));
    }

    @When("the tester sends a PROBE with {psn} on {probePath}")
    public void sendsAProbe(final Integer psn, final ProbePath path) {
        world.send(ProbePacket.probe(path.pathId(), psn).on(path.connection()));
    }

    @When("the tester begins a {message} of {bytes} on {stream} in packets of {bytes}")
    public void beginsAMessage(final ProbePacket.Kind kind, final Long bytes, final Integer stream, final Long packetBytes) {
        world.beginMessage(0, kind, stream, bytes.intValue(), packetBytes.intValue());
    }

    @When("the tester sends the packet at offset {bytes} of that message with {psn} on {probePath}")
    public void sendsAPacketOfThatMessage(final Long offset, final Integer psn, final ProbePath path) {
        world.sendPart(offset.intValue(), path.connection(), path.pathId(), psn);
    }

    @When("the tester sends the same packet again")
    public void sendsTheSamePacketAgain() {
        world.sendAgain();
    }

    @When("the tester waits {time}")
    public void waits(final TimeBound time) {
        world.idle(time);
    }

    @When("the device under test posts a WRITE of {bytes} on {stream} to the tester")
    public void devicePostsAWrite(final Long bytes, final Integer stream) {
        world.devicePostsWrite(stream, bytes.intValue());
    }

    @When("the tester expects an ACK for {probePath} with cumulative {psn} and {sack} within {time}")
    public void expectsAnAck(final ProbePath path, final Integer cack, final SortedSet<Integer> sacked, final TimeBound bound) {
        world.expect(new ProbeExpectation.Ack(path.pathId(), cack, sacked), path.connection(), bound);
    }

    @When("the tester expects an ACK with CMSN {long} for {stream} within {time}")
    public void expectsACompletion(final Long cmsn, final Integer stream, final TimeBound bound) {
        world.expect(new ProbeExpectation.Completion(stream, cmsn), 0, bound);
    }

    @When("the tester expects an ACK with CMSN {long} for {stream} of {connection} within {time}")
    public void expectsACompletionOn(final Long cmsn, final Integer stream, final Integer connection, final TimeBound bound) {
        world.expect(new ProbeExpectation.Completion(stream, cmsn), connection, bound);
    }

    @When("the tester expects a NAK {nak} for {psn} on {probePath} within {time}")
    public void expectsANak(final MprtNakCode code, final Integer psn, final ProbePath path, final TimeBound bound) {
        world.expect(new ProbeExpectation.Nak(path.pathId(), code, psn), path.connection(), bound);
    }

    @When("the tester expects a PROBE_REPLY for {psn} on {probePath} within {time}")
    public void expectsAProbeReply(final Integer psn, final ProbePath path, final TimeBound bound) {
        world.expect(new ProbeExpectation.ProbeReply(path.pathId(), psn), path.connection(), bound);
    }

    @When("the tester expects a data packet with {psn} on {probePath} within {time}")
    public void expectsADataPacket(final Integer psn, final ProbePath path, final TimeBound bound) {
        world.expect(new ProbeExpectation.DataPacket(path.pathId(), psn, false), path.connection(), bound);
    }

    @When("the tester expects a retransmission of {psn} on {probePath} at each RTO expiry before the FAIL_RTO_COUNT-th, "
        + "each within {time}")
    public void expectsRetransmissions(final Integer psn, final ProbePath path, final TimeBound bound) {
        world.expectRetransmissions(path.connection(), path.pathId(), psn, bound);
    }

    @When("the tester expects nothing from the device under test within {time}")
    public void expectsNothing(final TimeBound bound) {
        world.expect(new ProbeExpectation.Silence(ProbeExpectation.Forbidden.ANYTHING, false), bound);
    }

    @When("the tester expects no ACK from the device under test within {time}")
    public void expectsNoAck(final TimeBound bound) {
        world.expect(new ProbeExpectation.Silence(ProbeExpectation.Forbidden.ACK, false), bound);
    }

    @When("the tester expects no NAK from the device under test since the probe began, within {time}")
    public void expectsNoNakAtAll(final TimeBound bound) {
        world.expect(new ProbeExpectation.Silence(ProbeExpectation.Forbidden.NAK, true), bound);
    }
}
