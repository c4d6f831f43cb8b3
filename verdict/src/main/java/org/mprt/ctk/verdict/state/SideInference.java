package org.mprt.ctk.verdict.state;

import java.util.Locale;
import java.util.Set;
import org.mprt.ctk.pcap.LinkDirection;

/**
 * Places the capture relative to each connection direction (mprt-v0.1.md section 16.3).
 *
 * <p>A direction whose data the capture shows on the host's loopback device, or that travels between
 * loopback addresses, or from a host to itself, was captured at both ends at once (a software
 * implementation talking to its peer over a host's loopback interface). A stated point that is one of
 * its ends narrows it to that end, since the capture holds that node's port as well: the stated node's
 * rules are judged and the other node's are not, as for a capture taken at the stated node's port.
 * Any other stated point leaves it at both ends.
 *
 * <p>When the user states the capture point, a direction whose data leaves from one of its
 * addresses was captured at its sender, one whose data arrives at one of them at its receiver, and
 * any other between the nodes.
 *
 * <p>Otherwise a capture that marks which frames its host sent and which it received (Linux cooked
 * headers, {@code tcpdump -i any}; pcapng epb_flags) places itself: a direction whose data frames are all marked sent
 * was captured at its sender, all marked received at its receiver.
 *
 * <p>Otherwise, unless some frame records no capture time, the timing of answers tells. Each answer the engine can tie to the packet it answers
 * (an MPRT ACK to the transmission its echo_timestamp names, a RoCEv2 ACK to a request PSN sent
 * once) gives a delay. At a receiver's port an answer follows its packet by the receiver's own
 * reaction time (ACK_REQ_DELAY, at most ACK_COALESCE_DELAY); at a sender's port by a round trip; at
 * a mirror port by something in between. With answers in both directions of a connection the
 * fastest answer of each is compared: the direction answered at least four times (and 1 µs) faster
 * is captured at its receiver, so the other at its sender; comparable times put the capture
 * between the nodes. With answers in one direction only, a fastest answer within ACK_REQ_DELAY and
 * a slowest within ACK_COALESCE_DELAY (widened by the tolerance) places the capture at that
 * direction's receiver; slower answers cannot tell a sender's port from a mirror port, so the side
 * stays unknown.
 */
final class SideInference {

    /** How much faster one direction's answers must be to be the ones given at the capture point. */
    static final int RATIO = 4;
    static final long MARGIN_NS = 1_000;

    private final CapturePoint point;
    private final Timers timers;
    /** True when some frame records no capture time: answers cannot then be timed. */
    private final boolean untimed;

    SideInference(final CapturePoint point, final Timers timers, final boolean untimed) {
        this.point = point;
        this.timers = timers;
        this.untimed = untimed;
    }

    /** Places {@code d}, whose connection's other direction is {@code reverse} (or null). */
    void place(final Direction d, final Direction reverse) {
        if (point.isStated() && ownsOneEnd(d) && (d.isOnLoopbackDevice() || isOnOneHost(d))) {
            // Both ends are on the capturing host, so the capture holds the stated node's port as well:
            // judged there, as the user asked, the other node's rules are not.
            placeStated(d, "; the capture, on one host, holds both ends and is judged at the stated node's port");
            return;
        }
        // Otherwise, whatever point is stated, a capture on the host of both ends holds both.
        if (d.isOnLoopbackDevice()) {
            d.place(CaptureSide.BOTH_ENDS, "this direction's data crossed the capturing host's loopback device, so"
                + " both its ends are on that host and the capture holds it as sent and as received");
            return;
        }
        if (isOnOneHost(d)) {
            d.place(CaptureSide.BOTH_ENDS, "this direction's data travels from " + d.sources() + " to "
                + d.destinations() + ", addresses of one host (loopback, or a node sending to itself), so the"
                + " capture holds it as sent and as received");
            return;
        }
        if (point.isStated()) {
            placeStated(d, "");
            return;
        }
        if (d.dataMarkedAs() != LinkDirection.NOT_STATED) {
            final boolean sent = d.dataMarkedAs() == LinkDirection.OUTBOUND;
            d.place(sent ? CaptureSide.SENDER : CaptureSide.RECEIVER, "the capture marks all " + d.markedData()
                + " of this direction's data frames as " + (sent ? "sent" : "received") + " by the host it was taken on"
                + " (Linux cooked headers or pcapng epb_flags), so it stands at the " + (sent ? "sender" : "receiver"));
            return;
        }
        if (untimed) {
            d.place(CaptureSide.UNKNOWN, "frames of the capture record no capture time (pcapng simple packet blocks),"
                + " so no answer can be timed against the packet it answers; state the capture point");
            return;
        }
        final boolean here = d.answerSamples() > 0;
        final boolean there = reverse != null && reverse.answerSamples() > 0;
        if (here && there) {
            compare(d, reverse);
        } else if (here) {
            if (quick(d)) {
                d.place(CaptureSide.RECEIVER, "inferred: the receiver answers its data within "
                    + range(d) + ", as at its own port");
            } else {
                d.place(CaptureSide.UNKNOWN, "answers follow this direction's data after " + range(d)
                    + ", and with no answered data the other way the sender's"
                    + " port cannot be told from a mirror port; state the capture point");
            }
        } else if (there && quick(reverse)) {
            d.place(CaptureSide.SENDER, "inferred: the other direction's data is answered within "
                + range(reverse) + ", so the capture is at this direction's sender");
        } else {
            d.place(CaptureSide.UNKNOWN, "no answer in the capture can be timed against the packet it answers;"
                + " state the capture point");
        }
    }

    /** True when the stated node owns the sending end of {@code d} or its receiving end, not both. */
    private boolean ownsOneEnd(final Direction d) {
        return d.sources().stream().anyMatch(point::owns) != d.destinations().stream().anyMatch(point::owns);
    }

    private void placeStated(final Direction d, final String note) {
        final boolean sender = d.sources().stream().anyMatch(point::owns);
        final boolean receiver = d.destinations().stream().anyMatch(point::owns);
        if (sender && !receiver) {
            d.place(CaptureSide.SENDER, "stated: " + point + ", where this direction's data leaves from" + note);
        } else if (receiver && !sender) {
            d.place(CaptureSide.RECEIVER, "stated: " + point + ", where this direction's data arrives" + note);
        } else if (sender) {
            d.place(CaptureSide.BOTH_ENDS, "stated: " + point + ", which owns both ends of this direction");
        } else {
            d.place(CaptureSide.BETWEEN, "stated: " + point + ", which is neither end of this direction");
        }
    }

    /** How soon a direction's data is answered: "0.5 µs to 7.0 µs", or "4.0 µs" when every answer took as long. */
    private static String range(final Direction d) {
        return d.fastestAnswerNs() == d.slowestAnswerNs() ? micros(d.fastestAnswerNs())
            : micros(d.fastestAnswerNs()) + " to " + micros(d.slowestAnswerNs());
    }

    private void compare(final Direction d, final Direction reverse) {
        final long mine = d.fastestAnswerNs();
        final long theirs = reverse.fastestAnswerNs();
        final String times = "the fastest answer to this direction's data comes after " + micros(mine)
            + ", to the other direction's after " + micros(theirs);
        if (mine >= Math.max(RATIO * theirs, theirs + MARGIN_NS) && theirs <= timers.ackCoalesceBoundNs()) {
            d.place(CaptureSide.SENDER, "inferred: " + times + ", as at this direction's sender");
        } else if (theirs >= Math.max(RATIO * mine, mine + MARGIN_NS) && mine <= timers.ackCoalesceBoundNs()) {
            d.place(CaptureSide.RECEIVER, "inferred: " + times + ", as at this direction's receiver");
        } else {
            d.place(CaptureSide.BETWEEN, "inferred: " + times + "; comparable times put the capture between the"
                + " nodes (a mirror port), or it cannot be told; state the capture point");
        }
    }

    /**
     * True when every address the direction's data travels between is a loopback address, or its
     * sources are its destinations: no wire lies between its two ends. Loopback packets cannot cross
     * a network (RFC 1122 section 3.2.1.3), and a host reaches its own address without one.
     */
    static boolean isOnOneHost(final Direction d) {
        if (d.sources().isEmpty() || d.destinations().isEmpty()) {
            return false;
        }
        final boolean loopback = d.sources().stream().allMatch(CapturePoint.Address::isLoopback)
            && d.destinations().stream().allMatch(CapturePoint.Address::isLoopback);
        return loopback || Set.copyOf(d.sources()).equals(Set.copyOf(d.destinations()));
    }

    private boolean quick(final Direction d) {
        return d.fastestAnswerNs() <= timers.ackReqDelayNs() && d.slowestAnswerNs() <= timers.ackCoalesceBoundNs();
    }

    static String micros(final long ns) {
        return String.format(Locale.ROOT, "%.1f µs", ns / 1000.0);
    }
}
