package org.mprt.ctk.reference.mprt.path;

/**
 * The PROBEs of one FAILED or PROBING path (mprt-v0.1.md section 10.6): which are unanswered, and
 * how many consecutive PROBEs, sent one after the other with no other PROBE between them, have
 * been answered within PROBE_TIMEOUT (MPRT-FAIL-007).
 */
public final class ProbeTracker {

    private static final int MAX_OUTSTANDING = 64;

    private final long[] ids = new long[MAX_OUTSTANDING];
    private final long[] sentNs = new long[MAX_OUTSTANDING];
    private int outstanding;
    private long lastSentId = -1;
    private long lastCountedId = -1;
    private int consecutiveReplies;

    public void onSent(final long probeId, final long nowNs) {
        if (outstanding == MAX_OUTSTANDING) {
            System.arraycopy(ids, 1, ids, 0, outstanding - 1);
            System.arraycopy(sentNs, 1, sentNs, 0, outstanding - 1);
            outstanding--;
        }
        ids[outstanding] = probeId;
        sentNs[outstanding] = nowNs;
        outstanding++;
        lastSentId = probeId;
    }

    /**
     * A PROBE_REPLY for {@code probeId}: returns false when it answers no outstanding PROBE, or comes
     * later than {@code timeoutNs} after it; otherwise counts it, restarting the count when the
     * answered PROBE is not the one right after the last PROBE counted.
     */
    public boolean onReply(final long probeId, final long nowNs, final long timeoutNs) {
        final int index = indexOf(probeId);
        if (index < 0) {
            return false;
        }
        final long sent = sentNs[index];
        remove(index);
        if (nowNs - sent > timeoutNs) {
            return false;
        }
        consecutiveReplies = lastCountedId >= 0 && probeId == lastCountedId + 1 ? consecutiveReplies + 1 : 1;
        lastCountedId = probeId;
        return true;
    }

    public int consecutiveReplies() {
        return consecutiveReplies;
    }

    /** Forgets PROBEs sent before {@code probeId} (they belong to the FAILED period before it). */
    public void forgetBefore(final long probeId) {
        int kept = 0;
        for (int i = 0; i < outstanding; i++) {
            if (ids[i] >= probeId) {
                ids[kept] = ids[i];
                sentNs[kept] = sentNs[i];
                kept++;
            }
        }
        outstanding = kept;
    }

    /** Send time of the oldest unanswered PROBE, or Long.MAX_VALUE. */
    public long oldestUnansweredSentNs() {
        return outstanding == 0 ? Long.MAX_VALUE : sentNs[0];
    }

    /** Back to FAILED: no reply counts any more. */
    public void resetCount() {
        consecutiveReplies = 0;
        lastCountedId = -1;
        outstanding = 0;
    }

    public long lastSentId() {
        return lastSentId;
    }

    private int indexOf(final long probeId) {
        for (int i = 0; i < outstanding; i++) {
            if (ids[i] == probeId) {
                return i;
            }
        }
        return -1;
    }

    private void remove(final int index) {
        System.arraycopy(ids, index + 1, ids, index, outstanding - index - 1);
        System.arraycopy(sentNs, index + 1, sentNs, index, outstanding - index - 1);
        outstanding--;
    }
}
