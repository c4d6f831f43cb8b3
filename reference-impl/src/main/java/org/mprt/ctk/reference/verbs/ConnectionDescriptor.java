package org.mprt.ctk.reference.verbs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.PlaneLink;

/**
 * Everything one node contributes to a connection, exchanged out of band before the first packet
 * (mprt-v0.1.md section 5.1, MPRT-CONN-001; for RoCEv2 what RDMA CM exchanges).
 *
 * @param connectionNumber this node's 24-bit number for the connection: the DCN of packets sent
 *                         to it and the SCN of packets it sends; never 0 or 1
 * @param planes           this node's attachment to each plane the connection uses
 * @param paths            this node's sending paths, path_id = index (a RoCEv2 QP uses one)
 * @param streamCount      streams this node supports on the connection; the two nodes agree on the smaller
 * @param pmtuBytes        largest payload this node accepts; the two nodes agree on the smaller
 * @param regions          the regions this node exposes to the peer on this connection
 */
public record ConnectionDescriptor(
    int connectionNumber, List<PlaneAddress> planes, List<PathSpec> paths, int streamCount, int pmtuBytes,
    List<RegionDescriptor> regions) {

    /** Payload sizes section 5.1 allows. */
    public static final List<Integer> PMTU_VALUES = List.of(256, 512, 1024, 2048, 4096);
    /** First UDP source port {@link #spread} hands out, the start of the range Linux uses for RoCEv2. */
    public static final int FIRST_ENTROPY_PORT = 0xC000;
    private static final int MAX_PATHS = 64;
    private static final int MAX_STREAMS = 65535;

    public ConnectionDescriptor {
        planes = List.copyOf(planes);
        paths = List.copyOf(paths);
        regions = List.copyOf(regions);
        validate(connectionNumber, planes, paths, streamCount, pmtuBytes);
    }

    /**
     * A descriptor that attaches to every port in {@code ports} (port index = list index) and spreads
     * {@code pathCount} paths over their planes round-robin, path i with UDP source port 0xC000 + i.
     */
    public static ConnectionDescriptor spread(
        final int connectionNumber, final List<? extends NicPort> ports, final int pathCount, final int streamCount,
        final int pmtuBytes, final List<MemoryRegion> exposed) {
        final List<PlaneAddress> planes = new ArrayList<>();
        for (int i = 0; i < ports.size(); i++) {
            planes.add(PlaneAddress.of(i, ports.get(i)));
        }
        final List<PathSpec> paths = new ArrayList<>();
        for (int i = 0; i < pathCount; i++) {
            paths.add(new PathSpec(planes.get(i % planes.size()).planeIndex(), FIRST_ENTROPY_PORT + i));
        }
        final List<RegionDescriptor> regions = new ArrayList<>();
        for (final MemoryRegion region : exposed) {
            regions.add(region.descriptor());
        }
        return new ConnectionDescriptor(connectionNumber, planes, paths, streamCount, pmtuBytes, regions);
    }

    /** This node's attachment to {@code planeIndex}, or null when it does not use that plane. */
    public PlaneAddress plane(final int planeIndex) {
        for (final PlaneAddress plane : planes) {
            if (plane.planeIndex() == planeIndex) {
                return plane;
            }
        }
        return null;
    }

    /**
     * The planes of a connection seen from this node: element i links this node's port on plane i
     * to the peer's address on it (null for planes the connection does not use).
     */
    public PlaneLink[] linksTo(final ConnectionDescriptor peer) {
        int highest = 0;
        for (final PlaneAddress plane : planes) {
            highest = Math.max(highest, plane.planeIndex());
        }
        final PlaneLink[] links = new PlaneLink[highest + 1];
        for (final PlaneAddress local : planes) {
            final PlaneAddress remote = peer.plane(local.planeIndex());
            if (remote == null) {
                throw new IllegalArgumentException("the peer is not attached to plane " + local.planeIndex());
            }
            links[local.planeIndex()] = new PlaneLink(local.planeIndex(), local.portIndex(), local.macAddress(),
                local.ipAddress(), local.vlanId(), remote.macAddress(), remote.ipAddress());
        }
        return links;
    }

    private static void validate(
        final int number, final List<PlaneAddress> planes, final List<PathSpec> paths, final int streams, final int pmtu) {
        if (number < 2 || number > 0xFF_FFFF) {
            throw new IllegalArgumentException("connection number must be 2 to 2^24 - 1: " + number);
        }
        if (planes.isEmpty() || paths.isEmpty() || paths.size() > MAX_PATHS) {
            throw new IllegalArgumentException("need at least one plane and 1 to 64 paths");
        }
        final Set<Integer> planeIndexes = new HashSet<>();
        for (final PlaneAddress plane : planes) {
            if (!planeIndexes.add(plane.planeIndex())) {
                throw new IllegalArgumentException("plane " + plane.planeIndex() + " listed twice");
            }
        }
        final Set<Long> entropy = new HashSet<>();
        for (final PathSpec path : paths) {
            if (!planeIndexes.contains(path.planeIndex())) {
                throw new IllegalArgumentException("path on unknown plane " + path.planeIndex());
            }
            // MPRT-PATH-004: two paths of one plane are never one route twice.
            if (!entropy.add((long) path.planeIndex() << 16 | path.udpSourcePort())) {
                throw new IllegalArgumentException("two paths on plane " + path.planeIndex() + " share UDP port "
                    + path.udpSourcePort());
            }
        }
        if (streams < 1 || streams > MAX_STREAMS) {
            throw new IllegalArgumentException("stream count must be 1 to 65535: " + streams);
        }
        if (!PMTU_VALUES.contains(pmtu)) {
            throw new IllegalArgumentException("PMTU must be one of " + PMTU_VALUES + ": " + pmtu);
        }
    }
}
