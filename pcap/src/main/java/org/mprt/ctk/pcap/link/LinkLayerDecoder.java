package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;

/** Unwraps one link-layer header type. Stateless, so one instance serves every frame. */
interface LinkLayerDecoder {
    /**
     * Fills {@code result} (already reset) for the frame of {@code lengthBytes} at index
     * {@code frameOffset} of {@code frame}, a big-endian buffer. Reads only inside the frame.
     */
    void locate(ByteBuffer frame, int frameOffset, int lengthBytes, NetworkLayer result);
}
