package org.mprt.ctk.dut.live;

/** A live capture could not start or complete; the message says why and, where it can, what to run. */
public final class LiveCaptureException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LiveCaptureException(final String message, final Throwable cause) {
        super(message, cause);
    }

    public LiveCaptureException(final String message) {
        super(message);
    }
}
