package org.mprt.ctk.fabric.frame;

/**
 * Anything that takes a frame: a queue, a wire, a switch port, a host port (htsim's
 * {@code PacketSink}). The sink owns {@code frame} from this call on; the sender must not touch
 * the array again.
 */
@FunctionalInterface
public interface FrameSink {

    /** Takes the first {@code length} bytes of {@code frame}, an Ethernet frame without FCS. */
    void receive(byte[] frame, int length);
}
