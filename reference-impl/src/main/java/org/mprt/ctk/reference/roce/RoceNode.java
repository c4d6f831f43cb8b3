package org.mprt.ctk.reference.roce;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.PortPacer;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.MemoryRegistry;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.opcode.TransportService;

/**
 * A RoCEv2 node with RC queue pairs: the go-back-N baseline the kit compares MPRT with. Frames
 * whose ICRC does not match are dropped silently (ROCE-ICRC-002), and so are frames for a QP it does
 * not have, QP 0 included (ROCE-WIRE-008).
 */
public final class RoceNode implements RdmaDevice {

    private final List<NicPort> ports;
    private final PortPacer[] pacers;
    private final TimerService timers;
    private final RoceConfig config;
    private final MemoryRegistry registry;
    private final RoceFrameWriter writer = new RoceFrameWriter();
    private final DecodedPacket decoded = new DecodedPacket();
    private final Map<Integer, RoceConnection> byNumber = new HashMap<>();

    public RoceNode(final List<? extends NicPort> ports, final TimerService timers, final SplittableRandom random,
                    final RoceConfig config) {
        this.ports = List.copyOf(ports);
        this.timers = timers;
        this.config = config;
        this.registry = new MemoryRegistry(random.split());
        this.pacers = new PortPacer[ports.size()];
        for (int i = 0; i < pacers.length; i++) {
            pacers[i] = new PortPacer(ports.get(i).lineRateBps());
        }
    }

    @Override
    public MemoryRegion registerRegion(final int lengthBytes) {
        return registry.register(lengthBytes);
    }

    @Override
    public MemoryRegion registerRegion(final ByteBuffer memory) {
        return registry.register(memory);
    }

    @Override
    public RoceConnection openConnection(final ConnectionDescriptor local, final ConnectionDescriptor peer) {
        if (byNumber.containsKey(local.connectionNumber())) {
            throw new IllegalArgumentException("QP number " + local.connectionNumber() + " is in use");
        }
        registry.bind(local);
        final RoceConnection connection = new RoceConnection(this, local, peer);
        byNumber.put(local.connectionNumber(), connection);
        return connection;
    }

    @Override
    public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
        if (PacketDecoder.decodeEthernet(frame, 0, lengthBytes, decoded) != DecodeStatus.OK
            || decoded.profile() != Profile.ROCEV2 || decoded.opcode().service() != TransportService.RC) {
            return;
        }
        final RoceConnection connection = byNumber.get(decoded.bth().destQp());
        if (connection != null && connection.link().localPortIndex() == portIndex) {
            connection.onPacket(decoded);
        }
    }

    public RoceConfig config() {
        return config;
    }

    public MemoryRegistry registry() {
        return registry;
    }

    TimerService timers() {
        return timers;
    }

    RoceFrameWriter writer() {
        return writer;
    }

    PortPacer pacer(final int portIndex) {
        return pacers[portIndex];
    }

    void transmit(final int portIndex, final int lengthBytes) {
        pacers[portIndex].occupy(timers.nowNs(), lengthBytes);
        ports.get(portIndex).transmit(writer.frame(), lengthBytes);
    }

    void detach(final RoceConnection connection) {
        byNumber.remove(connection.connectionNumber());
        registry.unbind(connection.localDescriptor());
    }
}
