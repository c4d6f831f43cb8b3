package org.mprt.ctk.fabric.topology;

import java.util.List;
import java.util.function.Consumer;
import org.mprt.ctk.fabric.address.FiveTuple;
import org.mprt.ctk.fabric.impairment.Impairments;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.node.Switch;

/**
 * The links and switches a packet with one 5-tuple crosses, from the sender's NIC port to the
 * receiver's: the concrete route of an MPRT path (a plane plus a UDP source port). A scenario
 * impairs a path by impairing its {@link #interSwitchLinks()}, which the path does not share with
 * every other path of the same hosts, as it shares the host links.
 */
public record Route(FiveTuple tuple, List<Link> links, List<Switch> switches) {

    public Route {
        links = List.copyOf(links);
        switches = List.copyOf(switches);
    }

    /** The links between switches: all but the first (host to leaf) and the last (leaf to host). */
    public List<Link> interSwitchLinks() {
        return links.size() <= 2 ? List.of() : links.subList(1, links.size() - 1);
    }

    /**
     * Applies one change to the impairments of every inter-switch link of this route, now; from an
     * event to apply it later: {@code scheduler.at(t, () -> route.impair(i -> i.blackhole(true)))}.
     */
    public void impair(final Consumer<Impairments> change) {
        for (final Link link : interSwitchLinks()) {
            change.accept(link.impairments());
        }
    }

    /** Sum of the propagation delays along the route. */
    public long propagationDelayNs() {
        long total = 0;
        for (final Link link : links) {
            total += link.settings().propagationDelayNs();
        }
        return total;
    }

    @Override
    public String toString() {
        return tuple + " via " + links;
    }
}
