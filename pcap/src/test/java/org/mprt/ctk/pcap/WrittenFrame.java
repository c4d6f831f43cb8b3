package org.mprt.ctk.pcap;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A frame as a test expects to read it back: copied out of the reader's reusable view. */
record WrittenFrame(long timestampNs, byte[] data, long originalLengthBytes, int interfaceId, LinkType linkType) {

    static List<WrittenFrame> readAll(final Path file) throws IOException {
        final List<WrittenFrame> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            reader.forEach(frame -> frames.add(new WrittenFrame(frame.timestampNs(), frame.copyData(),
                frame.originalLengthBytes(), frame.interfaceId(), frame.linkType())));
        }
        return frames;
    }

    /** A deterministic frame of {@code lengthBytes} whose bytes depend on {@code seed}. */
    static byte[] pattern(final int lengthBytes, final int seed) {
        final byte[] data = new byte[lengthBytes];
        for (int i = 0; i < lengthBytes; i++) {
            data[i] = (byte) (i * 31 + seed * 7);
        }
        return data;
    }
}
