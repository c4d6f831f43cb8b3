package org.mprt.ctk.verdict.guidance;

import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerDirection;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-RECV-003 (mprt-v0.1.md section 12): for every instant t, the data packets a sender sends on a
 * connection during [t, t + GUIDANCE_WINDOW), on all paths and planes with retransmissions and
 * re-sprays included, total at most g x GUIDANCE_WINDOW x (1 + GUIDANCE_TOLERANCE) bytes of IP length
 * plus the IP length of one full-size data packet, where g is the largest guidance_rate_mbps among
 * the ACKs of the connection that reached the sender during (t - GUIDANCE_REACTION, t +
 * GUIDANCE_WINDOW) and the last one that reached it at or before t - GUIDANCE_REACTION (no limit for
 * 0xFFFFFFFF or before any ACK). Judged at the sender's port.
 *
 * <p>"Before any ACK" is read as: no ACK reached the sender at or before t - GUIDANCE_REACTION, so no
 * guidance was yet in force at t (section 12: the sender obeys a guidance from GUIDANCE_REACTION after
 * it arrives); the ACKs arriving during the window may only raise a guidance already in force.
 *
 * <p>Reading for a capture: the windows that can hold the most bytes start at a data packet, so every
 * data packet starts one, judged once the capture has passed t + GUIDANCE_WINDOW (the ACKs that
 * count may arrive until then). As section 14 says, the interval over which bytes are counted is
 * shortened by the judging tolerance and GUIDANCE_REACTION lengthened by it. A full-size data packet
 * carries the PMTU the PICS declares (4096 without one), or the largest captured, if larger.
 */
public final class GuidanceObeyedRule extends BehaviourRule {

    /** Data packets held per direction: a GUIDANCE_WINDOW of 64-byte frames at 800 Gb/s is under 32768. */
    private static final int CAPACITY = 1 << 15;
    /** IPv4 + UDP + BTH + MDETH + ICRC around a data packet's payload. */
    private static final int HEADERS_BYTES = 20 + 8 + 12 + 36 + 4;

    private static final class Sent {
        final long[] ns = new long[CAPACITY];
        final long[] frame = new long[CAPACITY];
        final int[] bytes = new int[CAPACITY];
        long head;
        long end;
        long count;
        long windowBytes;
        int largest;
        final GuidanceWindow guidance = new GuidanceWindow(MAX_GUIDANCE);
    }

    /** ACKs held per direction beyond the windows being judged; older ones only matter as "the last before". */
    private static final int MAX_GUIDANCE = 1024;

    private final Timers timers;
    private final long countNs;
    private final long reactionNs;
    private final int fullSizeBytes;
    private final PerDirection<MprtDirection, Sent> sent = new PerDirection<>(Sent::new);
    /** The earliest time a window becomes judgeable, over every direction: no work per frame before it. */
    private long nextJudgeNs = Long.MAX_VALUE;
    private CaptureState state;

    public GuidanceObeyedRule(final Timers timers, final int pmtuBytes) {
        super("MPRT-RECV-003", JudgedAt.SENDER, false, false);
        this.timers = timers;
        this.countNs = timers.guidanceWindowNs() - timers.judgingToleranceNs();
        this.reactionNs = timers.guidanceReactionNs() + timers.judgingToleranceNs();
        this.fullSizeBytes = pmtuBytes + HEADERS_BYTES;
    }

    @Override
    public void observe(final Observation o) {
        if (countNs <= 0) {
            return;
        }
        state = o.state();
        if (o.timestampNs() >= nextJudgeNs) {
            nextJudgeNs = Long.MAX_VALUE;
            for (final MprtDirection d : sent.directions()) {
                final Sent s = sent.find(d);
                judgeUpTo(d, s, o.timestampNs());
                if (s.head < s.count) {
                    nextJudgeNs = Math.min(nextJudgeNs, s.ns[(int) (s.head % CAPACITY)] + timers.guidanceWindowNs());
                }
            }
        }
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtData()) {
            final Sent s = sent.of(o.mprtDirection());
            if (s.count - s.head == CAPACITY) {
                // Too many packets in one window to hold: the oldest window is dropped unjudged.
                if (s.end == s.head) {
                    s.end++;
                } else {
                    s.windowBytes -= s.bytes[(int) (s.head % CAPACITY)];
                }
                s.head++;
            }
            final int i = (int) (s.count++ % CAPACITY);
            s.ns[i] = o.timestampNs();
            s.frame[i] = o.frameNumber();
            s.bytes[i] = o.packet().datagramLength();
            s.largest = Math.max(s.largest, s.bytes[i]);
            nextJudgeNs = Math.min(nextJudgeNs, s.ns[(int) (s.head % CAPACITY)] + timers.guidanceWindowNs());
        } else if (o.isMprtAck()) {
            final Sent s = sent.of(o.mprtAnswered());
            s.guidance.add(o.timestampNs(), o.packet().extensions().maeth().guidanceRateMbps(), o.frameNumber());
        }
    }

    /** Judges every window whose start t has t + GUIDANCE_WINDOW before {@code nowNs}. */
    private void judgeUpTo(final MprtDirection d, final Sent s, final long nowNs) {
        while (s.head < s.count && nowNs - s.ns[(int) (s.head % CAPACITY)] >= timers.guidanceWindowNs()) {
            final int h = (int) (s.head % CAPACITY);
            final long t = s.ns[h];
            while (s.end < s.count && s.ns[(int) (s.end % CAPACITY)] - t < countNs) {
                s.windowBytes += s.bytes[(int) (s.end++ % CAPACITY)];
            }
            judge(d, s, h, t);
            s.windowBytes -= s.bytes[h];
            s.head++;
        }
    }

    private void judge(final MprtDirection d, final Sent s, final int h, final long t) {
        s.guidance.settleBefore(t - reactionNs);
        if (!s.guidance.hasBefore()) {
            // No ACK had reached the sender GUIDANCE_REACTION before t: no guidance was in force yet.
            return;
        }
        s.guidance.largest(t + timers.guidanceWindowNs());
        final long g = s.guidance.largestRate();
        final long gFrame = s.guidance.largestFrame();
        if (g < 0 || g == MaethFlyweight.GUIDANCE_NO_LIMIT) {
            return;
        }
        final double allowed = g / 8000.0 * timers.guidanceWindowNs() * (1 + timers.guidanceTolerancePercent() / 100)
            + Math.max(fullSizeBytes, s.largest);
        if (s.windowBytes <= allowed) {
            evidence.of(d).conforming(s.frame[h]);
        } else {
            final long last = s.frame[(int) ((s.end - 1) % CAPACITY)];
            violationUnlessCut(state, d, s.frame[h], () -> Ipv4Flyweight.TOTAL_LENGTH.id() + ": the data packets sent in the " + countNs + " ns from this one"
                + " (frames " + s.frame[h] + " to " + last + ") total " + s.windowBytes + " bytes of IP length, more than"
                + " the " + (long) allowed + " a guidance of " + g + " Mb/s (ACK of frame " + gFrame + ") allows over"
                + " GUIDANCE_WINDOW with GUIDANCE_TOLERANCE and one full-size packet");
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " windows of GUIDANCE_WINDOW kept within the guidance in force";
    }

    @Override
    protected String notApplicableText() {
        return countNs <= 0 ? "the judging tolerance is as long as GUIDANCE_WINDOW, which leaves no interval to count"
            : "no data packet in the capture was sent under a limited guidance";
    }
}
