package org.mprt.ctk.dut.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.DatagramChannel;
import java.util.SplittableRandom;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.reference.attachment.FrameSink;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * An endpoint's NIC port on a real network interface of this host, one IPv4 address of it: the frames
 * the endpoint sends go onto the interface whole, as written (libpcap's packet injection), and the
 * frames for its address and UDP port 4791 come back from the interface whole, as they crossed it.
 *
 * <p>Why not UDP sockets: a socket writes the IP header itself, and Linux numbers the IPv4
 * identification of each datagram as it goes (0 only from an unconnected socket that sets DF through
 * IP_PMTUDISC_DO, which Java 17 cannot ask for). The ICRC covers that field (rocev2-baseline.md,
 * ROCE-ICRC-001), and a socket does not show an arriving datagram's IP header, so an endpoint on one
 * could not check the ICRC of what it receives.
 *
 * <p>A UDP socket, never read, holds the port's address and port 4791: the host's own IP stack
 * receives a copy of each frame, and with no socket there it would answer each one with an ICMP port
 * unreachable; with one, the copies fill its buffer and the kernel drops the rest, silently. The
 * socket also keeps a second run on this host from taking the same address.
 */
public final class PacketPort implements NicPort {

    /** The UDP destination port of RoCEv2 and MPRT (MPRT-WIRE-001). */
    public static final int TRANSPORT_PORT = 4791;

    private final int planeIndex;
    private final IpAddress address;
    private final long macAddress;
    private final long lineRateBps;
    private final String interfaceName;
    /** Holds the address and port; never read. */
    private final DatagramChannel stackCopies;
    private LiveInterface live;
    private volatile long sent;
    private volatile long received;
    private volatile long lost;
    /** Loses each frame it sends or receives with this probability, drawn from {@link #lossDraws}. */
    private double lossProbability;
    private SplittableRandom lossDraws;
    /** Marks each ECN-capable frame it receives CE with this probability, drawn from {@link #markDraws}. */
    private double markProbability;
    private SplittableRandom markDraws;
    private volatile long marked;

    /**
     * Binds the port's UDP socket; from the loop's thread.
     *
     * @throws UncheckedIOException naming the address when it is not one of this host's, or port 4791 is
     *                              taken on it
     */
    PacketPort(final String interfaceName, final int planeIndex, final IpAddress address, final long macAddress,
               final long lineRateBps) {
        if (address.kind() != NetworkKind.IPV4) {
            throw new IllegalArgumentException("a port on " + interfaceName + " needs an IPv4 address, not " + address);
        }
        this.interfaceName = interfaceName;
        this.planeIndex = planeIndex;
        this.address = address;
        this.macAddress = macAddress;
        this.lineRateBps = lineRateBps;
        try {
            stackCopies = DatagramChannel.open(StandardProtocolFamily.INET);
            try {
                stackCopies.bind(new InetSocketAddress(address.toInetAddress(), TRANSPORT_PORT));
            } catch (final IOException e) {
                stackCopies.close();
                throw e;
            }
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot bind UDP port " + TRANSPORT_PORT + " on " + address
                + " (expected an address of this host, e.g. one of 127.0.0.0/8 on lo, with the port free)", e);
        }
    }

    /**
     * Starts handing the frames for this port's address to {@code sink} as those of port
     * {@code portIndex}, each as an event of {@code loop}; from the loop's thread.
     */
    void deliverTo(final RealTimeLoop loop, final FrameSink sink, final int portIndex) throws IOException {
        live = LiveInterface.open(interfaceName, "udp dst port " + TRANSPORT_PORT + " and dst host " + address,
            "port " + address + " on " + interfaceName, link -> {
                if (link != LinkType.ETHERNET) {
                    throw new LiveCaptureException("interface " + interfaceName + " carries " + link
                        + " frames; a device's port needs Ethernet frames");
                }
                return (ns, frame, original) -> loop.execute(() -> {
                    received++;
                    if (!losesOne()) {
                        if (markProbability > 0 && markDraws.nextDouble() < markProbability
                            && CongestionMark.apply(frame, frame.length)) {
                            marked++;
                        }
                        sink.onFrame(portIndex, frame, frame.length);
                    }
                });
            });
    }

    @Override
    public int planeIndex() {
        return planeIndex;
    }

    @Override
    public long macAddress() {
        return macAddress;
    }

    @Override
    public IpAddress ipAddress() {
        return address;
    }

    @Override
    public long lineRateBps() {
        return lineRateBps;
    }

    /**
     * Loses each frame this port sends, before it reaches the interface, and each it receives, after it
     * crossed the interface, with {@code probability}, drawn from a generator seeded with {@code seed};
     * from the loop's thread, before the first frame.
     */
    void losing(final double probability, final long seed) {
        this.lossProbability = probability;
        this.lossDraws = new SplittableRandom(seed);
    }

    /**
     * Marks each ECN-capable frame this port receives CE, after it crossed the interface, with
     * {@code probability}, drawn from a generator seeded with {@code seed}, as a congested switch on the
     * way would; from the loop's thread, before the first frame.
     */
    void marking(final double probability, final long seed) {
        this.markProbability = probability;
        this.markDraws = new SplittableRandom(seed);
    }

    private boolean losesOne() {
        if (lossProbability > 0 && lossDraws.nextDouble() < lossProbability) {
            lost++;
            return true;
        }
        return false;
    }

    /** Puts the frame on the interface as it is, unless the port loses it. */
    @Override
    public void transmit(final byte[] frame, final int lengthBytes) {
        if (losesOne()) {
            return;
        }
        live.send(frame, lengthBytes);
        sent++;
    }

    /** Frames this port has put on the interface. */
    public long sent() {
        return sent;
    }

    /** Frames this port has received, those it then lost among them: each crossed the interface. */
    public long received() {
        return received;
    }

    /** Frames this port lost, sent or received. */
    public long lost() {
        return lost;
    }

    /** Frames this port received and marked CE. */
    public long marked() {
        return marked;
    }

    /** Stops receiving and closes the socket. */
    void close() {
        try {
            if (live != null) {
                live.stop();
            }
        } finally {
            try {
                stackCopies.close();
            } catch (final IOException ignored) {
                // Closing at the end of a run: nothing is left to receive.
            }
        }
    }
}
