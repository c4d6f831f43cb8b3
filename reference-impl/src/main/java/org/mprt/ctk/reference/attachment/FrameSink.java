package org.mprt.ctk.reference.attachment;

/** What an endpoint exposes to the network: frames arriving on one of its ports. */
@FunctionalInterface
public interface FrameSink {

    /**
     * Hands the endpoint a frame that arrived on port {@code portIndex} (the index of the port in
     * the list the endpoint was built with). The frame starts with its Ethernet header; the
     * endpoint reads it before returning and keeps no reference to the array.
     */
    void onFrame(int portIndex, byte[] frame, int lengthBytes);
}
