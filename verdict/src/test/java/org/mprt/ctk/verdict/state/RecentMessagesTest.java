package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A stream's messages, found by their position by MSN and, where a later one took the position, among
 * the displaced ones: held to a plain map of the last {@code capacity} begun over random streams that
 * run on, jump back and ahead, and outrun the capacity.
 */
class RecentMessagesTest {

    @Test
    void holdsTheLastBegunAsAPlainMapDoes() {
        final Random random = new Random(4791);
        for (int run = 0; run < 20; run++) {
            final int capacity = run % 2 == 0 ? StreamRecord.MAX_MESSAGES : 1 + random.nextInt(600);
            final RecentMessages messages = new RecentMessages(capacity);
            final Map<Long, MessageRecord> model = new LinkedHashMap<>();
            long next = 0;
            for (int frame = 1; frame <= 30_000; frame++) {
                final int choice = random.nextInt(20);
                final long msn = choice == 0 ? next + random.nextInt(20_000)
                    : choice == 1 ? Math.max(0, next - random.nextInt(10_000))
                    : next++;
                assertThat(messages.find(msn)).as("run %d frame %d MSN %d", run, frame, msn).isSameAs(model.get(msn));
                if (model.get(msn) == null) {
                    assertThat(messages.isFull()).isEqualTo(model.size() == capacity);
                    if (model.size() == capacity) {
                        final Iterator<Long> eldest = model.keySet().iterator();
                        assertThat(messages.oldestMsn()).isEqualTo(eldest.next());
                        eldest.remove();
                    }
                    final MessageRecord m = new MessageRecord(msn, false, 0, 0, 1024, frame);
                    messages.add(m);
                    model.put(msn, m);
                }
                for (int q = 0; q < 3; q++) {
                    final long asked = Math.max(0, next - random.nextInt(12_000));
                    assertThat(messages.find(asked)).as("run %d frame %d MSN %d", run, frame, asked)
                        .isSameAs(model.get(asked));
                }
                assertThat(messages.size()).isEqualTo(model.size());
            }
            assertThat(messages.all()).containsExactlyElementsOf(new ArrayList<>(model.values()));
        }
    }

    @Test
    void aMessageFoundLastIsNotFoundOnceForgotten() {
        final RecentMessages messages = new RecentMessages(2);
        final MessageRecord first = new MessageRecord(0, false, 0, 0, 1024, 1);
        messages.add(first);
        assertThat(messages.find(0)).isSameAs(first);
        messages.add(new MessageRecord(1, false, 0, 0, 1024, 2));
        messages.add(new MessageRecord(2, false, 0, 0, 1024, 3));
        assertThat(messages.find(0)).isNull();
    }
}
