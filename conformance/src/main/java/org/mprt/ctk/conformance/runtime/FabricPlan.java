package org.mprt.ctk.conformance.runtime;

import org.mprt.ctk.fabric.queue.EcnProfile;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.fabric.topology.TopologyBuilder;

/**
 * The fabric a scenario asks for, in its own words: planes, spines per plane, link rate, ECN
 * marking thresholds, address family. Each host sits on its own leaf, so that every path between
 * two hosts crosses a spine and the impairments of the links between switches act on it.
 */
public final class FabricPlan {

    /** Most planes a connection may use (mprt-v0.1.md section 15.1, PICS {@code planes}). */
    public static final int MAX_PLANES = 8;
    private static final int MAX_SPINES = 64;

    private int planes = 1;
    private int spinesPerPlane = 2;
    private long linkRateBps = 100_000_000_000L;
    private EcnProfile ecn;
    private boolean ipv6Only;

    public FabricPlan planes(final int count) {
        if (count < 1 || count > MAX_PLANES) {
            throw new ScenarioInputException("a fabric of " + count + " planes: expected 1 to " + MAX_PLANES + " planes");
        }
        planes = count;
        return this;
    }

    public FabricPlan spinesPerPlane(final int count) {
        if (count < 1 || count > MAX_SPINES) {
            throw new ScenarioInputException(count + " spines per plane: expected 1 to " + MAX_SPINES);
        }
        spinesPerPlane = count;
        return this;
    }

    public FabricPlan linkRateBps(final long rateBps) {
        linkRateBps = rateBps;
        return this;
    }

    /** RED-like marking between {@code kminBytes} and {@code kmaxBytes} of queue, up to {@code pmax}. */
    public FabricPlan ecn(final long kminBytes, final long kmaxBytes, final double pmax) {
        if (kmaxBytes < kminBytes) {
            throw new ScenarioInputException("ECN thresholds " + kminBytes + " and " + kmaxBytes
                + " bytes: expected the first no larger than the second");
        }
        ecn = new EcnProfile(kminBytes, kmaxBytes, pmax);
        return this;
    }

    public FabricPlan ipv6Only() {
        ipv6Only = true;
        return this;
    }

    public int planes() {
        return planes;
    }

    public long linkRateBps() {
        return linkRateBps;
    }

    public boolean isIpv6Only() {
        return ipv6Only;
    }

    /** Builds {@code hosts} hosts, one per leaf, from the scenario's seed. */
    public Topology build(final int hosts, final long seed) {
        final TopologyBuilder builder = Topology.builder().hosts(hosts).planes(planes).spinesPerPlane(spinesPerPlane)
            .hostsPerLeaf(1).linkRateBps(linkRateBps).seed(seed);
        if (ecn != null) {
            builder.ecn(ecn);
        }
        if (ipv6Only) {
            builder.addressFamilies(false, true);
        }
        return builder.build();
    }

    @Override
    public String toString() {
        return planes + " plane(s) x " + spinesPerPlane + " spine(s), " + linkRateBps / 1_000_000_000.0 + " Gb/s links"
            + (ecn != null ? ", ECN " + ecn.kminBytes() + "-" + ecn.kmaxBytes() + " bytes" : "") + (ipv6Only ? ", IPv6" : "");
    }
}
