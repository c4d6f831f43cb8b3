package org.mprt.ctk.conformance.runtime;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The seed of one scenario (STYLE.md rule 7; ARCHITECTURE.md principle 3): derived from the
 * scenario's name, so that the same scenario always runs the same way on every machine and in every
 * shard, unless the run overrides it ({@code ctk run --seed N}). Every random generator of the
 * scenario's fabric and devices is split from it.
 */
public final class ScenarioSeed {

    private ScenarioSeed() {
    }

    /** The first 63 bits of the SHA-256 of the name in UTF-8: positive, stable, spread. */
    public static long fromName(final String scenarioName) {
        final MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        final byte[] digest = sha.digest(scenarioName.getBytes(StandardCharsets.UTF_8));
        long seed = 0;
        for (int i = 0; i < Long.BYTES; i++) {
            seed = seed << 8 | digest[i] & 0xFF;
        }
        return seed & Long.MAX_VALUE;
    }

    /** The override when the run gives one, else the seed of the name. */
    public static long of(final String scenarioName, final Long override) {
        return override != null ? override : fromName(scenarioName);
    }
}
