package org.mprt.ctk.verdict.state;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.pcap.LinkDirection;

/**
 * One direction of one connection, as the capture shows it: data one way, answers the other way.
 * For MPRT it is named by the (DestQP, SCN) pair of its data packets; for RoCEv2 by the responder's
 * address and QP. Holds what every rule needs to know about the direction as a whole: which
 * addresses its data leaves from and goes to, how long answers took, where the capture stands
 * ({@link #side()}, settled after the last frame) and whether the capture holds its beginning.
 */
public abstract class Direction {

    /** Planes per connection are at most 8 (PICS {@code planes}); a few more in case of a faulty sender. */
    private static final int MAX_ADDRESSES = 16;

    private final List<CapturePoint.Address> sources = new ArrayList<>();
    private final List<CapturePoint.Address> destinations = new ArrayList<>();
    private final long firstFrame;
    private final int number;
    private long answerSamples;
    private long fastestAnswerNs = Long.MAX_VALUE;
    private long slowestAnswerNs;
    private String midConnection;
    private long midConnectionFrame;
    /** The direction's data frames as the capture marks them: sent by the capturing host, received by it, neither. */
    private long outboundData;
    private long inboundData;
    private long neitherData;
    /** A data frame of the direction crossed the capturing host's loopback device. */
    private boolean loopbackDevice;
    private CaptureSide side = CaptureSide.UNKNOWN;
    private String sideReason = "the capture has not been read to its end";

    /** @param number the direction's number among those of its kind in the capture, from 0 in the order they appeared */
    protected Direction(final long firstFrame, final int number) {
        this.firstFrame = firstFrame;
        this.number = number;
    }

    /** How the reports name the direction, e.g. {@code DestQP 0x000100, SCN 0x000200}. */
    public abstract String label();

    public long firstFrame() {
        return firstFrame;
    }

    /**
     * The direction's number among those of its kind (MPRT or RoCEv2) in the capture, from 0 in the
     * order they appeared: an index where a table per direction would otherwise hash the direction.
     */
    public int number() {
        return number;
    }

    /** Where the capture stands for this direction; meaningful once the judge has read every frame. */
    public CaptureSide side() {
        return side;
    }

    /** Counts a data frame of this direction that the capture marks ({@code way} is not NOT_STATED). */
    void linkMarked(final LinkDirection way) {
        if (way == LinkDirection.OUTBOUND) {
            outboundData++;
        } else if (way == LinkDirection.INBOUND) {
            inboundData++;
        } else {
            neitherData++;
        }
    }

    /**
     * OUTBOUND when the capture marks every marked data frame of the direction as sent by the
     * capturing host, INBOUND when as received by it; NOT_STATED when it marks none, or not all alike.
     */
    public LinkDirection dataMarkedAs() {
        if (neitherData > 0 || outboundData > 0 == inboundData > 0) {
            return LinkDirection.NOT_STATED;
        }
        return outboundData > 0 ? LinkDirection.OUTBOUND : LinkDirection.INBOUND;
    }

    void crossedLoopbackDevice() {
        loopbackDevice = true;
    }

    /** True when the capture shows data of this direction on the capturing host's loopback device. */
    public boolean isOnLoopbackDevice() {
        return loopbackDevice;
    }

    /** Data frames of the direction the capture marks as {@link #dataMarkedAs()} says. */
    public long markedData() {
        return outboundData + inboundData;
    }

    /** Why the engine placed the capture there, in words for a verdict's explanation. */
    public String sideReason() {
        return sideReason;
    }

    /**
     * True when the capture shows this direction from its first packet on, so that what it lacks
     * was never sent; false when it starts in mid-connection ({@link #midConnectionReason()}).
     */
    public boolean observedFromStart() {
        return midConnection == null;
    }

    /** Why the capture is taken to start in mid-connection, or null. */
    public String midConnectionReason() {
        return midConnection;
    }

    public long midConnectionFrame() {
        return midConnectionFrame;
    }

    /** Answers timed: each the delay from a captured packet to the captured answer that names it. */
    public long answerSamples() {
        return answerSamples;
    }

    public long fastestAnswerNs() {
        return fastestAnswerNs;
    }

    public long slowestAnswerNs() {
        return slowestAnswerNs;
    }

    public List<CapturePoint.Address> sources() {
        return sources;
    }

    public List<CapturePoint.Address> destinations() {
        return destinations;
    }

    void answered(final long delayNs) {
        if (delayNs < 0) {
            return;
        }
        answerSamples++;
        fastestAnswerNs = Math.min(fastestAnswerNs, delayNs);
        slowestAnswerNs = Math.max(slowestAnswerNs, delayNs);
    }

    void sentBetween(final Plane plane) {
        remember(sources, plane.sourceHigh(), plane.sourceLow());
        remember(destinations, plane.destinationHigh(), plane.destinationLow());
    }

    /** Adds the address unless known; compares before it allocates, as almost every packet's is known. */
    private static void remember(final List<CapturePoint.Address> list, final long high, final long low) {
        if (list.size() >= MAX_ADDRESSES) {
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            final CapturePoint.Address a = list.get(i);
            if (a.high() == high && a.low() == low) {
                return;
            }
        }
        list.add(new CapturePoint.Address(high, low));
    }

    /** Records the first sign that the capture began after this direction did; later signs add nothing. */
    void startsMidConnection(final long frame, final String reason) {
        if (midConnection == null) {
            midConnection = reason;
            midConnectionFrame = frame;
        }
    }

    void place(final CaptureSide side, final String reason) {
        this.side = side;
        this.sideReason = reason;
    }
}
