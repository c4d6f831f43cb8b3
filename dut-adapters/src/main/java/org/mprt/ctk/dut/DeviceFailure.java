package org.mprt.ctk.dut;

/**
 * A device on the fabric raised an exception (or an assertion error, or overflowed its stack) while
 * the fabric ran it: the scenario has no verdict, and must not read as one. An assertion error of the
 * device's own code is carried here as the cause, so that it is never taken for a requirement the
 * kit judged failed. The message names the device, its host, what it was doing, the virtual time and
 * the line of the device's code that raised it.
 */
public final class DeviceFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String device;
    private final long virtualTimeNs;

    /**
     * @param device        the device's name and host, e.g. {@code reference MPRT node on host dut}
     * @param doing         what the fabric had asked of it, e.g. {@code handling a frame on its port 1}
     * @param virtualTimeNs the fabric's virtual time then
     */
    public DeviceFailure(final String device, final String doing, final long virtualTimeNs, final Throwable cause) {
        super(device + " raised " + cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
            + ", while " + doing + " at virtual time " + virtualTimeNs + " ns" + raisedAt(cause), cause);
        this.device = device;
        this.virtualTimeNs = virtualTimeNs;
    }

    /** The device's name and host. */
    public String device() {
        return device;
    }

    public long virtualTimeNs() {
        return virtualTimeNs;
    }

    private static String raisedAt(final Throwable cause) {
        final StackTraceElement[] trace = cause.getStackTrace();
        return trace.length == 0 ? "" : " (at " + trace[0] + ")";
    }
}
