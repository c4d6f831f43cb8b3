package org.mprt.ctk.dut.live;

/**
 * An external device broke the contract of dut-adapters/README.md ("An external device"): it could not
 * be started, exited, said something else than the contract's line, or said nothing in time. The
 * message says which, and ends with what the device last wrote to its standard error, where it wrote any.
 */
public final class ExternalDeviceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ExternalDeviceException(final String message) {
        super(message);
    }
}
