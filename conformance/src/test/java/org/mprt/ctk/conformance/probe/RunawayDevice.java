package org.mprt.ctk.conformance.probe;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * The MPRT reference node with a bug that stops virtual time: once a frame has reached it, it
 * re-arms a timer with no delay, without end. The frame that set it off has arrived; every later
 * event of the fabric waits behind the timer.
 */
final class RunawayDevice implements DeviceUnderTest {

    private FabricNode node;

    @Override
    public String name() {
        return "runaway MPRT device";
    }

    @Override
    public Profile profile() {
        return Profile.MPRT;
    }

    @Override
    public PicsDocument pics() {
        return PicsDocument.fromClasspath(PicsDocument.REFERENCE_MPRT);
    }

    @Override
    public boolean isMutant() {
        return false;
    }

    @Override
    public boolean isTimedExactly() {
        return true;
    }

    @Override
    public void attach(final Host host, final long lineRateBps, final SplittableRandom random) {
        node = new FabricNode((ports, timers) -> new Rearming(new MprtNode(ports, timers, random, MprtConfig.defaults()), timers),
            lineRateBps, name());
        host.attach(node);
    }

    @Override
    public RdmaDevice device() {
        return node.device();
    }

    @Override
    public List<NicPort> ports() {
        return node.ports();
    }

    /** The node, re-arming its timer with no delay from the first frame it receives on. */
    private static final class Rearming implements RdmaDevice {

        private final RdmaDevice node;
        private final TimerService timers;
        private boolean running;

        Rearming(final RdmaDevice node, final TimerService timers) {
            this.node = node;
            this.timers = timers;
        }

        @Override
        public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
            node.onFrame(portIndex, frame, lengthBytes);
            if (!running) {
                running = true;
                rearm();
            }
        }

        private void rearm() {
            timers.schedule(timers.nowNs(), this::rearm);
        }

        @Override
        public MemoryRegion registerRegion(final int lengthBytes) {
            return node.registerRegion(lengthBytes);
        }

        @Override
        public MemoryRegion registerRegion(final ByteBuffer memory) {
            return node.registerRegion(memory);
        }

        @Override
        public Connection openConnection(final ConnectionDescriptor local, final ConnectionDescriptor peer) {
            return node.openConnection(local, peer);
        }
    }
}
