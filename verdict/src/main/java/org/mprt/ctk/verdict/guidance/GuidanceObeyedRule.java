package org.mprt.ctk.verdict.guidance;

import java.util.Comparator;
import java.util.PriorityQueue;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerDirection;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.RingSlots;
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
    /** What a direction's rings hold at first: they double as its windows need, up to CAPACITY. */
    private static final int FIRST_CAPACITY = 32;
    /** IPv4 + UDP + BTH + MDETH + ICRC around a data packet's payload. */
    private static final int HEADERS_BYTES = 20 + 8 + 12 + 36 + 4;

    /**
     * The data packets of one direction from the oldest window not judged yet, in rings indexed by
     * position (head, end and count only grow).
     */
    private static final class Sent {
        MprtDirection direction;
        long[] ns = new long[FIRST_CAPACITY];
        long[] frame = new long[FIRST_CAPACITY];
        int[] bytes = new int[FIRST_CAPACITY];
        long head;
        long end;
        long count;
        long windowBytes;
        int largest;
        /** While queued: when its oldest window was due when it was queued, at most when it is due now. */
        long dueNs;
        boolean queued;
        final GuidanceWindow guidance = new GuidanceWindow(MAX_GUIDANCE);

        /** The ring index of a position. */
        int at(final long position) {
            return (int) (position & (ns.length - 1));
        }

        /** Makes room for one packet more by doubling the rings, unless they hold CAPACITY already. */
        boolean grow() {
            if (ns.length == CAPACITY) {
                return false;
            }
            final int length = ns.length * 2;
            ns = RingSlots.grown(ns, head, count - head, length);
            frame = RingSlots.grown(frame, head, count - head, length);
            bytes = RingSlots.grown(bytes, head, count - head, length);
            return true;
        }
    }

    /** ACKs held per direction beyond the windows being judged; older ones only matter as "the last before". */
    private static final int MAX_GUIDANCE = 1024;

    private final Timers timers;
    private final long countNs;
    private final long reactionNs;
    private final int fullSizeBytes;
    private final PerDirection<MprtDirection, Sent> sent = new PerDirection<>(Sent::new);
    /**
     * The directions with a window not judged yet, the earliest due first: a frame costs nothing until
     * one is due, and then only the directions that are, however many the capture holds.
     */
    private final PriorityQueue<Sent> due = new PriorityQueue<>(Comparator.comparingLong(s -> s.dueNs));
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
        for (Sent s = due.peek(); s != null && s.dueNs <= o.timestampNs(); s = due.peek()) {
            judgeUpTo(s.direction, s, o.timestampNs());
            if (due.size() == 1 && s.head < s.count) {
                // The only direction queued stays at the head under its new key: no poll and add per data packet.
                s.dueNs = s.ns[s.at(s.head)] + timers.guidanceWindowNs();
                continue;
            }
            due.poll();
            s.queued = false;
            queueIfPending(s);
        }
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtData()) {
            final Sent s = sent.of(o.mprtDirection());
            if (s.direction == null) {
                s.direction = o.mprtDirection();
                // Directions keep their evidence in the order their data began, however the queue judges them.
                evidence.of(s.direction);
            }
            if (s.count - s.head == s.ns.length && !s.grow()) {
                // Too many packets in one window to hold: the oldest window is dropped unjudged.
                if (s.end == s.head) {
                    s.end++;
                } else {
                    s.windowBytes -= s.bytes[s.at(s.head)];
                }
                s.head++;
            }
            final int i = s.at(s.count++);
            s.ns[i] = o.timestampNs();
            s.frame[i] = o.frameNumber();
            s.bytes[i] = o.packet().datagramLength();
            s.largest = Math.max(s.largest, s.bytes[i]);
            queueIfPending(s);
        } else if (o.isMprtAck()) {
            final Sent s = sent.of(o.mprtAnswered());
            s.guidance.add(o.timestampNs(), o.packet().extensions().maeth().guidanceRateMbps(), o.frameNumber());
        }
    }

    /**
     * Queues a direction not queued whose oldest window is not judged yet, keyed by when it is due.
     * A queued direction stays as it is: its head only moves later, so its key stays at most its due.
     */
    private void queueIfPending(final Sent s) {
        if (!s.queued && s.head < s.count) {
            s.dueNs = s.ns[s.at(s.head)] + timers.guidanceWindowNs();
            s.queued = true;
            due.add(s);
        }
    }

    /** Judges every window whose start t has t + GUIDANCE_WINDOW before {@code nowNs}. */
    private void judgeUpTo(final MprtDirection d, final Sent s, final long nowNs) {
        while (s.head < s.count && nowNs - s.ns[s.at(s.head)] >= timers.guidanceWindowNs()) {
            final int h = s.at(s.head);
            final long t = s.ns[h];
            while (s.end < s.count && s.ns[s.at(s.end)] - t < countNs) {
                s.windowBytes += s.bytes[s.at(s.end++)];
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
            final long last = s.frame[s.at(s.end - 1)];
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
