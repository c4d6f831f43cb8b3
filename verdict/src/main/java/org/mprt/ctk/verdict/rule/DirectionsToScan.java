package org.mprt.ctk.verdict.rule;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.mprt.ctk.verdict.state.Direction;
import org.mprt.ctk.verdict.state.MprtDirection;

/**
 * The MPRT connection directions a rule's periodic scan for overdue packets looks at: those a frame
 * has named since the scan last found that the passing of time alone could bring no verdict on them.
 * A direction the scan lets go (nothing owed on it, or only what waits for a frame, such as ACK
 * progress) comes back with its next frame, which is the only thing that can change what it owes.
 *
 * <p>Why: a scan of every direction the capture has shown costs as much as the connections are many,
 * every RTO_MAX / 4 of capture time, so that on a long capture of many short connections the scans
 * were nearly the whole pass. Scanning the directions in the order the capture showed them keeps the
 * order of the verdicts' frames what a scan of every direction gives.
 */
public final class DirectionsToScan {

    /** Indexed by direction number: the direction itself while it is queued, else null. */
    private MprtDirection[] queuedByNumber = new MprtDirection[16];
    private final List<MprtDirection> queued = new ArrayList<>();
    /** The direction queued last, so that the frames of one direction in a row cost a comparison. */
    private MprtDirection last;

    /** Queues the directions the frame names: the one its data or PROBE belongs to, and the one it answers. */
    public void named(final Observation o) {
        queue(o.mprtDirection());
        queue(o.mprtAnswered());
    }

    private void queue(final MprtDirection d) {
        if (d == null || d == last) {
            return;
        }
        final int n = d.number();
        if (n >= queuedByNumber.length) {
            queuedByNumber = Arrays.copyOf(queuedByNumber, Math.max(n + 1, 2 * queuedByNumber.length));
        }
        if (queuedByNumber[n] != d) {
            queuedByNumber[n] = d;
            queued.add(d);
        }
        last = d;
    }

    /**
     * Shows each queued direction to {@code keep}, in the order the capture showed them; those for
     * which it answers false leave the queue until a frame names them again.
     */
    public void scan(final Predicate<MprtDirection> keep) {
        last = null;
        queued.sort(Comparator.comparingInt(Direction::number));
        queued.removeIf(d -> {
            if (keep.test(d)) {
                return false;
            }
            queuedByNumber[d.number()] = null;
            return true;
        });
    }

    /** How many directions are queued. */
    public int size() {
        return queued.size();
    }
}
