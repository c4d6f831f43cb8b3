package org.mprt.ctk.reference.verbs;

import org.mprt.ctk.reference.attachment.FrameSink;

/** A node with RDMA ports: registers memory, opens connections and takes frames from the network. */
public interface RdmaDevice extends FrameSink {

    /** Registers a zero-filled region. */
    MemoryRegion registerRegion(int lengthBytes);

    /** Registers existing memory (its whole capacity) as a region. */
    MemoryRegion registerRegion(java.nio.ByteBuffer memory);

    /**
     * Opens this node's end of a connection from both descriptors (see {@link OutOfBand#connect}).
     * The regions of {@code local} become reachable by the peer on this connection and no other.
     */
    Connection openConnection(ConnectionDescriptor local, ConnectionDescriptor peer);
}
