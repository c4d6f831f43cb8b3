package org.mprt.ctk.verdict.guidance;

import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.rule.PerDirection;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.verdict.state.ScenarioFacts;
import org.mprt.ctk.verdict.state.Timers;

/**
 * MPRT-RECV-004 (SHOULD; mprt-v0.1.md section 12): when N senders, each with more data to send than its
 * share, send to one receiver whose ports they reach have line rates summing to R (as MPRT-RECV-001
 * sums them), then from 4 RTTs after the last of them starts (RTT: the largest RTT sample of their
 * paths) each sender's data to those ports over every interval of 10 x GUIDANCE_WINDOW is within
 * 25 % of R / N times the interval.
 *
 * <p>Reading for a capture: the rule needs to see every sender's data, so it judges a capture that
 * holds the data of all N (at the receiver's ports, or at a mirror port) rather than one sender's
 * port, where only one is visible; and it needs the ports' line rate, which no frame carries: without
 * the scenario's port rate ({@link ScenarioFacts#portRateMbps()}) it is INCONCLUSIVE. A receiver is the
 * set of destination addresses that connections' data links (a connection whose data goes to two
 * addresses, one per plane, puts both in one receiver), R the port rate times its addresses, and its
 * senders the connection directions whose data goes to them; a sender's data to the receiver is what
 * it sends to any of them, however it splits it over the planes. A sender has more data than its
 * share from its first to its last data packet, so the intervals judged lie between 4 RTTs after the
 * last sender's first packet and the first sender's last packet. Intervals are consecutive, on one
 * grid from the capture's first data packet (rather than every instant), so that a receiver's ports
 * add up; bytes are IP lengths, and the rule follows the first {@link #MAX_SENDERS} senders of the
 * first {@link #MAX_PORTS} addresses over each address's first {@link #MAX_INTERVALS} intervals from
 * its first data, so that its memory does not grow with the capture.
 */
public final class FairShareRule extends BehaviourRule {

    static final int MAX_PORTS = 16;
    static final int MAX_SENDERS = 64;
    static final int MAX_INTERVALS = 1024;
    private static final double SPREAD = 0.25;
    private static final int RTTS = 4;

    private static final class Sender {
        final MprtDirection direction;
        final long[] bytes = new long[MAX_INTERVALS];
        final long[] frame = new long[MAX_INTERVALS];
        long firstNs;
        long lastNs;
        long largestRttNs;

        /** The port whose intervals {@link #bytes} counts. */
        final Port port;

        Sender(final MprtDirection direction, final Port port, final long ns) {
            this.direction = direction;
            this.port = port;
            this.firstNs = ns;
        }
    }

    /**
     * One destination address and the senders followed there, counted from the interval of the
     * capture's grid ({@link #originNs}) in which its first data arrived, so that a port whose data
     * begins late in a long capture has intervals of its own, and a receiver's ports add up.
     */
    private static final class Port {
        final CapturePoint.Address address;
        final long firstInterval;
        final List<Sender> senders = new ArrayList<>();
        /** The receiver the port belongs to, as a union-find parent: itself at its receiver's root. */
        Port receiver = this;

        Port(final CapturePoint.Address address, final long firstInterval) {
            this.address = address;
            this.firstInterval = firstInterval;
        }

        Port root() {
            Port p = this;
            while (p.receiver != p) {
                p = p.receiver;
            }
            return p;
        }
    }

    private final long intervalNs;
    /** When the capture's first data packet was stamped: the intervals of every port lie on one grid from it. */
    private long originNs;
    private boolean started;
    private final Map<CapturePoint.Address, Port> ports = new LinkedHashMap<>();
    /** Per direction, where its data went, so that a data packet finds its sender without a search. */
    private final PerDirection<MprtDirection, Routes> routes = new PerDirection<>(Routes::new);

    /**
     * The planes one direction's data used, each with its port and the sender followed there (null past
     * {@link #MAX_PORTS} or {@link #MAX_SENDERS}: remembered too, so that its next packets cost a
     * comparison). Planes are shared by {@code Planes} and looked up once per frame, so compared by
     * identity; a new object for the same pair merely adds a route, up to {@link #MAX_ROUTES}.
     */
    private static final class Routes {
        static final int MAX_ROUTES = 16;
        Plane[] planes = new Plane[2];
        Port[] ports = new Port[2];
        Sender[] senders = new Sender[2];
        int size;

        /** The index of the route on this plane, or -1. */
        int of(final Plane plane) {
            for (int i = 0; i < size; i++) {
                if (planes[i] == plane) {
                    return i;
                }
            }
            return -1;
        }

        void add(final Plane plane, final Port port, final Sender sender) {
            if (size == MAX_ROUTES) {
                return;
            }
            if (size == planes.length) {
                planes = Arrays.copyOf(planes, size * 2);
                ports = Arrays.copyOf(ports, size * 2);
                senders = Arrays.copyOf(senders, size * 2);
            }
            planes[size] = plane;
            ports[size] = port;
            senders[size] = sender;
            size++;
        }
    }

    private ScenarioFacts facts = ScenarioFacts.none();

    public FairShareRule(final Timers timers) {
        super("MPRT-RECV-004", JudgedAt.ANYWHERE, false, false);
        this.intervalNs = 10 * timers.guidanceWindowNs();
    }

    @Override
    public void observe(final Observation o) {
        facts = o.state().facts();
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        if (o.isMprtAck()) {
            final MprtDirection d = o.mprtAnswered();
            final PathRecord path = d.path(o.packet().extensions().maeth().pathId());
            final Routes r = path == null || path.answers().rttSamples() == 0 ? null : routes.find(d);
            for (int i = 0; r != null && i < r.size; i++) {
                if (r.senders[i] != null) {
                    r.senders[i].largestRttNs = Math.max(r.senders[i].largestRttNs, path.answers().latestRttNs());
                }
            }
            return;
        }
        if (!o.isMprtData()) {
            return;
        }
        final MprtDirection d = o.mprtDirection();
        final Plane plane = o.state().planeOf(o.packet());
        final Routes r = routes.of(d);
        final int known = r.of(plane);
        if (known >= 0) {
            if (r.senders[known] != null) {
                count(o, r.ports[known], r.senders[known]);
            }
            return;
        }
        if (!started) {
            started = true;
            originNs = o.timestampNs();
        }
        final CapturePoint.Address to = o.state().planes().destinationOf(o.packet());
        Port port = ports.get(to);
        if (port == null && ports.size() < MAX_PORTS) {
            port = new Port(to, Math.floorDiv(o.timestampNs() - originNs, intervalNs));
            ports.put(to, port);
        }
        Sender s = null;
        for (int i = 0; port != null && i < port.senders.size() && s == null; i++) {
            s = port.senders.get(i).direction == d ? port.senders.get(i) : null;
        }
        if (s == null && port != null && port.senders.size() < MAX_SENDERS) {
            s = new Sender(d, port, o.timestampNs());
            port.senders.add(s);
        }
        r.add(plane, port, s);
        if (s != null) {
            count(o, port, s);
        }
    }

    /**
     * Adds a data packet of this sender to its interval at the port; not one stamped before the
     * port's first interval (a capture's timestamps can step back: merged interfaces, a clock adjusted).
     */
    private void count(final Observation o, final Port port, final Sender s) {
        s.lastNs = o.timestampNs();
        final long k = Math.floorDiv(o.timestampNs() - originNs, intervalNs) - port.firstInterval;
        if (k >= 0 && k < MAX_INTERVALS) {
            if (s.bytes[(int) k] == 0) {
                s.frame[(int) k] = o.frameNumber();
            }
            s.bytes[(int) k] += o.packet().datagramLength();
        }
    }

    @Override
    protected void atEnd() {
        final Map<MprtDirection, List<Sender>> bySender = new LinkedHashMap<>();
        for (final Port p : ports.values()) {
            for (final Sender s : p.senders) {
                bySender.computeIfAbsent(s.direction, k -> new ArrayList<>()).add(s);
            }
        }
        // A connection whose data reaches several addresses puts them in one receiver.
        for (final List<Sender> at : bySender.values()) {
            for (final Sender s : at) {
                final Port a = s.port.root();
                final Port b = at.get(0).port.root();
                if (a != b) {
                    a.receiver = b;
                }
            }
        }
        final Map<Port, List<CapturePoint.Address>> addresses = new LinkedHashMap<>();
        for (final Port p : ports.values()) {
            addresses.computeIfAbsent(p.root(), k -> new ArrayList<>()).add(p.address);
        }
        final Map<Port, Map<MprtDirection, List<Sender>>> sendersOf = new LinkedHashMap<>();
        bySender.forEach((d, at) -> sendersOf.computeIfAbsent(at.get(0).port.root(), k -> new LinkedHashMap<>()).put(d, at));
        sendersOf.forEach((receiver, senders) -> {
            if (senders.size() < 2) {
                return;
            }
            if (!facts.knowsPortRate()) {
                senders.forEach((d, at) -> evidence.of(d).inconclusive(at.get(0).frame[0], () -> "MPRT-RECV-004 compares"
                    + " each sender's data with R / N, and no frame carries the line rate R of the receiver's ports "
                    + addresses.get(receiver) + "; the scenario must state it (CaptureJudge.portRateMbps, expectation key"
                    + " portRateMbps)"));
                return;
            }
            judge(addresses.get(receiver), senders);
        });
    }

    /** Judges the senders of one receiver, each with its followers at the receiver's ports. */
    private void judge(final List<CapturePoint.Address> addresses, final Map<MprtDirection, List<Sender>> senders) {
        long lastStart = Long.MIN_VALUE;
        long firstEnd = Long.MAX_VALUE;
        long rtt = 0;
        for (final List<Sender> at : senders.values()) {
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (final Sender s : at) {
                first = Math.min(first, s.firstNs);
                last = Math.max(last, s.lastNs);
                rtt = Math.max(rtt, s.largestRttNs);
            }
            lastStart = Math.max(lastStart, first);
            firstEnd = Math.min(firstEnd, last);
        }
        final int n = senders.size();
        final long rateMbps = facts.portRateMbps() * addresses.size();
        final double share = rateMbps / 8000.0 * intervalNs / n;
        final long from = lastStart + RTTS * rtt;
        // The grid intervals that every port of the receiver counts: from the latest port's first to the earliest's last.
        long lastFirst = Long.MIN_VALUE;
        long end = Long.MAX_VALUE;
        for (final List<Sender> at : senders.values()) {
            for (final Sender s : at) {
                lastFirst = Math.max(lastFirst, s.port.firstInterval);
                end = Math.min(end, s.port.firstInterval + MAX_INTERVALS);
            }
        }
        for (long g = lastFirst; g < end; g++) {
            final long start = originNs + g * intervalNs;
            if (start < from) {
                continue;
            }
            if (start + intervalNs > firstEnd) {
                break;
            }
            for (final Map.Entry<MprtDirection, List<Sender>> e : senders.entrySet()) {
                long bytes = 0;
                long frame = Long.MAX_VALUE;
                for (final Sender s : e.getValue()) {
                    final int k = (int) (g - s.port.firstInterval);
                    bytes += s.bytes[k];
                    frame = s.bytes[k] > 0 ? Math.min(frame, s.frame[k]) : frame;
                }
                final long at = frame == Long.MAX_VALUE ? 1 : frame;
                if (Math.abs(bytes - share) <= SPREAD * share) {
                    evidence.of(e.getKey()).conforming(at);
                } else {
                    final long sent = bytes;
                    final long since = start - originNs;
                    evidence.of(e.getKey()).violation(at, () -> String.format(Locale.ROOT, Ipv4Flyweight.TOTAL_LENGTH.id()
                        + ": %s sends %d bytes to %s in the %d ns from %d ns after the capture's first data, outside 25 %% of"
                        + " R / N = %d Mb/s / %d over the interval (%.0f bytes)", e.getKey().label(), sent,
                        addresses.size() == 1 ? addresses.get(0) : addresses, intervalNs, since, rateMbps, n, share));
                }
            }
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " intervals of 10 x GUIDANCE_WINDOW kept each sender within 25 % of its share";
    }

    @Override
    protected String notApplicableText() {
        return "no receiver in the capture took data from two or more connections";
    }
}
