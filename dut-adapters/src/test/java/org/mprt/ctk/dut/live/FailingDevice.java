package org.mprt.ctk.dut.live;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/** A reference MPRT node that throws on the first frame it is handed: a device that crashes mid-run. */
final class FailingDevice implements RdmaDevice {

    private final MprtNode node;

    FailingDevice(final List<? extends NicPort> ports, final TimerService timers) {
        node = new MprtNode(ports, timers, new SplittableRandom(2), LiveTransfer.SOFTWARE_TIMERS);
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

    @Override
    public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
        throw new IllegalStateException("no frame expected");
    }
}
