package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import java.util.SortedSet;
import org.mprt.ctk.conformance.probe.ProbeExpectation;
import org.mprt.ctk.conformance.probe.ProbeFault;
import org.mprt.ctk.conformance.probe.ProbePacket;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.TimeBound;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * Scripted probes, packetdrill-style (STYLE.md section 4): the tester sends exact packets ({@code <})
 * and expects exact answers within a time bound ({@code >}). Every probe data packet is a new
 * one-packet message on its stream with AckReq set; "the same packet again" is a byte-for-byte
 * duplicate. Stream 0 unless a step names another.
 */
public final class ProbeSteps {

    private final ScenarioWorld world;

    public ProbeSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Given("a probe connection from the tester to the device under test with {int} path(s) and {int} stream(s)")
    public void aProbeConnection(final int paths, final int streams) {
        world.usesProbe();
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

    @When("the tester sends a WRITE of {bytes} with {psn} on {path}")
    public void sendsAWrite(final Long bytes, final Integer psn, final Integer path) {
        world.send(ProbePacket.write(path, psn, 0, bytes.intValue()));
    }

    @When("the tester sends a WRITE of {bytes} with {psn} on {path} with {fault}")
    public void sendsAFaultyWrite(final Long bytes, final Integer psn, final Integer path, final ProbeFault fault) {
        world.send(ProbePacket.write(path, psn, 0, bytes.intValue()).with(fault));
    }

    @When("the tester sends a WRITE of {bytes} on {stream} with {psn} on {path}")
    public void sendsAWriteOnAStream(final Long bytes, final Integer stream, final Integer psn, final Integer path) {
        world.send(ProbePacket.write(path, psn, stream, bytes.intValue()));
    }

    @When("the tester sends a SEND of {bytes} on {stream} with {psn} on {path}")
    public void sendsASend(final Long bytes, final Integer stream, final Integer psn, final Integer path) {
        world.send(ProbePacket.sendMessage(path, psn, stream, bytes.intValue()));
    }

    @When("the tester sends a packet with the reserved opcode {opcode} with {psn} on {path}")
    public void sendsAReservedOpcode(final Integer opcode, final Integer psn, final Integer path) {
        world.send(ProbePacket.write(path, psn, 0, 64).withOpcode(opcode));
    }

    @When("the tester sends a PROBE with {psn} on {path}")
    public void sendsAProbe(final Integer psn, final Integer path) {
        world.send(ProbePacket.probe(path, psn));
    }

    @When("the tester sends the same packet again")
    public void sendsTheSamePacketAgain() {
        world.sendAgain();
    }

    @When("the tester waits {time}")
    public void waits(final TimeBound time) {
        world.idle(time);
    }

    @When("the tester expects an ACK for {path} with cumulative {psn} and {sack} within {time}")
    public void expectsAnAck(final Integer path, final Integer cack, final SortedSet<Integer> sacked, final TimeBound bound) {
        world.expect(new ProbeExpectation.Ack(path, cack, sacked), bound);
    }

    @When("the tester expects a NAK {nak} for {psn} on {path} within {time}")
    public void expectsANak(final MprtNakCode code, final Integer psn, final Integer path, final TimeBound bound) {
        world.expect(new ProbeExpectation.Nak(path, code, psn), bound);
    }

    @When("the tester expects a PROBE_REPLY for {psn} on {path} within {time}")
    public void expectsAProbeReply(final Integer psn, final Integer path, final TimeBound bound) {
        world.expect(new ProbeExpectation.ProbeReply(path, psn), bound);
    }

    @When("the tester expects nothing from the device under test within {time}")
    public void expectsNothing(final TimeBound bound) {
        world.expect(new ProbeExpectation.Silence(false), bound);
    }

    @When("the tester expects no ACK from the device under test within {time}")
    public void expectsNoAck(final TimeBound bound) {
        world.expect(new ProbeExpectation.Silence(true), bound);
    }
}
