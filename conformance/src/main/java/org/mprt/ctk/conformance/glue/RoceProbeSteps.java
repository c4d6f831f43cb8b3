package org.mprt.ctk.conformance.glue;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import org.mprt.ctk.conformance.probe.RoceExpectation;
import org.mprt.ctk.conformance.probe.RoceProbeFault;
import org.mprt.ctk.conformance.probe.RoceProbePacket;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.conformance.runtime.ScenarioWorld;
import org.mprt.ctk.conformance.runtime.SpecCount;
import org.mprt.ctk.conformance.runtime.TimeBound;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Scripted RoCEv2 probes (STYLE.md section 4) against a responder's queue pair: the tester sends
 * exact RC requests, each with AckReq set, and expects the answers of rocev2-baseline.md sections
 * 3, 7 and 8 within a time bound. "The same packet again" and the silences are the MPRT probe's
 * steps ({@link ProbeSteps}).
 */
public final class RoceProbeSteps {

    private final ScenarioWorld world;

    public RoceProbeSteps(final ScenarioWorld world) {
        this.world = world;
    }

    @Given("a probe queue pair from the tester to the device under test")
    public void aProbeQueuePair() {
        world.usesProbe(1);
        world.connections().paths(1).streams(1);
    }

    @Given("the device under test has posted {int} receive buffer(s) of {bytes}")
    public void receiveBuffersPosted(final int count, final Long bytes) {
        world.postReceiveBuffers(0, count, bytes.intValue());
    }

    @When("the device under test posts {int} receive buffer(s) of {bytes}")
    public void postsReceiveBuffers(final int count, final Long bytes) {
        world.postReceiveBuffers(0, count, bytes.intValue());
    }

    @When("the tester sends {request} of {bytes} with {psn}")
    public void sendsARequest(final Opcode request, final Long bytes, final Integer psn) {
        world.send(RoceProbePacket.of(request, psn, bytes.intValue()));
    }

    @When("the tester sends {request} of {bytes} with {psn}, the start of a message of {bytes}")
    public void sendsTheStartOfAMessage(final Opcode request, final Long bytes, final Integer psn, final Long messageBytes) {
        world.send(RoceProbePacket.of(request, psn, bytes.intValue()).ofMessage(messageBytes));
    }

    @When("the tester sends {request} of {bytes} with {psn} with {roceFault}")
    public void sendsAFaultyRequest(final Opcode request, final Long bytes, final Integer psn, final RoceProbeFault fault) {
        world.send(RoceProbePacket.of(request, psn, bytes.intValue()).with(fault));
    }

    @When("the tester sends {request} of {bytes} with {psn}, the start of a message of {bytes}, with {roceFault}")
    public void sendsAFaultyStart(final Opcode request, final Long bytes, final Integer psn, final Long messageBytes,
                                  final RoceProbeFault fault) {
        world.send(RoceProbePacket.of(request, psn, bytes.intValue()).ofMessage(messageBytes).with(fault));
    }

    @When("the tester expects an ACK for {psn} with MSN {int} within {time}")
    public void expectsAnAck(final Integer psn, final int msn, final TimeBound bound) {
        if (msn < 0 || msn > SerialNumber.MASK_24) {
            // -1 would also be the expectation's "any MSN", and check nothing.
            throw new ScenarioInputException("MSN " + msn + ": expected the AETH's 24-bit MSN, 0 to " + SerialNumber.MASK_24);
        }
        world.expect(new RoceExpectation.Ack(psn, false, msn), bound);
    }

    @When("the tester expects an ACK for {psn} or later within {time}")
    public void expectsAnAckAtOrAfter(final Integer psn, final TimeBound bound) {
        world.expect(new RoceExpectation.Ack(psn, true, RoceExpectation.ANY_MSN), bound);
    }

    @When("the tester expects a NAK {roceNak} for {psn} within {time}")
    public void expectsANak(final AethSyndrome.NakCode code, final Integer psn, final TimeBound bound) {
        world.expect(new RoceExpectation.Nak(code, psn, false), bound);
    }

    @When("the tester expects a NAK {roceNak} for {psn} or later within {time}")
    public void expectsANakAtOrAfter(final AethSyndrome.NakCode code, final Integer psn, final TimeBound bound) {
        world.expect(new RoceExpectation.Nak(code, psn, true), bound);
    }

    @When("the tester expects an RNR NAK for {psn} with the timer code MIN_RNR_TIMER within {time}")
    public void expectsAnRnrNak(final Integer psn, final TimeBound bound) {
        world.expect(new RoceExpectation.RnrNak(psn, (int) world.count(SpecCount.MIN_RNR_TIMER)), bound);
    }

    @When("the tester expects a CNP within {time}")
    public void expectsACnp(final TimeBound bound) {
        world.expect(new RoceExpectation.Cnp(), bound);
    }
}
