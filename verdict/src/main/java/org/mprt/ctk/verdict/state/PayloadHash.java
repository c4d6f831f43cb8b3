package org.mprt.ctk.verdict.state;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.mprt.ctk.wire.decode.DecodedPacket;

/**
 * A 64-bit hash of a data packet's payload, enough to tell whether a copy carries the bytes of its
 * first transmission (MPRT-LOSS-002): the CRC-32C of the payload in the high half, its CRC-32 in the
 * low half. Two CRCs of different polynomials, each run by the JVM as an intrinsic over the bytes in
 * place, cost a third of a multiply-per-word hash, and two payloads that differ match only when
 * both CRCs collide.
 */
public final class PayloadHash {

    private final CRC32C high = new CRC32C();
    private final CRC32 low = new CRC32();
    private ByteBuffer source;
    private ByteBuffer view;

    public long of(final DecodedPacket p) {
        final ByteBuffer b = p.buffer();
        if (b != source) {
            source = b;
            view = b.duplicate();
        }
        final int from = p.payloadOffset();
        final int to = from + p.payloadLength();
        view.limit(to).position(from);
        high.reset();
        high.update(view);
        view.limit(to).position(from);
        low.reset();
        low.update(view);
        final long hash = high.getValue() << 32 | low.getValue();
        // Segment.NO_HASH stays free to mean "not captured".
        return hash == Segment.NO_HASH ? hash + 1 : hash;
    }
}
