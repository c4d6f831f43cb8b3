package org.mprt.ctk.reference.mprt.cc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/** MPRT-RECV-003: over any GUIDANCE_WINDOW the bytes sent stay within g x W x (1 + tolerance) plus one packet. */
class GuidancePacerTest {

    private static final long WINDOW_NS = 20_000;
    private static final int PACKET_BYTES = 1100;

    @Test
    void shouldNotLimitWithoutGuidance() {
        final GuidancePacer pacer = new GuidancePacer(WINDOW_NS, 10, PACKET_BYTES);
        pacer.onGuidance(MaethFlyweight.GUIDANCE_NO_LIMIT, 0);
        assertThat(pacer.maySend(PACKET_BYTES, 0)).isTrue();
        assertThat(pacer.isLimited()).isFalse();
    }

    @Test
    void shouldKeepEveryWindowWithinTheGuidanceBound() {
        final GuidancePacer pacer = new GuidancePacer(WINDOW_NS, 10, PACKET_BYTES);
        pacer.onGuidance(10_000, 0);
        final List<long[]> sent = sendGreedily(pacer, 0, 1_000_000);
        final double bound = 10_000 / 8_000.0 * WINDOW_NS * 1.1 + PACKET_BYTES;
        assertThat(maxBytesInAnyWindow(sent)).isLessThanOrEqualTo((long) bound);
        assertThat(sent.size()).isGreaterThan(1000);
    }

    @Test
    void shouldCutTheBurstAtOnceWhenGuidanceDrops() {
        final GuidancePacer pacer = new GuidancePacer(WINDOW_NS, 10, PACKET_BYTES);
        pacer.onGuidance(100_000, 0);
        sendGreedily(pacer, 0, 100_000);
        pacer.onGuidance(1_000, 200_000);
        final List<long[]> sent = sendGreedily(pacer, 200_000, 1_000_000);
        final double bound = 1_000 / 8_000.0 * WINDOW_NS * 1.1 + PACKET_BYTES;
        assertThat(maxBytesInAnyWindow(sent)).isLessThanOrEqualTo((long) bound);
    }

    private static List<long[]> sendGreedily(final GuidancePacer pacer, final long fromNs, final long toNs) {
        final List<long[]> sent = new ArrayList<>();
        long now = fromNs;
        while (now < toNs) {
            if (pacer.maySend(PACKET_BYTES, now)) {
                pacer.onSent(PACKET_BYTES, now);
                sent.add(new long[] {now, PACKET_BYTES});
            } else {
                now = pacer.readyAtNs(PACKET_BYTES, now);
            }
        }
        return sent;
    }

    private static long maxBytesInAnyWindow(final List<long[]> sent) {
        long max = 0;
        int first = 0;
        long bytes = 0;
        for (final long[] packet : sent) {
            bytes += packet[1];
            while (packet[0] - sent.get(first)[0] >= WINDOW_NS) {
                bytes -= sent.get(first++)[1];
            }
            max = Math.max(max, bytes);
        }
        return max;
    }
}
