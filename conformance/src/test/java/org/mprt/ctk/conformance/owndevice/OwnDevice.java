package org.mprt.ctk.conformance.owndevice;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;

/**
 * A device of one's own as a user would plug it in through a provider: here an MPRT node of the
 * reference implementation under another name, wrapped in a bug when told to: one that breaks on
 * the n-th frame it receives, or any other a test gives.
 */
public final class OwnDevice implements DeviceUnderTest {

    private final String name;
    private final BiFunction<RdmaDevice, TimerService, RdmaDevice> bug;
    private FabricNode node;

    /** @param crashOnFrame the frame whose arrival throws, counting from 1; 0 for a device that never breaks */
    OwnDevice(final String name, final int crashOnFrame) {
        this(name, (node, timers) -> new Breaking(node, crashOnFrame));
    }

    /** @param bug wraps the reference node, given the node's timers, in the device's bug */
    public OwnDevice(final String name, final BiFunction<RdmaDevice, TimerService, RdmaDevice> bug) {
        this.name = name;
        this.bug = bug;
    }

    @Override
    public String name() {
        return name;
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
        node = new FabricNode((ports, timers) -> bug.apply(new MprtNode(ports, timers, random, MprtConfig.defaults()), timers),
            lineRateBps, name);
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

    /** The node, breaking on the n-th frame it receives. */
    private static final class Breaking extends ForwardingDevice {

        private final int crashOnFrame;
        private int frames;

        Breaking(final RdmaDevice node, final int crashOnFrame) {
            super(node);
            this.crashOnFrame = crashOnFrame;
        }

        @Override
        public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
            if (++frames == crashOnFrame) {
                throw new IllegalStateException("receive ring corrupted at frame " + frames);
            }
            super.onFrame(portIndex, frame, lengthBytes);
        }
    }
}
