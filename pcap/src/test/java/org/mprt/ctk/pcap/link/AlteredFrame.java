package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A real frame made into what a broken capture could hold, for the property tests of the locator: one
 * of the seeds with up to three bytes changed, cut short at a random byte, at index {@link #AT} of a
 * buffer that ends where the frame does, so that any read past the frame throws.
 *
 * @param buffer      the buffer holding the frame
 * @param lengthBytes the frame's length, from {@link #AT}
 */
record AlteredFrame(ByteBuffer buffer, int lengthBytes) {

    /** Where the frame starts in its buffer: not at 0, so that an index taken from the wrong origin shows. */
    static final int AT = 32;

    static AlteredFrame of(final SplittableRandom random, final List<byte[]> seeds) {
        final byte[] frame = seeds.get(random.nextInt(seeds.size())).clone();
        for (int changes = random.nextInt(4); changes > 0; changes--) {
            frame[random.nextInt(frame.length)] = (byte) random.nextInt(256);
        }
        final int length = random.nextInt(frame.length + 1);
        final ByteBuffer buffer = ByteBuffer.allocate(AT + length);
        buffer.position(AT);
        buffer.put(frame, 0, length);
        return new AlteredFrame(buffer, length);
    }
}
