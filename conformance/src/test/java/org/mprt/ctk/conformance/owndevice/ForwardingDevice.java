package org.mprt.ctk.conformance.owndevice;

import java.nio.ByteBuffer;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/**
 * A node that passes every call to the node it wraps: a test device with a bug overrides only the
 * call where the bug is.
 */
public class ForwardingDevice implements RdmaDevice {

    private final RdmaDevice node;

    public ForwardingDevice(final RdmaDevice node) {
        this.node = node;
    }

    @Override
    public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
        node.onFrame(portIndex, frame, lengthBytes);
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
