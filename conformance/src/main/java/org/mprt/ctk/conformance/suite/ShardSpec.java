package org.mprt.ctk.conformance.suite;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * One share of the suite, {@code i/n} (1-based): the scenarios whose location hashes to i. The
 * hash is the CRC-32 of the scenario's location ({@code features/wire/encapsulation.feature:13}),
 * so every runner of a CI matrix, on any machine, takes the same share, the shares are disjoint and
 * together they are the whole suite (ARCHITECTURE.md, "Scale beyond one machine").
 *
 * @param index the share, from 1 to {@code count}
 * @param count how many shares
 */
public record ShardSpec(int index, int count) {

    private static final Pattern FORM = Pattern.compile("(\\d{1,4})/(\\d{1,4})");

    /** Reads {@code 2/4}; throws {@link IllegalArgumentException} saying what was expected. */
    public static ShardSpec parse(final String text) {
        final Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("shard '" + text + "': expected i/n, e.g. 2/4");
        }
        final int index = Integer.parseInt(m.group(1));
        final int count = Integer.parseInt(m.group(2));
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException("shard '" + text + "': expected 1 <= i <= n, e.g. 1/4 to 4/4");
        }
        return new ShardSpec(index, count);
    }

    /** True when the scenario at {@code location} belongs to this share. */
    public boolean takes(final String location) {
        final CRC32 crc = new CRC32();
        crc.update(location.getBytes(StandardCharsets.UTF_8));
        return crc.getValue() % count == index - 1;
    }

    /** The first share also replays the captures of captures/, so that a matrix replays them once. */
    public boolean isFirst() {
        return index == 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
