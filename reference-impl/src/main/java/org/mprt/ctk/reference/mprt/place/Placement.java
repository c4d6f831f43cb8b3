package org.mprt.ctk.reference.mprt.place;

import java.nio.ByteBuffer;
import org.mprt.ctk.reference.mprt.stream.InboundStream;
import org.mprt.ctk.reference.verbs.ReceiveBuffer;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.MemoryRegistry;
import org.mprt.ctk.wire.mprt.MprtNakCode;

/**
 * Steps 9 to 12 of the receiver's checks and the placement they guard (mprt-v0.1.md sections 7
 * and 13.1): a WRITE lands at virtual_address in the region its rkey names, which must belong to
 * this connection and contain every byte; a SEND lands in receive buffer RSN of its stream at
 * message_offset. {@code check*} resolves the destination and returns the NAK code of a failure
 * or null; {@code place*} then writes the payload. Nothing is written unless the check passed.
 */
public final class Placement {

    private final MemoryRegistry registry;
    private final int connectionNumber;
    private final boolean skipBoundsCheck;
    private MemoryRegion region;
    private ReceiveBuffer buffer;

    /** @param skipBoundsCheck the PLACE_OUT_OF_BOUNDS mutant */
    public Placement(final MemoryRegistry registry, final int connectionNumber, final boolean skipBoundsCheck) {
        this.registry = registry;
        this.connectionNumber = connectionNumber;
        this.skipBoundsCheck = skipBoundsCheck;
    }

    /** Steps 9 and 10. */
    public MprtNakCode checkWrite(final long rkey, final long virtualAddress, final int payloadBytes) {
        region = registry.lookup(rkey);
        if (region == null || region.connectionNumber() != connectionNumber) {
            return MprtNakCode.RKEY_VIOLATION;
        }
        // Deviation.PLACE_OUT_OF_BOUNDS: the bounds check is skipped, so a range outside the region passes.
        if (!skipBoundsCheck && !region.contains(virtualAddress, payloadBytes)) {
            return MprtNakCode.BOUNDS_VIOLATION;
        }
        return null;
    }

    /** Steps 11 and 12. */
    public MprtNakCode checkSend(final InboundStream stream, final long rsn, final long messageLength) {
        buffer = stream.buffer(rsn);
        if (buffer == null) {
            return MprtNakCode.NO_RECEIVE_BUFFER;
        }
        return messageLength > buffer.lengthBytes() ? MprtNakCode.RECEIVE_OVERFLOW : null;
    }

    /** Writes a WRITE payload checked by {@link #checkWrite}; only the part inside the region, should the check have been skipped. */
    public void placeWrite(final long virtualAddress, final ByteBuffer frame, final int payloadIndex, final int payloadBytes) {
        final long base = region.baseAddress();
        final long firstAddress = Math.max(virtualAddress, base);
        final long endAddress = Math.min(virtualAddress + payloadBytes, base + region.lengthBytes());
        if (endAddress > firstAddress) {
            region.write(firstAddress - base, frame, payloadIndex + (int) (firstAddress - virtualAddress),
                (int) (endAddress - firstAddress));
        }
    }

    /** Writes a SEND payload checked by {@link #checkSend}. */
    public void placeSend(final long messageOffset, final ByteBuffer frame, final int payloadIndex, final int payloadBytes) {
        buffer.region().write(buffer.offsetBytes() + messageOffset, frame, payloadIndex, payloadBytes);
    }
}
