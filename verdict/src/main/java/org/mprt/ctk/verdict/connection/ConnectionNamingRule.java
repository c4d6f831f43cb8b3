package org.mprt.ctk.verdict.connection;

import java.util.HashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.JudgedWithoutTime;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.DirectionKey;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.Plane;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;

/**
 * MPRT-CONN-002 (mprt-v0.1.md section 5.2): every packet node A sends on its connection with B
 * carries DestQP = B's number and SCN = A's, so that each ACK, NAK and PROBE_REPLY carries the
 * reverse of the (DestQP, SCN) pair of the packet it answers. Judged anywhere: the pair does not
 * change on the way.
 *
 * <p>Reading for a capture: a capture cannot tell which numbers two nodes agreed, only whether each
 * answer names the connection of the packet it answers. The answered packet is found on the
 * answer's plane, the other way round, by what the answer repeats of it: an ACK by the path and the
 * tx_timestamp it echoes, a PROBE_REPLY by probe_id and tx_timestamp, a NAK by path, PSN, stream,
 * MSN and offset. An answer whose packet the capture does not hold cannot be judged.
 *
 * <p>The packets are remembered by plane and path, the last {@link SentLog#CAPACITY} of each (and
 * the last PROBEs of each plane), so that remembering one is an append, not a lookup; at most
 * {@link #MAX_LOGS} plane and path pairs are remembered, and answers on further pairs cannot be judged.
 */
@JudgedWithoutTime
public final class ConnectionNamingRule extends BehaviourRule {

    /** Plane and path pairs remembered at most (with 256 packets each, about 13 MB). */
    static final int MAX_LOGS = 1024;
    /** Per plane: one log per path_id modulo 64 (the path_id itself is compared too), then one for PROBEs. */
    private static final int PATH_LOGS = MprtDirection.MAX_PATHS;
    private static final int PROBE_LOG = PATH_LOGS;

    private final Map<Plane, SentLog[]> byPlane = new HashMap<>();
    private int logs;
    /**
     * The planes asked for last, and their logs: a packet's plane and its answer's alternate, so the
     * last two are held, the newer first.
     */
    private Plane lastPlane;
    private SentLog[] lastLogs;
    private Plane previousPlane;
    private SentLog[] previousLogs;

    public ConnectionNamingRule() {
        super("MPRT-CONN-002", JudgedAt.ANYWHERE, true, false);
    }

    @Override
    public int kinds() {
        return FrameKind.of(FrameKind.MPRT_DATA, FrameKind.MPRT_PROBE) | FrameKind.MPRT_ANSWERS;
    }

    @Override
    public void observe(final Observation o) {
        if (!o.isMprt() || !o.isAccountable()) {
            return;
        }
        final DecodedPacket p = o.packet();
        if (MprtOpcodes.isData(p)) {
            final MdethFlyweight m = p.extensions().mdeth();
            final SentLog log = log(o.state().planeOf(p), m.pathId() & (PATH_LOGS - 1), true);
            if (log != null) {
                final int row = log.add(m.pathId(), m.txTimestamp(), p.bth().destQp(), m.scn(), o.frameNumber());
                log.nakFields(row, p.bth().psn(), m.streamId(), m.msn(), m.messageOffset());
            }
        } else if (MprtOpcodes.isProbe(p)) {
            final MpethFlyweight m = p.extensions().mpeth();
            final SentLog log = log(o.state().planeOf(p), PROBE_LOG, true);
            if (log != null) {
                log.add(m.probeId(), m.txTimestamp(), p.bth().destQp(), m.scn(), o.frameNumber());
            }
        } else if (MprtOpcodes.isAnswer(p)) {
            judge(o);
        }
    }

    /** The log of this plane and path (or PROBE_LOG), made when asked to while fewer than MAX_LOGS exist; else null. */
    private SentLog log(final Plane plane, final int index, final boolean make) {
        SentLog[] planeLogs = lastLogs;
        if (plane != lastPlane) {
            planeLogs = plane == previousPlane ? previousLogs : byPlane.get(plane);
            if (planeLogs == null) {
                // Past the cap no log is made, so neither is a plane's table: a capture of ever new
                // address pairs would otherwise keep a table for each (a million pairs, 200 MB).
                if (!make || logs >= MAX_LOGS) {
                    return null;
                }
                planeLogs = new SentLog[PATH_LOGS + 1];
                byPlane.put(plane, planeLogs);
            }
            previousPlane = lastPlane;
            previousLogs = lastLogs;
            lastPlane = plane;
            lastLogs = planeLogs;
        }
        if (planeLogs[index] == null && make && logs < MAX_LOGS) {
            planeLogs[index] = new SentLog();
            logs++;
        }
        return planeLogs[index];
    }

    /** The address pairs that have a table of logs: at most {@link #MAX_LOGS}, each holding one log or more. */
    int planesHeld() {
        return byPlane.size();
    }

    private void judge(final Observation o) {
        final DecodedPacket p = o.packet();
        final Plane plane = o.state().planes().of(p, true);
        final MprtDirection d = o.state().mprtAnswered(p);
        final Evidence e = evidence.of(d);
        final SentLog log;
        final int row;
        if (MprtOpcodes.isAck(p)) {
            final MaethFlyweight a = p.extensions().maeth();
            log = log(plane, a.pathId() & (PATH_LOGS - 1), false);
            row = log == null ? -1 : log.find(a.pathId(), a.echoTimestamp());
        } else if (MprtOpcodes.isNak(p)) {
            final MnethFlyweight n = p.extensions().mneth();
            log = log(plane, n.pathId() & (PATH_LOGS - 1), false);
            row = log == null ? -1 : log.findNaked(n.pathId(), p.bth().psn(), n.streamId(), n.msn(), n.messageOffset());
        } else {
            final MpethFlyweight r = p.extensions().mpeth();
            log = log(plane, PROBE_LOG, false);
            row = log == null ? -1 : log.find(r.probeId(), r.txTimestamp());
        }
        final int destQp = p.bth().destQp();
        final int scn = CaptureState.scnOf(p);
        if (row < 0) {
            e.inconclusive(o.frameNumber(), () -> "frame " + o.frameNumber() + ": the packet this answer answers is not in"
                + " the capture");
        } else if (log.scn(row) == destQp && log.destQp(row) == scn) {
            e.conforming(o.frameNumber());
        } else {
            final DirectionKey answered = new DirectionKey(log.destQp(row), log.scn(row));
            e.violation(o.frameNumber(), () -> "bth.dest_qp and SCN: the answer carries " + new DirectionKey(destQp, scn)
                + ", but the packet it answers (frame " + log.frame(row) + ") carries " + answered
                + ", so expected " + answered.reversed());
        }
    }

    @Override
    protected String passText(final long checked) {
        return checked + " ACKs, NAKs and PROBE_REPLYs carry the reverse of the pair of the packet they answer";
    }

    @Override
    protected String notApplicableText() {
        return "no MPRT answer in the capture";
    }
}
