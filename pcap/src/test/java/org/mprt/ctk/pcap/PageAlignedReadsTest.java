package org.mprt.ctk.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class PageAlignedReadsTest {

    @Test
    void shouldPutEachBufferAtItsFilePositionsOffsetWithinAPage() {
        for (final int capacity : new int[] {1, 512, 5000, 1 << 16}) {
            assertPlacedAtEveryPosition(capacity);
        }
    }

    private static void assertPlacedAtEveryPosition(final int capacity) {
        final ByteBuffer memory = PageAlignedReads.allocate(capacity);
        for (final long position : new long[] {0, 1, 16, 31, 4095, 4096, 4096 + 17, 1L << 20, (1L << 32) + 4000}) {
            final ByteBuffer buffer = PageAlignedReads.at(memory, position, capacity);

            assertThat(buffer.alignmentOffset(0, PageAlignedReads.PAGE_BYTES)).as("capacity %d, position %d", capacity, position)
                .isEqualTo((int) (position % PageAlignedReads.PAGE_BYTES));
            assertThat(buffer.capacity()).isEqualTo(capacity);
            assertThat(buffer.position()).isZero();
            assertThat(buffer.limit()).isEqualTo(capacity);
        }
    }
}
