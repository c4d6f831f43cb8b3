package org.mprt.ctk.pcap;

import java.util.Optional;

/**
 * The compressions a capture file may come in, told by its first bytes as Wireshark tells them (it
 * reads and writes gzip, zstd and lz4 captures, and logs and archives hold them as {@code .pcap.gz},
 * {@code .pcapng.zst}, ...). {@link CaptureReader} reads pcap and pcapng as they are; naming the
 * compression turns "unknown magic number" into what to do.
 */
public enum Compression {
    GZIP("gzip", 0x1f8b_0000, 0xffff_0000),
    ZSTD("zstd", 0x28b5_2ffd, 0xffff_ffff),
    LZ4("lz4", 0x0422_4d18, 0xffff_ffff),
    /** xz's magic is six bytes, fd 37 7a 58 5a 00; its first four tell it from a capture. */
    XZ("xz", 0xfd37_7a58, 0xffff_ffff),
    BZIP2("bzip2", 0x425a_6800, 0xffff_ff00);

    private final String label;
    private final int magic;
    private final int mask;

    Compression(final String label, final int magic, final int mask) {
        this.label = label;
        this.magic = magic;
        this.mask = mask;
    }

    /** The compression whose magic the file's first four bytes (big-endian) start with, if any. */
    public static Optional<Compression> of(final int firstFourBytes) {
        for (final Compression c : values()) {
            if ((firstFourBytes & c.mask) == c.magic) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /** Its name and its tool's, e.g. {@code gzip}. */
    public String label() {
        return label;
    }

    /** The command that writes the capture decompressed to standard output, e.g. {@code gzip -dc FILE}. */
    public String decompressCommand(final String file) {
        return label + " -dc " + file;
    }
}
