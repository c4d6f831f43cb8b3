package org.mprt.ctk.dut.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.dut.fabric.FabricNode;
import org.mprt.ctk.reference.attachment.Cancellable;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/**
 * An RDMA device (the reference MPRT node, the RoCEv2 baseline, a mutant of either) on a real network
 * interface of this host: one {@link PacketPort} per plane, on the IPv4 address given for it, and the
 * real time of a {@link RealTimeLoop}, which also runs every frame that arrives. What the device raises
 * while the loop runs it comes out as a {@link DeviceFailure} naming the device, which ends the loop, so
 * that whoever waits on it learns why at once.
 */
public final class InterfaceNode {

    private final RealTimeLoop loop;
    private final String name;
    private final List<PacketPort> ports;
    private final RdmaDevice device;

    /**
     * Builds the device on ports at {@code addresses} (plane 0 first); from the loop's thread, e.g.
     * through {@link #start}.
     */
    private InterfaceNode(final RealTimeLoop loop, final String name, final String interfaceName,
                          final List<IpAddress> addresses, final long lineRateBps,
                          final FabricNode.DeviceFactory<?> factory) {
        this.loop = loop;
        this.name = name;
        final List<PacketPort> made = new ArrayList<>();
        try {
            for (int plane = 0; plane < addresses.size(); plane++) {
                made.add(new PacketPort(interfaceName, plane, addresses.get(plane), macOf(addresses.get(plane)),
                    lineRateBps));
            }
        } catch (final RuntimeException e) {
            closeAll(made);
            throw e;
        }
        this.ports = List.copyOf(made);
        try {
            device = factory.create(List.copyOf(ports), new DeviceTimers());
        } catch (final RuntimeException | AssertionError | StackOverflowError e) {
            close();
            throw failure("starting", e);
        }
        try {
            for (int p = 0; p < ports.size(); p++) {
                final int index = p;
                ports.get(p).deliverTo(loop, (portIndex, frame, length) -> {
                    try {
                        device.onFrame(portIndex, frame, length);
                    } catch (final RuntimeException | AssertionError | StackOverflowError e) {
                        throw failure("handling a frame that arrived on its port " + index, e);
                    }
                }, index);
            }
        } catch (final IOException e) {
            close();
            throw new UncheckedIOException("opening the ports of " + name, e);
        } catch (final RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Starts a device named {@code name} on {@code loop}, with one port on interface
     * {@code interfaceName} per address (plane 0 first), each of line rate {@code lineRateBps}, which the
     * device paces its data to.
     *
     * @throws LoopFailure when the ports cannot be opened or the device fails to start
     */
    public static InterfaceNode start(final RealTimeLoop loop, final String name, final String interfaceName,
                                      final List<IpAddress> addresses, final long lineRateBps,
                                      final FabricNode.DeviceFactory<?> factory) {
        return loop.call(() -> new InterfaceNode(loop, name, interfaceName, addresses, lineRateBps, factory),
            RealTimeLoop.STARTING);
    }

    /** The device; call it on the loop's thread only ({@link RealTimeLoop#call}). */
    public RdmaDevice device() {
        return device;
    }

    /** The device's ports in plane order, for its connection descriptors. */
    public List<PacketPort> ports() {
        return ports;
    }

    /** Frames sent from every port. */
    public long sent() {
        return ports.stream().mapToLong(PacketPort::sent).sum();
    }

    /** Frames received on every port. */
    public long received() {
        return ports.stream().mapToLong(PacketPort::received).sum();
    }

    /** Frames every port lost. */
    public long lost() {
        return ports.stream().mapToLong(PacketPort::lost).sum();
    }

    /** Frames every port marked CE on arrival. */
    public long marked() {
        return ports.stream().mapToLong(PacketPort::marked).sum();
    }

    /**
     * Its ports mark each ECN-capable frame they receive CE with {@code probability}, each port's draws
     * seeded with {@code seed} plus its plane; from the loop's thread, before the first frame.
     */
    public void marking(final double probability, final long seed) {
        for (final PacketPort port : ports) {
            port.marking(probability, seed + port.planeIndex());
        }
    }

    /**
     * Its ports lose each frame they send or receive with {@code probability}, each port's draws
     * seeded with {@code seed} plus its plane; from the loop's thread, before the first frame.
     */
    public void losing(final double probability, final long seed) {
        for (final PacketPort port : ports) {
            port.losing(probability, seed + port.planeIndex());
        }
    }

    /**
     * Stops every port; from the loop's thread, or once the loop has ended.
     *
     * @throws LiveCaptureException the first a port threw, once every port was asked to stop
     */
    public void close() {
        closeAll(ports);
    }

    private static void closeAll(final List<PacketPort> ports) {
        RuntimeException first = null;
        for (final PacketPort port : ports) {
            try {
                port.close();
            } catch (final RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private DeviceFailure failure(final String doing, final Throwable e) {
        return e instanceof DeviceFailure f ? f : DeviceFailure.inRealTime(name, doing, loop.nowNs(), e);
    }

    /** A locally administered MAC address that carries the port's IPv4 address. */
    private static long macOf(final IpAddress address) {
        return 0x02_00_0000_0000L | address.ipv4() & 0xFFFF_FFFFL;
    }

    /** The loop's timers, with what the device raises in one named as its failure. */
    private final class DeviceTimers implements TimerService {

        @Override
        public long nowNs() {
            return loop.nowNs();
        }

        @Override
        public Cancellable schedule(final long atNs, final Runnable action) {
            return loop.schedule(atNs, () -> {
                try {
                    action.run();
                } catch (final RuntimeException | AssertionError | StackOverflowError e) {
                    throw failure("running a timer it set", e);
                }
            });
        }
    }
}
