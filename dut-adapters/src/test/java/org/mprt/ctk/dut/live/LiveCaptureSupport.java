package org.mprt.ctk.dut.live;

import org.junit.jupiter.api.Assumptions;

/** Whether this machine can capture and send on {@code lo}: libpcap loads and the user may open it (root or CAP_NET_RAW). */
final class LiveCaptureSupport {

    private static final String PROBLEM = LiveCapture.whyNotOn("lo").orElse(null);

    private LiveCaptureSupport() {
    }

    /** Skips the calling test, with the reason and what to do, when live capture is not possible here. */
    static void assumeLiveCaptureWorks() {
        Assumptions.assumeTrue(PROBLEM == null, () -> "no live capture on lo here: " + PROBLEM);
    }
}
