package org.mprt.ctk.verdict.state;

import java.net.InetAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a scenario can tell the judge about a capture that its frames cannot show, for the few
 * requirements whose condition is a property of the network rather than of the traffic
 * (mprt-v0.1.md sections 10.3 and 12): which paths the scenario made slower or marked
 * (MPRT-PATH-006) and the line rate of the receiver's ports (MPRT-RECV-001, MPRT-RECV-004). Without
 * them those rules give INCONCLUSIVE, or judge only what holds whatever the answer. And, for the
 * reports alone, which node sends packets that break the spec on purpose (a scripted probe's tester).
 *
 * @param slowerPathIds     the path_ids a scenario made slower (longer RTT) or ECN-marked, for every connection direction
 * @param portRateMbps      the line rate of each port of the receiving node in Mb/s; 0 when not told
 * @param duplicateWindowNs the capture holds some packets twice, within this many ns of each other (a mirror of two
 *                          ports a packet crosses in turn), so that the copies are to be dropped; 0 when not told
 * @param scriptedSenders   the addresses of a tester whose packets break the spec on purpose (a scripted probe): the
 *                          verdicts stay as they are, and the reports say whose doing a failure of its packets is
 */
public record ScenarioFacts(Set<Integer> slowerPathIds, long portRateMbps, long duplicateWindowNs,
                            List<InetAddress> scriptedSenders) {

    private static final ScenarioFacts NONE = new ScenarioFacts(Set.of(), 0, 0, List.of());

    public ScenarioFacts {
        slowerPathIds = Set.copyOf(new TreeSet<>(slowerPathIds));
        scriptedSenders = scriptedSenders.stream().distinct()
            .sorted(Comparator.comparing(InetAddress::getHostAddress)).toList();
        if (portRateMbps < 0) {
            throw new IllegalArgumentException("portRateMbps: expected 0 (not told) or more, found " + portRateMbps);
        }
        if (duplicateWindowNs < 0) {
            throw new IllegalArgumentException("duplicateWindowNs: expected 0 (not told) or more, found "
                + duplicateWindowNs);
        }
    }

    public static ScenarioFacts none() {
        return NONE;
    }

    public boolean knowsSlowerPaths() {
        return !slowerPathIds.isEmpty();
    }

    public boolean knowsPortRate() {
        return portRateMbps > 0;
    }

    /** True when the capture is said to hold packets twice ({@link #duplicateWindowNs}). */
    public boolean dropsDuplicates() {
        return duplicateWindowNs > 0;
    }

    public ScenarioFacts withSlowerPaths(final Set<Integer> pathIds) {
        return new ScenarioFacts(pathIds, portRateMbps, duplicateWindowNs, scriptedSenders);
    }

    public ScenarioFacts withPortRateMbps(final long rateMbps) {
        return new ScenarioFacts(slowerPathIds, rateMbps, duplicateWindowNs, scriptedSenders);
    }

    public ScenarioFacts withDuplicateWindowNs(final long windowNs) {
        return new ScenarioFacts(slowerPathIds, portRateMbps, windowNs, scriptedSenders);
    }

    public ScenarioFacts withScriptedSenders(final List<InetAddress> addresses) {
        return new ScenarioFacts(slowerPathIds, portRateMbps, duplicateWindowNs, addresses);
    }
}
