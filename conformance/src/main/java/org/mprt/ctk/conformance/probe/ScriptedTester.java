package org.mprt.ctk.conformance.probe;

import org.mprt.ctk.fabric.endpoint.Endpoint;
import org.mprt.ctk.fabric.endpoint.EndpointContext;
import org.mprt.ctk.fabric.endpoint.NicPort;

/**
 * The tester of a scripted probe (STYLE.md section 4; ARCHITECTURE.md, "Scripted probe"): an
 * endpoint on a fabric host that puts exact frames on the wire and takes whatever arrives. It keeps
 * no protocol state; the probe reads the device's answers at the device's own ports.
 */
public final class ScriptedTester implements Endpoint {

    private EndpointContext context;
    private long framesReceived;

    @Override
    public void onAttach(final EndpointContext attached) {
        context = attached;
    }

    @Override
    public void onFrame(final NicPort port, final byte[] frame, final int length) {
        framesReceived++;
    }

    /** Queues {@code frame} on the tester's port on {@code plane}. */
    public void send(final int plane, final byte[] frame, final int length) {
        port(plane).send(frame, length);
    }

    public NicPort port(final int plane) {
        if (context == null) {
            throw new IllegalStateException("the scripted tester is not attached to a host");
        }
        return context.port(plane);
    }

    public long framesReceived() {
        return framesReceived;
    }
}
