package org.mprt.ctk.verdict.state;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.opcode.Opcode;
import org.mprt.ctk.wire.opcode.OpcodeTable;
import org.mprt.ctk.wire.roce.AethSyndrome;
import org.mprt.ctk.wire.roce.RethFlyweight;
import org.mprt.ctk.wire.sequence.SerialNumber;

/**
 * Learns RoCEv2 RC and UC connections from the packets in capture order. Requests are keyed by the
 * responder's address and QP. An acknowledgement names the requester's QP instead, which no
 * request carries, so it is bound to the requests it answers by address pair: at once when one QP
 * of that pair has requests, else to the one whose recent PSNs hold the acknowledged PSN.
 *
 * <p>Many QPs between two hosts whose PSNs run alike (all starting at 0, as some collective
 * libraries start them) leave an acknowledgement's PSN held by several QPs, so it cannot be bound.
 * Counting from the first that could not be bound, such a QP's acknowledgements try again at its
 * 2nd, 4th, 8th, ... acknowledgement, or at once when another QP of the pair was bound since (fewer
 * candidates): trying at each one cost a walk over every QP of the pair, and 1000 such QPs made a
 * pass 20 times slower.
 *
 * <p>The UDP source port can tell them apart where the PSNs cannot: Linux's RDMA stacks give both ends
 * of a connection one port, derived from both QP numbers, when no flow label is set. Ports decide only
 * for an address pair whose ambiguous acknowledgements have shown it ({@link #PORT_EVIDENCE} of them,
 * each from the port of exactly one unbound QP's requests), never after an acknowledgement bound by
 * its PSN, or one waiting, came from a port that is not its QP's, and only for a QP that holds the
 * acknowledged PSN; such a QP's label says how it was bound.
 */
final class RoceTracker {

    private record Key(CapturePoint.Address address, int qp) {
    }

    /** An address pair, requester first. */
    private record Pair(CapturePoint.Address requester, CapturePoint.Address responder) {
    }

    /** The request directions of an address pair that no acknowledgement is bound to yet: those it may answer. */
    private static final class Candidates {
        final List<QueuePairDirection> unbound = new ArrayList<>();
        /** Directions of the pair bound so far: a binding leaves fewer candidates for the others. */
        long bindings;
        /**
         * The acknowledgement keys of the pair that several QPs' PSNs could answer, by the requester QP they
         * name, with the UDP source port of their acknowledgements ({@link QueuePairDirection#VARIED_PORT}
         * once two differ): the evidence {@link #portsPaired} is drawn from.
         */
        final Map<Integer, Integer> waitingPorts = new HashMap<>();
        /** The waiting keys {@link #portsPaired} was last weighed with: it is weighed again with twice as many. */
        int weighedWith;
        /** Shown: each end of a connection of this pair sends from one UDP source port, the same. */
        boolean portsPaired;
        /**
         * Contradicted: an acknowledgement bound by its PSN came from another port than its requests, or
         * a waiting key's from a port no unbound QP's requests come from.
         */
        boolean portsDiffer;
    }

    /** When an acknowledgement key that could not be bound is tried again. */
    private static final class Retry {
        /** The key's acknowledgements since its first failed try, that one included. */
        long acknowledgements = 1;
        long nextTry;
        long bindingsThen;
        /** Whether the last try found several QPs holding the PSN (else none did). */
        boolean ambiguous;

        /** Counts this acknowledgement; true when it is to be tried. */
        boolean due(final Candidates pair) {
            acknowledgements++;
            return acknowledgements >= nextTry || pair.bindings != bindingsThen;
        }

        void failed(final Candidates pair, final boolean severalHeld) {
            bindingsThen = pair.bindings;
            nextTry = acknowledgements * 2;
            ambiguous = severalHeld;
        }
    }

    /** Acknowledgement keys waiting to be bound that keep a {@link Retry}; more are tried at every acknowledgement. */
    static final int MAX_RETRIES = 4 * CaptureState.MAX_DIRECTIONS;

    /**
     * Waiting acknowledgement keys whose ports must each match exactly one unbound request direction's
     * port before ports bind: by chance, on a stack that picks each end's port apart, four keys of a
     * thousand QPs all match with a probability under 10^-4 (each about 1000 in 16384).
     */
    static final int PORT_EVIDENCE = 4;

    /** QP directions followed at most; past it, as for MPRT ({@link MprtTracker#MAX_DIRECTIONS}). */
    static final int MAX_DIRECTIONS = CaptureState.MAX_DIRECTIONS;

    private final Map<Key, QueuePairDirection> requests = new LinkedHashMap<>();
    private final Map<Key, QueuePairDirection> answers = new LinkedHashMap<>();
    private final Map<Pair, Candidates> pairs = new HashMap<>();
    private final Map<Key, Retry> retries = new HashMap<>();
    /** For the last acknowledgement {@link #answered} could not bind: the unbound QPs of its pair it might answer, or 0. */
    private int lastAmbiguity;
    private final boolean fromConnectionStart;
    private long untrackedFrames;

    long untrackedFrames() {
        return untrackedFrames;
    }

    RoceTracker(final boolean fromConnectionStart) {
        this.fromConnectionStart = fromConnectionStart;
    }

    Collection<QueuePairDirection> all() {
        return Collections.unmodifiableCollection(requests.values());
    }

    QueuePairDirection requests(final DecodedPacket p) {
        return requests.get(new Key(Plane.of(p).destination(), p.bth().destQp()));
    }

    /**
     * The requests an acknowledgement answers, binding it on first sight; null when none can be told.
     * Call once per acknowledgement: an unbound one counts towards its next try.
     */
    QueuePairDirection answered(final DecodedPacket p) {
        lastAmbiguity = 0;
        final Plane plane = Plane.of(p);
        final Key key = new Key(plane.destination(), p.bth().destQp());
        final QueuePairDirection bound = answers.get(key);
        if (bound != null) {
            return bound;
        }
        final Candidates pair = pairs.get(new Pair(plane.destination(), plane.source()));
        if (pair == null) {
            return null;
        }
        Retry retry = retries.get(key);
        if (retry != null && !retry.due(pair)) {
            lastAmbiguity = retry.ambiguous ? pair.unbound.size() : 0;
            return null;
        }
        QueuePairDirection holding = null;
        int holders = 0;
        for (final QueuePairDirection d : pair.unbound) {
            if (d.slot(p.bth().psn()) >= 0) {
                holders++;
                holding = d;
            }
        }
        final int port = p.udp().sourcePort();
        final QueuePairDirection chosen = pair.unbound.size() == 1 ? pair.unbound.get(0) : holders == 1 ? holding : null;
        if (chosen == null) {
            final QueuePairDirection byPort = holders > 1 ? byPort(pair, key.qp(), port, p.bth().psn()) : null;
            if (byPort != null) {
                byPort.bindByPort(key.qp());
                return bound(key, byPort, pair);
            }
            if (retry == null && retries.size() < MAX_RETRIES) {
                retry = new Retry();
                retries.put(key, retry);
            }
            if (retry != null) {
                retry.failed(pair, holders > 1);
            }
            lastAmbiguity = holders > 1 ? pair.unbound.size() : 0;
            return null;
        }
        if (chosen.stableSourcePort() != QueuePairDirection.NO_PORT && chosen.stableSourcePort() != port) {
            pair.portsDiffer = true;
        }
        chosen.bind(key.qp());
        return bound(key, chosen, pair);
    }

    private QueuePairDirection bound(final Key key, final QueuePairDirection d, final Candidates pair) {
        answers.put(key, d);
        pair.unbound.remove(d);
        pair.bindings++;
        pair.waitingPorts.remove(key.qp());
        retries.remove(key);
        return d;
    }

    /**
     * The one unbound request direction of the pair, holding {@code psn}, whose requests come from the
     * acknowledgement's UDP source port, once the pair has shown that both ends of its connections use
     * one port: Linux's RDMA stacks derive it from both QP numbers when no flow label is set (rxe's and
     * irdma's {@code rdma_get_udp_sport}, mlx4's port entropy over both QP numbers). Null while that is not
     * shown, or after an acknowledgement contradicted it.
     */
    private static QueuePairDirection byPort(final Candidates pair, final int answerQp, final int port, final int psn) {
        if (pair.portsDiffer) {
            return null;
        }
        if (pair.waitingPorts.size() < MAX_RETRIES || pair.waitingPorts.containsKey(answerQp)) {
            pair.waitingPorts.merge(answerQp, port, (was, now) -> was.equals(now) ? was : QueuePairDirection.VARIED_PORT);
        }
        // Weighed at 4, 8, 16, ... waiting keys: each weighing walks the pair's unbound QPs.
        if (!pair.portsPaired && pair.waitingPorts.size() >= Math.max(PORT_EVIDENCE, 2 * pair.weighedWith)) {
            pair.weighedWith = pair.waitingPorts.size();
            weighPorts(pair);
            if (pair.portsDiffer) {
                return null;
            }
        }
        final Integer waiting = pair.waitingPorts.get(answerQp);
        if (!pair.portsPaired || waiting == null || waiting != port) {
            return null;
        }
        QueuePairDirection found = null;
        for (final QueuePairDirection d : pair.unbound) {
            if (d.stableSourcePort() == port) {
                if (found != null) {
                    return null;
                }
                found = d;
            }
        }
        if (found == null) {
            // A key whose port is no unbound QP's, after the pair had shown its ports: they decide no more.
            pair.portsDiffer = true;
            return null;
        }
        return found.slot(psn) >= 0 ? found : null;
    }

    /**
     * Pairs the ports when every waiting key's port is that of exactly one unbound direction, each a
     * different one. A key whose acknowledgements came from several ports, or from a port no unbound
     * direction's requests come from, shows that the ends do not share one: ports never decide then.
     */
    private static void weighPorts(final Candidates pair) {
        final Map<Integer, Integer> directionsByPort = new HashMap<>();
        for (final QueuePairDirection d : pair.unbound) {
            directionsByPort.merge(d.stableSourcePort(), 1, Integer::sum);
        }
        final Set<Integer> ports = new HashSet<>();
        boolean paired = true;
        for (final int port : pair.waitingPorts.values()) {
            final int directions = port < 0 ? 0 : directionsByPort.getOrDefault(port, 0);
            if (directions == 0) {
                pair.portsDiffer = true;
                return;
            }
            paired &= directions == 1 && ports.add(port);
        }
        pair.portsPaired = paired;
    }

    /**
     * How many QPs the acknowledgement last given to {@link #answered} might answer, when it could not
     * be bound because several hold its PSN (or held its QP's PSN at the last try); 0 when it was bound,
     * or when no captured request of its pair holds its PSN.
     */
    int lastAmbiguity() {
        return lastAmbiguity;
    }

    /** Makes sure the direction a request names exists, empty if new; false past the cap. */
    boolean admit(final long frame, final DecodedPacket p) {
        if (RoceOpcodes.isRequest(p.opcode())) {
            final Plane plane = Plane.of(p);
            final Key key = new Key(plane.destination(), p.bth().destQp());
            if (!requests.containsKey(key)) {
                if (requests.size() >= MAX_DIRECTIONS) {
                    untrackedFrames++;
                    return false;
                }
                final QueuePairDirection d = new QueuePairDirection(key.address(), plane.source(), key.qp(), frame, requests.size());
                requests.put(key, d);
                pairs.computeIfAbsent(new Pair(plane.source(), key.address()), k -> new Candidates()).unbound.add(d);
            }
        }
        return true;
    }

    /**
     * @param d for a request, its direction as {@link #requests} told; for an acknowledgement, the
     *          requests it answers as {@link #answered} told, or null
     */
    void apply(final long frame, final long ns, final DecodedPacket p, final QueuePairDirection d) {
        final Opcode op = p.opcode();
        if (RoceOpcodes.isRequest(op)) {
            d.sentBetween(Plane.of(p));
            d.requestedFrom(p.udp().sourcePort());
            final boolean reads = RoceOpcodes.isReadOrAtomic(op);
            final long dma = p.extensions().has(RethFlyweight.LAYOUT) && reads ? p.extensions().reth().dmaLength() : 0;
            d.request(p.bth().psn(), op.code(), !reads && RoceOpcodes.endsSendOrWrite(op), reads, dma, frame, ns);
        } else if (RoceOpcodes.isAcknowledge(op)) {
            if (d == null) {
                return;
            }
            d.sentBetween(Plane.of(p).reversed());
            final int slot = d.slot(p.bth().psn());
            final int syndrome = p.extensions().aeth().syndrome();
            final boolean ack = AethSyndrome.kind(syndrome) == AethSyndrome.Kind.ACK;
            d.answeredBy(AethSyndrome.kind(syndrome), syndrome, p.bth().psn(), frame, ns);
            if (ack && slot >= 0 && d.transmissions(slot) == 1) {
                d.answered(ns - d.lastNs(slot));
            }
            if (ack && !d.isStartJudged() && !fromConnectionStart) {
                judgeStart(d, p.bth().psn(), p.extensions().aeth().msn(), frame);
            }
        }
    }

    /**
     * RoCEv2 QPs start at a PSN of their own choosing, but the responder counts messages from the
     * QP's start (the AETH MSN, ROCE-ACK-002): when the first ACK's MSN equals the messages the
     * capture shows ending up to its PSN, counted from a first request that begins a message, the
     * capture holds the QP's start. Anything else means it began later.
     */
    private static void judgeStart(final QueuePairDirection d, final int ackPsn, final int msn, final long frame) {
        d.startJudged();
        final int first = d.slot(d.firstPsn());
        final String name = first < 0 ? "" : OpcodeTable.lookup(d.opcode(first)).name();
        if (!name.contains("_FIRST") && !name.contains("_ONLY") && !name.contains("REQUEST") && !name.contains("SWAP")
            && !name.contains("FETCH")) {
            d.startsMidConnection(d.firstFrame(), "the first request captured (PSN " + d.firstPsn()
                + ") does not begin a message");
            return;
        }
        int messages = 0;
        for (int p = d.firstPsn(); ; p = SerialNumber.add24(p, 1)) {
            final int slot = d.slot(p);
            if (slot < 0) {
                d.startsMidConnection(frame, "the capture lacks request PSN " + p + ", acknowledged by frame " + frame);
                return;
            }
            messages += d.endsMessage(slot) ? 1 : 0;
            if (p == ackPsn) {
                break;
            }
        }
        if (messages != msn) {
            d.startsMidConnection(frame, "the first ACK (frame " + frame + ") counts " + msn
                + " messages since the QP's start, the capture shows " + messages);
        }
    }

    /** Marks every direction whose start no acknowledgement showed. */
    void judgeStarts() {
        for (final QueuePairDirection d : requests.values()) {
            if (!d.isStartJudged()) {
                d.startsMidConnection(d.firstFrame(), "no ACK shows where the QP's message count started");
            }
        }
    }

    /** Links each bound direction with the requests flowing the other way on the same connection. */
    void linkReverses() {
        for (final QueuePairDirection d : requests.values()) {
            if (d.answerQp() >= 0) {
                final QueuePairDirection r = requests.get(new Key(d.requester(), d.answerQp()));
                if (r != null) {
                    d.reverse(r);
                    r.reverse(d);
                }
            }
        }
    }
}
