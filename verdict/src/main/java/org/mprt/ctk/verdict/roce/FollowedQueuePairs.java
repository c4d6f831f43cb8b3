package org.mprt.ctk.verdict.roce;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.rule.Observation;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * What a RoCEv2 rule keeps per QP a packet is addressed to ({@link QueuePairKey}), for at most
 * {@link #MAX_QUEUE_PAIRS} QPs: a long capture meets ever new QPs as connections come and go, and
 * a value kept for each would grow with the capture (a million single-packet QPs ran a judgement
 * out of a 200 MB heap). The packets of QPs past the cap are not judged by the rule, as the
 * state's cap leaves the directions past it to the header rules.
 *
 * @param <V> what the rule keeps per QP
 */
final class FollowedQueuePairs<V> {

    /** QPs followed at most: the state's cap on request directions, and as many QPs again that acknowledgements go to. */
    static final int MAX_QUEUE_PAIRS = 2 * CaptureState.MAX_DIRECTIONS;

    private final Map<QueuePairKey, V> values = new HashMap<>();
    private final Supplier<V> maker;

    FollowedQueuePairs(final Supplier<V> maker) {
        this.maker = maker;
    }

    /** The value of the QP the packet is addressed to, made now if new; null for a new QP past the cap. */
    V of(final DecodedPacket p) {
        final QueuePairKey key = QueuePairKey.of(p);
        final V v = values.get(key);
        if (v != null || values.size() >= MAX_QUEUE_PAIRS) {
            return v;
        }
        final V made = maker.get();
        values.put(key, made);
        return made;
    }

    /**
     * As {@link #of(DecodedPacket)} for the packet observed; for a new QP past the cap, null, and the
     * rule's evidence told that the packet is not judged.
     */
    V of(final Observation o, final Evidence evidence) {
        final V v = of(o.packet());
        if (v == null) {
            evidence.inconclusive(o.frameNumber(), () -> passedOver(o.frameNumber()));
        }
        return v;
    }

    /** Why a packet of a QP past the cap is not judged, for the verdict. */
    static String passedOver(final long frame) {
        return "frame " + frame + " is addressed to a QP past the " + MAX_QUEUE_PAIRS
            + " this rule follows, and the packets of such QPs are not judged";
    }
}
