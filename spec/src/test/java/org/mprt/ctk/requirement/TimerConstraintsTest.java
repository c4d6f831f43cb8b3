package org.mprt.ctk.requirement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** mprt-v0.1.md section 14: the constraints between the timers, by name, with the values that break one. */
class TimerConstraintsTest {

    /** The section's defaults of the names the constraints use. */
    private static Map<String, Number> defaults() {
        final Map<String, Number> t = new LinkedHashMap<>();
        t.put("ACK_REQ_DELAY", 2_000L);
        t.put("ACK_COALESCE_DELAY", 8_000L);
        t.put("RTO_INIT", 100_000L);
        t.put("RTO_MIN", 50_000L);
        t.put("RTO_MAX", 2_000_000L);
        t.put("RNR_DELAY", 50_000L);
        t.put("INIT_CWND", 16);
        t.put("MIN_CWND", 1);
        return t;
    }

    private static Map<String, Number> with(final String name, final Number value) {
        final Map<String, Number> t = defaults();
        t.put(name, value);
        return t;
    }

    @Test
    void shouldHoldForTheDefaultsAndAtTheEdgesTheyAllow() {
        assertThat(TimerConstraints.broken(defaults())).isEmpty();
        assertThat(TimerConstraints.broken(with("RTO_INIT", 50_000L))).as("RTO_MIN = RTO_INIT").isEmpty();
        assertThat(TimerConstraints.broken(with("ACK_COALESCE_DELAY", 2_000L))).as("ACK_REQ_DELAY = ACK_COALESCE_DELAY")
            .isEmpty();
        assertThat(TimerConstraints.broken(with("MIN_CWND", 16))).as("MIN_CWND = INIT_CWND").isEmpty();
    }

    @Test
    void shouldNameTheFirstConstraintBrokenWithItsValues() {
        assertThat(TimerConstraints.broken(with("RTO_MIN", 1_000_000L))).contains(
            "RTO_MIN <= RTO_INIT <= RTO_MAX, here RTO_MIN 1000000, RTO_INIT 100000, RTO_MAX 2000000");
        assertThat(TimerConstraints.broken(with("RTO_INIT", 3_000_000L))).get().asString()
            .startsWith("RTO_MIN <= RTO_INIT <= RTO_MAX");
        assertThat(TimerConstraints.broken(with("ACK_REQ_DELAY", 9_000L))).get().asString()
            .startsWith("ACK_REQ_DELAY <= ACK_COALESCE_DELAY < RTO_MIN");
        assertThat(TimerConstraints.broken(with("ACK_COALESCE_DELAY", 50_000L))).as("equal to RTO_MIN: strictly less")
            .get().asString().startsWith("ACK_REQ_DELAY <= ACK_COALESCE_DELAY < RTO_MIN");
        assertThat(TimerConstraints.broken(with("RNR_DELAY", 2_000_000L))).as("equal to RTO_MAX: strictly less")
            .contains("RNR_DELAY < RTO_MAX, here RNR_DELAY 2000000, RTO_MAX 2000000");
        assertThat(TimerConstraints.broken(with("MIN_CWND", 17))).contains("MIN_CWND <= INIT_CWND, here MIN_CWND 17, INIT_CWND 16");
    }

    @Test
    void shouldRefuseATableWithoutANameItChecks() {
        final Map<String, Number> t = defaults();
        t.remove("RNR_DELAY");
        assertThatThrownBy(() -> TimerConstraints.broken(t)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("no value for RNR_DELAY to check RNR_DELAY < RTO_MAX");
    }
}
