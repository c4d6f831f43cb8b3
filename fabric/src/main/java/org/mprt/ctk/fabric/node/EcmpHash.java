package org.mprt.ctk.fabric.node;

/**
 * The hash an ECMP switch computes over a packet's 5-tuple to choose among equal-cost ports.
 *
 * <p>Each switch salts it with its own seed, split off the run seed, as real switches salt theirs,
 * so that two tiers do not make the same choice for the same flow (hash polarisation), and a new
 * run seed moves flows to new routes. One 5-tuple always gives the same value on one switch, so
 * a path (a plane plus a UDP source port) keeps one route (MPRT-WIRE-002).
 */
public final class EcmpHash {

    private EcmpHash() {
    }

    /** Hash of a 5-tuple with addresses in 128-bit form (IPv4-mapped for IPv4). */
    public static long hash(
        final long seed, final long sourceHigh, final long sourceLow, final long destinationHigh,
        final long destinationLow, final int protocol, final int sourcePort, final int destinationPort) {
        long h = mix(seed ^ sourceHigh);
        h = mix(h ^ sourceLow);
        h = mix(h ^ destinationHigh);
        h = mix(h ^ destinationLow);
        return mix(h ^ ((long) protocol << 32 | (long) sourcePort << 16 | destinationPort));
    }

    /** Maps a hash onto {@code [0, choices)} by its high bits, evenly for any count. */
    public static int choose(final long hash, final int choices) {
        return (int) (((hash >>> 32) * choices) >>> 32);
    }

    /** The finaliser of SplitMix64 (Stafford's variant 13): every input bit reaches every output bit. */
    static long mix(final long value) {
        long z = value + 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
        return z ^ (z >>> 31);
    }
}
