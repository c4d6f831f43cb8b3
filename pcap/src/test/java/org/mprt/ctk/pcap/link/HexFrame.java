package org.mprt.ctk.pcap.link;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.mprt.ctk.pcap.LinkType;

/** Frames written as hex in tests, with spaces between fields for the reader's sake. */
final class HexFrame {
    private HexFrame() {
    }

    static ByteBuffer of(final String hex) {
        return ByteBuffer.wrap(HexFormat.of().parseHex(hex.replace(" ", "")));
    }

    /** Locates the network layer of the whole buffer as a frame of {@code linkType}. */
    static NetworkLayer locate(final LinkType linkType, final ByteBuffer frame) {
        final NetworkLayer result = new NetworkLayer();
        NetworkLayerLocator.locate(linkType, frame, 0, frame.limit(), result);
        return result;
    }
}
