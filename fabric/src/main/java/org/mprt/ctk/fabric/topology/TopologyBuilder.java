package org.mprt.ctk.fabric.topology;

import org.mprt.ctk.fabric.link.LinkSettings;
import org.mprt.ctk.fabric.queue.EcnProfile;
import org.mprt.ctk.fabric.time.Scheduler;

/**
 * Describes a fabric of {@code hosts} hosts, each with one NIC port on each of {@code planes}
 * independent planes. Each plane is a two-tier leaf-spine: {@code hostsPerLeaf} hosts per leaf
 * (hosts 0..k-1 on leaf 0, and so on), every leaf connected to every one of {@code spinesPerPlane}
 * spines by {@code parallelLinks} parallel links. With no spines, a plane is one switch that all
 * hosts attach to ({@link #singleSwitch()}).
 *
 * <p>Defaults: 2 hosts, 1 plane, 4 spines, 16 hosts per leaf, 1 link per leaf-spine pair, links
 * of {@link LinkSettings#DEFAULT} (100 Gb/s, 500 ns, 1 MiB buffer, ECN 100 KB / 400 KB / 0.2,
 * 24 bytes of wire overhead per frame), seed 1. A host's own transmit queue uses the same rate
 * and buffer but never marks ECN: marking is a switch's job.
 */
public final class TopologyBuilder {

    int hosts = 2;
    int planes = 1;
    int spinesPerPlane = 4;
    int hostsPerLeaf = 16;
    int parallelLinks = 1;
    LinkSettings linkSettings = LinkSettings.DEFAULT;
    long seed = 1;
    boolean ipv4 = true;
    boolean ipv6 = true;

    TopologyBuilder() {
    }

    public TopologyBuilder hosts(final int count) {
        hosts = count;
        return this;
    }

    public TopologyBuilder planes(final int count) {
        planes = count;
        return this;
    }

    public TopologyBuilder spinesPerPlane(final int count) {
        spinesPerPlane = count;
        return this;
    }

    public TopologyBuilder hostsPerLeaf(final int count) {
        hostsPerLeaf = count;
        return this;
    }

    /** Parallel links between each leaf and each spine; ECMP spreads over all of them. */
    public TopologyBuilder parallelLinks(final int count) {
        parallelLinks = count;
        return this;
    }

    /** One switch per plane, every host attached to it. */
    public TopologyBuilder singleSwitch() {
        spinesPerPlane = 0;
        hostsPerLeaf = Integer.MAX_VALUE;
        return this;
    }

    public TopologyBuilder linkSettings(final LinkSettings settings) {
        linkSettings = settings;
        return this;
    }

    public TopologyBuilder linkRateBps(final long rateBps) {
        linkSettings = linkSettings.withRateBps(rateBps);
        return this;
    }

    public TopologyBuilder propagationDelayNs(final long delayNs) {
        linkSettings = linkSettings.withPropagationDelayNs(delayNs);
        return this;
    }

    public TopologyBuilder bufferBytes(final long bytes) {
        linkSettings = linkSettings.withBufferBytes(bytes);
        return this;
    }

    public TopologyBuilder ecn(final EcnProfile profile) {
        linkSettings = linkSettings.withEcn(profile);
        return this;
    }

    public TopologyBuilder ecn(final long kminBytes, final long kmaxBytes, final double pmax) {
        return ecn(new EcnProfile(kminBytes, kmaxBytes, pmax));
    }

    public TopologyBuilder wireOverheadBytes(final int bytes) {
        linkSettings = linkSettings.withWireOverheadBytes(bytes);
        return this;
    }

    /** The run seed every random generator of the fabric is split from. */
    public TopologyBuilder seed(final long value) {
        seed = value;
        return this;
    }

    /** Which address families host ports get (both by default). */
    public TopologyBuilder addressFamilies(final boolean withIpv4, final boolean withIpv6) {
        if (!withIpv4 && !withIpv6) {
            throw new IllegalArgumentException("host ports need at least one address family");
        }
        ipv4 = withIpv4;
        ipv6 = withIpv6;
        return this;
    }

    /** Builds on a new scheduler. */
    public Topology build() {
        return build(new Scheduler());
    }

    /** Builds on the given scheduler, which must be at time 0 with nothing scheduled yet. */
    public Topology build(final Scheduler scheduler) {
        validate();
        return new TopologyAssembly(this, scheduler).assemble();
    }

    int leafCount() {
        return (int) ((hosts + (long) hostsPerLeaf - 1) / hostsPerLeaf);
    }

    private void validate() {
        if (hosts < 1 || planes < 1 || spinesPerPlane < 0 || hostsPerLeaf < 1 || parallelLinks < 1) {
            throw new IllegalArgumentException("need hosts >= 1, planes >= 1, spines >= 0, hostsPerLeaf >= 1,"
                + " parallelLinks >= 1; got " + hosts + ", " + planes + ", " + spinesPerPlane + ", " + hostsPerLeaf
                + ", " + parallelLinks);
        }
        if (spinesPerPlane == 0 && leafCount() > 1) {
            throw new IllegalArgumentException(hosts + " hosts at " + hostsPerLeaf + " per leaf need " + leafCount()
                + " leaves, and leaves need spines to reach each other");
        }
    }
}
