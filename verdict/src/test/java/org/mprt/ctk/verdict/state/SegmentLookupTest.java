package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MprtDirection.segment tells most first transmissions from the stream's records without probing
 * the segment table: held to a model of the table alone (the last distinct segments, as many as the
 * paths shown so far allow), over random packets that resend, skip, repeat offsets, carry no payload
 * and outrun the records' memory of messages, while paths appear and raise the table's limit.
 */
class SegmentLookupTest {

    @Test
    void answersAsTheSegmentTableAlone() {
        final Random random = new Random(4791);
        final MprtDirection d = new MprtDirection(new DirectionKey(1, 2), 1, 0);
        final LinkedHashSet<List<Long>> model = new LinkedHashSet<>();
        final long[] nextMsn = new long[3];
        int found = 0;
        for (int frame = 1; frame <= 200_000; frame++) {
            if (frame % 3_000 == 0 && frame / 3_000 < MprtDirection.MAX_PATHS) {
                // A new path, the table mostly full: its limit rises by SEGMENTS_PER_PATH, nothing forgotten.
                d.pathOrNew(frame / 3_000);
                assertThat(d.segmentCapacity()).isEqualTo(frame / 3_000 * MprtDirection.SEGMENTS_PER_PATH);
            }
            final int stream = random.nextInt(3);
            final long msn = random.nextInt(10) == 0 && nextMsn[stream] > 0
                ? nextMsn[stream] - 1 - random.nextInt((int) Math.min(nextMsn[stream], 6000))
                : nextMsn[stream]++;
            final long offset = 256L * random.nextInt(8);
            final int payload = random.nextInt(50) == 0 ? 0 : 256;
            final List<Long> key = List.of((long) stream, msn, offset);
            final Segment seen = d.segment(stream, msn, offset);
            assertThat(seen != null).as("frame %d: stream %d MSN %d offset %d", frame, stream, msn, offset)
                .isEqualTo(model.contains(key));
            if (seen == null) {
                d.remember(new Segment(stream, msn, offset, 2048, payload, Segment.NOT_KEPT, 0xC0, frame, 0, frame, frame));
                model.add(key);
                if (model.size() > d.segmentCapacity()) {
                    model.remove(model.iterator().next());
                }
            } else {
                found++;
            }
            d.streamOrNew(stream, msn, frame).carried(msn, false, 0, 0, 2048, offset, payload, frame, frame);
        }
        assertThat(found).as("segments found again").isGreaterThan(1000);
    }
}
