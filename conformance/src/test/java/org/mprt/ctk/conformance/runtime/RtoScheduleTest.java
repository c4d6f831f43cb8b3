package org.mprt.ctk.conformance.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pics.Pics;

/** The RTO expiries MPRT-LOSS-003 expects retransmissions at, from the defaults or the device's PICS. */
class RtoScheduleTest {

    @TempDir
    Path tmp;

    @Test
    void shouldDoubleFromRtoInitWithTheDefaults() {
        assertThat(RtoSchedule.expiriesBeforeFailureNs(null)).containsExactly(100_000, 300_000);
    }

    @Test
    void shouldCapEachIntervalAtRtoMaxAndStopBeforeTheFailRtoCountth() throws Exception {
        final Path file = tmp.resolve("pics.yaml");
        Files.writeString(file, """
            picsVersion: "0.1"
            implementation: {name: slow timers, vendor: test, version: "1"}
            profile: mprt-0.1
            capabilities: {paths: 4, planes: 2, streams: 4, pmtu: 4096, sackBitmapBits: 256, write: true, send: true,
                           ipv6: false, vlan: false, probe: true, guidance: true}
            timers: {RTO_INIT: 1000000, RTO_MAX: 2500000, FAIL_RTO_COUNT: 5}
            """);

        assertThat(RtoSchedule.expiriesBeforeFailureNs(Pics.load(file))).containsExactly(1_000_000, 3_000_000, 5_500_000, 8_000_000);
    }
}
