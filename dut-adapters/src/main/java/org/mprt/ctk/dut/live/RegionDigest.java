package org.mprt.ctk.dut.live;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.mprt.ctk.reference.verbs.MemoryRegion;

/** The SHA-256 of a region's bytes as the external-device contract carries it: 64 lower-case hexadecimal digits. */
public final class RegionDigest {

    private RegionDigest() {
    }

    /** The digest of the whole region; on the thread that runs its device. */
    public static String of(final MemoryRegion region) {
        return of(region.get(0, region.lengthBytes()));
    }

    public static String of(final byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
