package org.mprt.ctk.reference.mprt.path;

/**
 * Chooses the path of each new data packet among the candidates the sender offers (ACTIVE, with
 * room in send window and cwnd, port free, mprt-v0.1.md section 10.3). It prefers lower SRTT and
 * a lower ECN fraction and spreads by load: the cost of a path is
 * SRTT x (1 + 4 x ecn_fraction) x (1 + bytes_in_flight / cwnd), so a slow or marked path gets
 * fewer packets, packet by packet (MPRT-PATH-006). Ties go round-robin.
 */
public final class PathSelector {

    // A path whose every packet is marked costs five times an unmarked one.
    private static final double ECN_WEIGHT = 4.0;

    private int rotation;

    /** Returns the index in {@code paths} of the cheapest candidate, or -1 when none is a candidate. */
    public int choose(final SenderPath[] paths, final boolean[] candidate) {
        final long neutralSrtt = neutralSrtt(paths, candidate);
        int best = -1;
        double bestCost = Double.MAX_VALUE;
        for (int i = 0; i < paths.length; i++) {
            final int index = (rotation + i) % paths.length;
            if (!candidate[index]) {
                continue;
            }
            final double cost = cost(paths[index], neutralSrtt);
            if (cost < bestCost) {
                bestCost = cost;
                best = index;
            }
        }
        if (best >= 0) {
            rotation = (best + 1) % paths.length;
        }
        return best;
    }

    private static double cost(final SenderPath path, final long neutralSrtt) {
        final RttEstimator rtt = path.rtt();
        final double srtt = rtt.hasSample() ? Math.max(1, rtt.srttNs()) : neutralSrtt;
        final double load = 1.0 + (double) path.bytesInFlight() / Math.max(1, path.window().cwndBytes());
        return srtt * (1.0 + ECN_WEIGHT * path.window().ecnFraction()) * load;
    }

    // A path without an RTT sample is ranked as the average of the others, neither preferred nor shunned.
    private static long neutralSrtt(final SenderPath[] paths, final boolean[] candidate) {
        long sum = 0;
        int count = 0;
        for (int i = 0; i < paths.length; i++) {
            if (candidate[i] && paths[i].rtt().hasSample()) {
                sum += Math.max(1, paths[i].rtt().srttNs());
                count++;
            }
        }
        return count == 0 ? 1 : sum / count;
    }
}
