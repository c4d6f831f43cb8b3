package org.mprt.ctk.reference.mprt;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.mprt.ctk.requirement.TimerConstraints;

/**
 * Every timer and parameter of the MPRT endpoint. The first block is the table of mprt-v0.1.md
 * section 14, with its defaults, its allowed ranges and its constraints checked on construction
 * (MPRT-TIMER-001); {@link #specTable()} lists them under the spec's names. The second block holds
 * the implementation's own choices, which the spec leaves open, and the deviations of a mutant.
 */
public record MprtConfig(
    long ackReqDelayNs,
    int ackCoalesceCount,
    long ackCoalesceDelayNs,
    long rtoInitNs,
    long rtoMinNs,
    long rtoMaxNs,
    int failRtoCount,
    long probeIntervalNs,
    long probeTimeoutNs,
    int readmitProbes,
    long rnrDelayNs,
    long guidanceWindowNs,
    long guidanceReactionNs,
    int guidanceTolerancePercent,
    int initCwndPmtu,
    int minCwndPmtu,
    double mdFactor,
    int aiStepPmtu,
    int lossReorderThreshold,
    long guidanceBufferThresholdBytes,
    long ingressDrainRateBps,
    boolean newEntropyOnFailure,
    Set<Deviation> deviations) {

    /** SACK_WINDOW: fixed by the 256-bit MAETH bitmap. */
    public static final int SACK_WINDOW_PSNS = 256;

    public MprtConfig {
        deviations = deviations.isEmpty() ? Collections.emptySet()
            : Collections.unmodifiableSet(EnumSet.copyOf(deviations));
        SpecRanges.check(ackReqDelayNs, ackCoalesceCount, ackCoalesceDelayNs, rtoInitNs, rtoMinNs, rtoMaxNs, failRtoCount);
        SpecRanges.checkFailure(probeIntervalNs, probeTimeoutNs, readmitProbes, rnrDelayNs);
        SpecRanges.checkGuidance(guidanceWindowNs, guidanceReactionNs, guidanceTolerancePercent);
        SpecRanges.checkWindows(initCwndPmtu, minCwndPmtu, mdFactor, aiStepPmtu, lossReorderThreshold);
        TimerConstraints.broken(Map.of("RTO_MIN", rtoMinNs, "RTO_INIT", rtoInitNs, "RTO_MAX", rtoMaxNs,
            "ACK_REQ_DELAY", ackReqDelayNs, "ACK_COALESCE_DELAY", ackCoalesceDelayNs, "RNR_DELAY", rnrDelayNs,
            "MIN_CWND", minCwndPmtu, "INIT_CWND", initCwndPmtu)).ifPresent(broken -> {
                throw new IllegalArgumentException(broken);
            });
    }

    /** Every value at the default of section 14; no deviation. */
    public static MprtConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** ACK_DELAY, equal to ACK_COALESCE_DELAY (section 14). */
    public long ackDelayNs() {
        return ackCoalesceDelayNs;
    }

    public boolean deviates(final Deviation deviation) {
        return deviations.contains(deviation);
    }

    /** The section 14 table, name to value in its PICS unit, in the spec's order (for a PICS "timers" block). */
    public Map<String, Number> specTable() {
        final Map<String, Number> table = new LinkedHashMap<>();
        table.put("ACK_REQ_DELAY", ackReqDelayNs);
        table.put("ACK_COALESCE_COUNT", ackCoalesceCount);
        table.put("ACK_COALESCE_DELAY", ackCoalesceDelayNs);
        table.put("RTO_INIT", rtoInitNs);
        table.put("RTO_MIN", rtoMinNs);
        table.put("RTO_MAX", rtoMaxNs);
        table.put("FAIL_RTO_COUNT", failRtoCount);
        table.put("PROBE_INTERVAL", probeIntervalNs);
        table.put("PROBE_TIMEOUT", probeTimeoutNs);
        table.put("READMIT_PROBES", readmitProbes);
        table.put("RNR_DELAY", rnrDelayNs);
        table.put("GUIDANCE_WINDOW", guidanceWindowNs);
        table.put("GUIDANCE_REACTION", guidanceReactionNs);
        table.put("GUIDANCE_TOLERANCE", guidanceTolerancePercent);
        table.put("INIT_CWND", initCwndPmtu);
        table.put("MIN_CWND", minCwndPmtu);
        table.put("MD_FACTOR", mdFactor);
        table.put("AI_STEP", aiStepPmtu);
        table.put("SACK_WINDOW", SACK_WINDOW_PSNS);
        table.put("LOSS_REORDER_THRESHOLD", lossReorderThreshold);
        return table;
    }

    /** Builds an {@link MprtConfig}; each setter is named after the record component it sets. */
    public static final class Builder {
        private long ackReqDelayNs = 2_000;
        private int ackCoalesceCount = 8;
        private long ackCoalesceDelayNs = 8_000;
        private long rtoInitNs = 100_000;
        private long rtoMinNs = 50_000;
        private long rtoMaxNs = 2_000_000;
        private int failRtoCount = 3;
        private long probeIntervalNs = 100_000;
        private long probeTimeoutNs = 200_000;
        private int readmitProbes = 2;
        private long rnrDelayNs = 50_000;
        private long guidanceWindowNs = 20_000;
        private long guidanceReactionNs = 10_000;
        private int guidanceTolerancePercent = 10;
        private int initCwndPmtu = 16;
        private int minCwndPmtu = 1;
        private double mdFactor = 0.5;
        private int aiStepPmtu = 1;
        private int lossReorderThreshold = 1;
        // The receive buffer threshold above which guidance is lowered (section 12): 256 KiB.
        private long guidanceBufferThresholdBytes = 256 * 1024;
        // 0: the host takes data as fast as the ports deliver it, so the ingress buffer never fills.
        private long ingressDrainRateBps;
        private boolean newEntropyOnFailure;
        private final EnumSet<Deviation> deviations = EnumSet.noneOf(Deviation.class);

        private Builder() {
        }

        private Builder(final MprtConfig c) {
            ackReqDelayNs = c.ackReqDelayNs;
            ackCoalesceCount = c.ackCoalesceCount;
            ackCoalesceDelayNs = c.ackCoalesceDelayNs;
            rtoInitNs = c.rtoInitNs;
            rtoMinNs = c.rtoMinNs;
            rtoMaxNs = c.rtoMaxNs;
            failRtoCount = c.failRtoCount;
            probeIntervalNs = c.probeIntervalNs;
            probeTimeoutNs = c.probeTimeoutNs;
            readmitProbes = c.readmitProbes;
            rnrDelayNs = c.rnrDelayNs;
            guidanceWindowNs = c.guidanceWindowNs;
            guidanceReactionNs = c.guidanceReactionNs;
            guidanceTolerancePercent = c.guidanceTolerancePercent;
            initCwndPmtu = c.initCwndPmtu;
            minCwndPmtu = c.minCwndPmtu;
            mdFactor = c.mdFactor;
            aiStepPmtu = c.aiStepPmtu;
            lossReorderThreshold = c.lossReorderThreshold;
            guidanceBufferThresholdBytes = c.guidanceBufferThresholdBytes;
            ingressDrainRateBps = c.ingressDrainRateBps;
            newEntropyOnFailure = c.newEntropyOnFailure;
            deviations.addAll(c.deviations);
        }

        public Builder ackReqDelayNs(final long v) { ackReqDelayNs = v; return this; }
        public Builder ackCoalesceCount(final int v) { ackCoalesceCount = v; return this; }
        public Builder ackCoalesceDelayNs(final long v) { ackCoalesceDelayNs = v; return this; }
        public Builder rtoInitNs(final long v) { rtoInitNs = v; return this; }
        public Builder rtoMinNs(final long v) { rtoMinNs = v; return this; }
        public Builder rtoMaxNs(final long v) { rtoMaxNs = v; return this; }
        public Builder failRtoCount(final int v) { failRtoCount = v; return this; }
        public Builder probeIntervalNs(final long v) { probeIntervalNs = v; return this; }
        public Builder probeTimeoutNs(final long v) { probeTimeoutNs = v; return this; }
        public Builder readmitProbes(final int v) { readmitProbes = v; return this; }
        public Builder rnrDelayNs(final long v) { rnrDelayNs = v; return this; }
        public Builder guidanceWindowNs(final long v) { guidanceWindowNs = v; return this; }
        public Builder guidanceReactionNs(final long v) { guidanceReactionNs = v; return this; }
        public Builder guidanceTolerancePercent(final int v) { guidanceTolerancePercent = v; return this; }
        public Builder initCwndPmtu(final int v) { initCwndPmtu = v; return this; }
        public Builder minCwndPmtu(final int v) { minCwndPmtu = v; return this; }
        public Builder mdFactor(final double v) { mdFactor = v; return this; }
        public Builder aiStepPmtu(final int v) { aiStepPmtu = v; return this; }
        public Builder lossReorderThreshold(final int v) { lossReorderThreshold = v; return this; }
        public Builder guidanceBufferThresholdBytes(final long v) { guidanceBufferThresholdBytes = v; return this; }
        public Builder ingressDrainRateBps(final long v) { ingressDrainRateBps = v; return this; }
        public Builder newEntropyOnFailure(final boolean v) { newEntropyOnFailure = v; return this; }

        /**
         * Sets the values of a section 14 table, name to value in its PICS unit as {@link #specTable()}
         * lists them (a device told its timers by name, say); the names it leaves out keep their values.
         *
         * @throws IllegalArgumentException for a name not in the table, a SACK_WINDOW other than 256, or a
         *                                  fraction where a whole number is expected (GUIDANCE_TOLERANCE too)
         */
        public Builder specTable(final Map<String, ? extends Number> table) {
            table.forEach((name, value) -> {
                if (name.equals("MD_FACTOR")) {
                    mdFactor = value.doubleValue();
                    return;
                }
                final long v = whole(name, value);
                switch (name) {
                    case "ACK_REQ_DELAY" -> ackReqDelayNs = v;
                    case "ACK_COALESCE_COUNT" -> ackCoalesceCount = Math.toIntExact(v);
                    case "ACK_COALESCE_DELAY" -> ackCoalesceDelayNs = v;
                    case "RTO_INIT" -> rtoInitNs = v;
                    case "RTO_MIN" -> rtoMinNs = v;
                    case "RTO_MAX" -> rtoMaxNs = v;
                    case "FAIL_RTO_COUNT" -> failRtoCount = Math.toIntExact(v);
                    case "PROBE_INTERVAL" -> probeIntervalNs = v;
                    case "PROBE_TIMEOUT" -> probeTimeoutNs = v;
                    case "READMIT_PROBES" -> readmitProbes = Math.toIntExact(v);
                    case "RNR_DELAY" -> rnrDelayNs = v;
                    case "GUIDANCE_WINDOW" -> guidanceWindowNs = v;
                    case "GUIDANCE_REACTION" -> guidanceReactionNs = v;
                    case "GUIDANCE_TOLERANCE" -> guidanceTolerancePercent = Math.toIntExact(v);
                    case "INIT_CWND" -> initCwndPmtu = Math.toIntExact(v);
                    case "MIN_CWND" -> minCwndPmtu = Math.toIntExact(v);
                    case "AI_STEP" -> aiStepPmtu = Math.toIntExact(v);
                    case "LOSS_REORDER_THRESHOLD" -> lossReorderThreshold = Math.toIntExact(v);
                    case "SACK_WINDOW" -> {
                        if (v != SACK_WINDOW_PSNS) {
                            throw new IllegalArgumentException("SACK_WINDOW " + v + ": fixed at " + SACK_WINDOW_PSNS
                                + " by the MAETH's bitmap");
                        }
                    }
                    default -> throw new IllegalArgumentException(name + ": not a name of the section 14 table");
                }
            });
            return this;
        }

        private static long whole(final String name, final Number value) {
            final double d = value.doubleValue();
            if (d != Math.rint(d)) {
                throw new IllegalArgumentException(name + " " + value + ": expected a whole number");
            }
            return value.longValue();
        }

        /** Switches one deviation on: the result is a mutant, not a conforming endpoint. */
        public Builder deviate(final Deviation deviation) {
            deviations.add(deviation);
            return this;
        }

        public MprtConfig build() {
            return new MprtConfig(ackReqDelayNs, ackCoalesceCount, ackCoalesceDelayNs, rtoInitNs, rtoMinNs, rtoMaxNs,
                failRtoCount, probeIntervalNs, probeTimeoutNs, readmitProbes, rnrDelayNs, guidanceWindowNs,
                guidanceReactionNs, guidanceTolerancePercent, initCwndPmtu, minCwndPmtu, mdFactor, aiStepPmtu,
                lossReorderThreshold, guidanceBufferThresholdBytes, ingressDrainRateBps, newEntropyOnFailure, deviations);
        }
    }
}
