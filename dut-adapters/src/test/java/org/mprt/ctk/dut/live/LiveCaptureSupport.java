package org.mprt.ctk.dut.live;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** Whether this machine can capture and send on {@code lo}: libpcap loads and the user may open it (root or CAP_NET_RAW). */
final class LiveCaptureSupport {

    private static final String PROBLEM = probe();

    private LiveCaptureSupport() {
    }

    /** Skips the calling test, with the reason and what to do, when live capture is not possible here. */
    static void assumeLiveCaptureWorks() {
        Assumptions.assumeTrue(PROBLEM == null, () -> "no live capture on lo here: " + PROBLEM);
    }

    private static String probe() {
        try {
            final Path file = Files.createTempFile("ctk-probe", ".pcap");
            try {
                LiveCapture.start("lo", "udp port 4791 and net 127.77.0.0/16", file).stop();
            } finally {
                Files.deleteIfExists(file);
            }
            return null;
        } catch (final LiveCaptureException e) {
            return e.getMessage();
        } catch (final Exception e) {
            return e.toString();
        }
    }
}
