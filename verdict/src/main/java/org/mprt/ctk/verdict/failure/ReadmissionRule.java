package org.mprt.ctk.verdict.failure;

import java.util.IdentityHashMap;
import java.util.Map;
import org.mprt.ctk.verdict.rule.FrameKind;
import org.mprt.ctk.verdict.rule.BehaviourRule;
import org.mprt.ctk.verdict.rule.JudgedAt;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;

/**
 * MPRT-FAIL-007 (mprt-v0.1.md sections 10.4 and 10.6): after a path has been FAILED, the sender sends
 * new data on it only after PROBE_REPLYs to READMIT_PROBES PROBEs sent one after the other on that
 * path (no other PROBE on it between them) have reached it, each within PROBE_TIMEOUT after its
 * PROBE; the first new data packet on the path carries the BTH.PSN of those PROBEs. Judged at the
 * sender's port, where a PROBE_REPLY's capture is its arrival.
 *
 * <p>Reading for a capture: a path is known to have been FAILED from its first re-spray away from it
 * or its first PROBE, whichever the capture shows first (PROBEs go only on FAILED and PROBING paths);
 * data abandoned on it and re-sprayed only once it has been readmitted shows no new failure.
 * The PROBEs of the path since then are remembered (the last {@link #REMEMBERED}) with the arrival of
 * the first PROBE_REPLY echoing their probe_id; PROBE_TIMEOUT is widened by the judging tolerance.
 * New data on a path is a data packet at a PSN the path has not carried before, with R=0, or with
 * R=1 when it sends again data first sent at another PSN (as data abandoned on the path is sent
 * again once the path is readmitted).
 */
public final class ReadmissionRule extends BehaviourRule {

    /** PROBEs remembered per failed path: READMIT_PROBES is at most 16. */
    static final int REMEMBERED = 32;

    private static final class Failure {
        final long frame;
        final long[] probeId = new long[REMEMBERED];
        final int[] psn = new int[REMEMBERED];
        final long[] sentNs = new long[REMEMBERED];
        final long[] replyNs = new long[REMEMBERED];
        int probes;

        Failure(final long frame) {
            this.frame = frame;
        }

        void probe(final long id, final int psnValue, final long ns) {
            final int i = probes++ % REMEMBERED;
            probeId[i] = id;
            psn[i] = psnValue;
            sentNs[i] = ns;
            replyNs[i] = PathRecord.NEVER;
        }

        void reply(final long id, final long ns) {
            for (int n = probes - 1; n >= Math.max(0, probes - REMEMBERED); n--) {
                final int i = n % REMEMBERED;
                if (probeId[i] == id && replyNs[i] == PathRecord.NEVER) {
                    replyNs[i] = ns;
                    return;
                }
            }
        }
    }

    private final Timers timers;
    private final Map<PathRecord, Failure> failed = new IdentityHashMap<>();

    public ReadmissionRule(final Timers timers) {
        super("MPRT-FAIL-007", JudgedAt.SENDER, false, false);
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
        if (MprtOpcodes.isProbe(o.packet())) {
            final MpethFlyweight m = o.packet().extensions().mpeth();
            final PathRecord path = o.mprtPath();
            if (path != null) {
                failed.computeIfAbsent(path, k -> new Failure(o.frameNumber())).probe(m.probeId(), o.psn(),
                    o.timestampNs());
            }
        } else if (MprtOpcodes.isProbeReply(o.packet())) {
            final MpethFlyweight m = o.packet().extensions().mpeth();
            final Failure f = failed.get(o.mprtPath());
            if (f != null) {
                f.reply(m.probeId(), o.timestampNs());
            }
        } else if (o.isMprtData()) {
            data(o);
        }
    }

    private void data(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final MprtDirection d = o.mprtDirection();
        final PathRecord path = o.mprtPath();
        final PathRecord from = PathFailures.failedAnew(o);
        if (from != null) {
            failed.putIfAbsent(from, new Failure(o.frameNumber()));
        }
        if (!PathFailures.isNewDataOnItsPath(o)) {
            return;
        }
        final Failure f = path == null || failed.isEmpty() ? null : failed.remove(path);
        if (f == null) {
            return;
        }
        final int psn = o.psn();
        final int window = answeredRun(f, o.timestampNs());
        if (window < 0) {
            evidence.of(d).violation(o.frameNumber(), () -> "mprt.mdeth.path_id: new data (PSN " + psn + ") on path "
                + m.pathId() + ", FAILED since frame " + f.frame + ", before PROBE_REPLYs to " + timers.readmitProbes()
                + " consecutive PROBEs reached the sender, each within PROBE_TIMEOUT (" + f.probes + " PROBEs sent, "
                + answered(f, o.timestampNs()) + " answered in time)");
        } else if (f.psn[window] != psn) {
            evidence.of(d).violation(o.frameNumber(), () -> "bth.psn: expected " + f.psn[window] + ", the BTH.PSN of the PROBEs"
                + " that readmitted path " + m.pathId() + ", found " + psn);
        } else {
            evidence.of(d).conforming(o.frameNumber());
        }
    }

    /** The slot of the last PROBE of a run of READMIT_PROBES answered in time, or -1. */
    private int answeredRun(final Failure f, final long nowNs) {
        int run = 0;
        final long timeout = timers.probeTimeoutNs() + timers.judgingToleranceNs();
        for (int n = Math.max(0, f.probes - REMEMBERED); n < f.probes; n++) {
            final int i = n % REMEMBERED;
            final boolean inTime = f.replyNs[i] != PathRecord.NEVER && f.replyNs[i] <= nowNs
                && f.replyNs[i] - f.sentNs[i] <= timeout;
            run = inTime ? run + 1 : 0;
            if (run >= timers.readmitProbes()) {
                return i;
            }
        }
        return -1;
    }

    private int answered(final Failure f, final long nowNs) {
        int n = 0;
        for (int k = Math.max(0, f.probes - REMEMBERED); k < f.probes; k++) {
            final int i = k % REMEMBERED;
            n += f.replyNs[i] != PathRecord.NEVER && f.replyNs[i] <= nowNs
                && f.replyNs[i] - f.sentNs[i] <= timers.probeTimeoutNs() + timers.judgingToleranceNs() ? 1 : 0;
        }
        return n;
    }

    @Override
    protected String passText(final long checked) {
        return checked + " failed paths carried new data only after READMIT_PROBES PROBEs were answered in time";
    }

    @Override
    protected String notApplicableText() {
        return "no failed path carried new data again in the capture";
    }
}
