package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A stream finds its messages by their position by MSN, falling back to its table only while some
 * position is shared: held to the table alone over random streams that run on, jump back and ahead,
 * and outrun the table's memory.
 */
class RecentMessagesTest {

    @Test
    void findsWhatTheTableAloneHolds() {
        final Random random = new Random(4791);
        for (int run = 0; run < 20; run++) {
            final StreamRecord s = new StreamRecord(run, 0, 1);
            long next = 0;
            for (int frame = 1; frame <= 30_000; frame++) {
                final int choice = random.nextInt(20);
                final long msn = choice == 0 ? next + random.nextInt(20_000)
                    : choice == 1 ? Math.max(0, next - random.nextInt(10_000))
                    : next++;
                s.carried(msn, false, 0, 0, 1024, 0, 512, frame, frame);
                for (int q = 0; q < 3; q++) {
                    final long asked = Math.max(0, next - random.nextInt(12_000));
                    assertThat(s.message(asked)).as("run %d frame %d MSN %d", run, frame, asked)
                        .isSameAs(s.messageInTable(asked));
                }
                assertThat(s.message(msn)).isSameAs(s.messageInTable(msn));
            }
        }
    }
}
