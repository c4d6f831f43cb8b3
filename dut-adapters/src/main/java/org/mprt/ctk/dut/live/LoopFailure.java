package org.mprt.ctk.dut.live;

/**
 * Work handed to a {@link RealTimeLoop} that did not come back: it threw, the loop had ended (an
 * endpoint's exception, a socket's error), or it did not finish in time. The cause, when there is
 * one, is what was thrown on the loop: for an endpoint, a {@link org.mprt.ctk.dut.DeviceFailure}.
 */
public final class LoopFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LoopFailure(final String message, final Throwable cause) {
        super(cause == null ? message : message + ": " + cause.getMessage(), cause);
    }
}
