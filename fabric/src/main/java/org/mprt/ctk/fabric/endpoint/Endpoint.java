package org.mprt.ctk.fabric.endpoint;

/**
 * A transport endpoint (the reference MPRT implementation, the RoCEv2 baseline, a scripted
 * injector) running on a fabric host.
 *
 * <p>The contract, in full:
 * <ul>
 *   <li>{@link #onAttach} is called once, when the endpoint is attached to its host and before
 *       any frame arrives. The endpoint keeps the context: it sends through the ports and arms
 *       timers on the scheduler.</li>
 *   <li>{@link #onFrame} is called for every frame that arrives at one of the host's ports,
 *       whatever its destination address (ports are promiscuous; filtering is the endpoint's
 *       job), corrupted frames included (checking the ICRC is the endpoint's job too).</li>
 *   <li>Everything runs on the scheduler's thread, inside events: no locking, no threads, no
 *       wall clock.</li>
 *   <li>The frame array of {@link #onFrame} is lent for the call: copy what must outlive it.</li>
 * </ul>
 */
public interface Endpoint {

    void onAttach(EndpointContext context);

    /** A frame of {@code length} bytes arrived at {@code port}. */
    void onFrame(NicPort port, byte[] frame, int length);
}
