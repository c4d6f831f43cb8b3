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
        this(device, doing, "virtual time " + virtualTimeNs + " ns", virtualTimeNs, cause);
    }

    private DeviceFailure(final String device, final String doing, final String when, final long timeNs,
                          final Throwable cause) {
        super(device + " raised " + cause.getClass().getName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
            + ", while " + doing + " at " + when + raisedAt(cause), cause);
        this.device = device;
        this.virtualTimeNs = timeNs;
    }

    /**
     * As {@link #DeviceFailure(String, String, long, Throwable)}, for a device that runs in real time
     * ({@code org.mprt.ctk.dut.live}): {@code sinceStartNs} is the time since its loop started.
     */
    public static DeviceFailure inRealTime(final String device, final String doing, final long sinceStartNs,
                                           final Throwable cause) {
        return new DeviceFailure(device, doing, sinceStartNs + " ns of real time after its loop started", sinceStartNs,
            cause);
    }

    /** The device's name and host. */
    public String device() {
        return device;
    }

    /** The fabric's virtual time when it was raised; for a device in real time, the time since its loop started. */
    public long virtualTimeNs() {
        return virtualTimeNs;
    }

    private static String raisedAt(final Throwable cause) {
        final StackTraceElement[] trace = cause.getStackTrace();
        return trace.length == 0 ? "" : " (at " + trace[0] + ")";
    }
}
