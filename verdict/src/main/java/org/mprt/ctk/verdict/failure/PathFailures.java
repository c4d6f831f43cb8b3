package org.mprt.ctk.verdict.failure;

import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * What a data packet shows of a path's failure and readmission (mprt-v0.1.md sections 10.5 and 10.6),
 * as MPRT-FAIL-005 and MPRT-FAIL-007 read it: a failure begins with a re-spray away from the path, and
 * a readmitted path ends it with its first data at a PSN it has not carried.
 */
final class PathFailures {

    private PathFailures() {
    }

    /**
     * The path this data packet shows FAILED anew: the one its data last went on, when the packet sends
     * that data again (R=1) on another path; null for any other packet, and for data abandoned in a
     * failure the path has been readmitted from since (a late re-spray of a failure that is over).
     */
    static PathRecord failedAnew(final Observation o) {
        final MdethFlyweight m = o.packet().extensions().mdeth();
        final Segment s = o.segmentSentBefore();
        if (m.r() == 0 || s == null || s.latestPathId() == m.pathId()) {
            return null;
        }
        final PathRecord from = o.mprtDirection().path(s.latestPathId());
        return from == null || from.isReadmittedSince(s.latestPsn()) ? null : from;
    }

    /**
     * Whether this data packet is new data on its path: at a PSN the path has not carried, new (R=0) or
     * re-sprayed onto it (R=1, as data abandoned on a path is sent again once it is readmitted).
     */
    static boolean isNewDataOnItsPath(final Observation o) {
        final PathRecord path = o.mprtPath();
        return o.packet().extensions().mdeth().r() == 0 || path != null && path.slot(o.psn()) < 0;
    }
}
