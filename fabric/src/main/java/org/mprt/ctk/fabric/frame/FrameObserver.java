package org.mprt.ctk.fabric.frame;

/**
 * Sees a frame pass a point of the fabric without taking it: taps and test probes. The frame is
 * only lent for the duration of the call.
 */
@FunctionalInterface
public interface FrameObserver {

    /** Called at virtual time {@code timeNs} with the frame as it is on the wire at that point. */
    void onFrame(long timeNs, byte[] frame, int length);
}
