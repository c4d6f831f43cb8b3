package org.mprt.ctk.verdict.guidance;

import java.util.List;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerDirection;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.ScenarioFacts;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MaethFlyweight;

/**
 * MPRT-RECV-001 (mprt-v0.1.md section 12): when data packets of N >= 2 connections arrived at a
 * receiver's ports that carry paths of a connection during the GUIDANCE_WINDOW before the receiver
 * sends an ACK on that connection, that ACK's guidance_rate_mbps is at most R / N, R being the sum of
 * the line rates of those ports in Mb/s. Judged at the receiver's port.
 *
 * <p>Reading for a capture: the ports that carry paths of a connection are the destination addresses
 * of its captured data; N counts the connection directions whose data arrived at any of them during
 * the GUIDANCE_WINDOW before the ACK, shortened by the judging tolerance. No frame carries a port's
 * line rate: when the scenario states it ({@link ScenarioFacts#portRateMbps()}), R is that rate times
 * the connection's ports and the bound is judged in full; otherwise the rule judges what holds
 * whatever R is: with N >= 2 the guidance is not 0xFFFFFFFF (no limit).
 */
public final class GuidanceShareRule extends BehaviourRule {

    /** A direction's latest data arrival, linked into the list of them newest first. */
    private static final class Arrival {
        MprtDirection direction;
        long ns;
        Arrival newer;
        Arrival older;
    }

    private final Timers timers;
    private final PerDirection<MprtDirection, Arrival> lastArrival = new PerDirection<>(Arrival::new);
    /**
     * The directions by their latest data arrival, newest first, so that counting the senders of a
     * window walks the ones that sent in it, not every connection the capture has shown.
     */
    private Arrival newest;
    private long latestDataNs = Long.MIN_VALUE;
    /**
     * True once a data packet is stamped before the one before it (a capture whose clock steps back):
     * the list's order is then not the order of the times, and the count walks the whole list.
     */
    private boolean steppedBack;

    public GuidanceShareRule(final Timers timers) {
        super("MPRT-RECV-001", JudgedAt.RECEIVER, false, false);
        this.timers = timers;
    }

    @Override
    public int kinds() {
        return FrameKind.MPRT;
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtData()) {
            arrived(o.mprtDirection(), o.timestampNs());
        } else if (o.isMprtAck()) {
            acknowledged(o);
        }
    }

    private void acknowledged(final Observation o) {
        final MprtDirection d = o.mprtAnswered();
        final List<CapturePoint.Address> ports = d.destinations();
        final long windowNs = timers.guidanceWindowNs() - timers.judgingToleranceNs();
        if (ports.isEmpty() || windowNs <= 0) {
            return;
        }
        final int senders = senders(o.timestampNs() - windowNs, ports);
        if (senders < 2) {
            return;
        }
        final long guidance = o.packet().extensions().maeth().guidanceRateMbps();
        final ScenarioFacts facts = o.state().facts();
        final String field = MaethFlyweight.GUIDANCE_RATE_MBPS.id() + ": ";
        if (guidance == MaethFlyweight.GUIDANCE_NO_LIMIT) {
            evidence.of(d).violation(o.frameNumber(), () -> field + "0xffffffff (no limit) while " + senders + " connections sent"
                + " data to the ports of this connection (" + ports + ") during the GUIDANCE_WINDOW before this ACK");
        } else if (facts.knowsPortRate() && guidance > facts.portRateMbps() * ports.size() / senders) {
            final long share = facts.portRateMbps() * ports.size() / senders;
            evidence.of(d).violation(o.frameNumber(), () -> field + "expected at most " + share + " (R / N: " + ports.size()
                + " ports of " + facts.portRateMbps() + " Mb/s shared by " + senders + " connections), found " + guidance);
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    private static boolean shares(final List<CapturePoint.Address> a, final List<CapturePoint.Address> b) {
        for (final CapturePoint.Address x : a) {
            if (b.contains(x)) {
                return true;
            }
        }
        return false;
    }

    private void arrived(final MprtDirection d, final long ns) {
        steppedBack |= ns < latestDataNs;
        latestDataNs = Math.max(latestDataNs, ns);
        final Arrival a = lastArrival.of(d);
        a.direction = d;
        a.ns = ns;
        if (a == newest) {
            return;
        }
        if (a.newer != null) {
            a.newer.older = a.older;
        }
        if (a.older != null) {
            a.older.newer = a.newer;
        }
        a.newer = null;
        a.older = newest;
        if (newest != null) {
            newest.newer = a;
        }
        newest = a;
    }

    /** The connections whose latest data to any of {@code ports} was captured at or after {@code sinceNs}. */
    private int senders(final long sinceNs, final List<CapturePoint.Address> ports) {
        int senders = 0;
        for (Arrival a = newest; a != null && (a.ns >= sinceNs || steppedBack); a = a.older) {
            if (a.ns >= sinceNs && shares(a.direction.destinations(), ports)) {
                senders++;
            }
        }
        return senders;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs sent while several connections shared the receiver's ports carry a limited guidance";
    }

    @Override
    protected String notApplicableText() {
        return "no ACK in the capture was sent while two or more connections sent to the same receiver ports";
    }
}
