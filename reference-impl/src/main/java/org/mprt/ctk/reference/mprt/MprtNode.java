package org.mprt.ctk.reference.mprt;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.PortPacer;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.mprt.cc.GuidanceMeter;
import org.mprt.ctk.reference.mprt.cc.IngressBuffer;
import org.mprt.ctk.reference.mprt.wire.MprtFrameWriter;
import org.mprt.ctk.reference.mprt.wire.PauseFrame;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.MemoryRegistry;
import org.mprt.ctk.reference.verbs.RdmaDevice;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * An MPRT node (mprt-v0.1.md): its ports, its regions, its connections, and the first two checks of
 * section 13.1 on every arriving frame (an intact MPRT packet; a (DestQP, SCN) pair naming one of
 * its connections), before the connection takes over. It also measures the contention its
 * guidance divides by (section 12). Single-threaded, in the virtual time of its {@link TimerService}.
 */
public final class MprtNode implements RdmaDevice {

    private final List<NicPort> ports;
    private final PortPacer[] pacers;
    private final TimerService timers;
    private final SplittableRandom random;
    private final MprtConfig config;
    private final MemoryRegistry registry;
    private final MprtFrameWriter writer;
    private final PauseFrame pauseFrame = new PauseFrame();
    private final GuidanceMeter guidance;
    private final DecodedPacket decoded = new DecodedPacket();
    private final Map<Integer, MprtConnection> byNumber = new HashMap<>();
    private final List<MprtConnection> connections = new ArrayList<>();
    private int nextSlot;

    /**
     * @param ports  the node's ports; a port's index in this list is the index {@link #onFrame} receives
     * @param random the node's own seeded source (rkeys, new entropy values)
     */
    public MprtNode(final List<? extends NicPort> ports, final TimerService timers, final SplittableRandom random,
                    final MprtConfig config) {
        this.ports = List.copyOf(ports);
        this.timers = timers;
        this.random = random;
        this.config = config;
        this.registry = new MemoryRegistry(random.split());
        this.writer = new MprtFrameWriter(config);
        this.pacers = new PortPacer[ports.size()];
        final long[] rates = new long[ports.size()];
        for (int i = 0; i < pacers.length; i++) {
            rates[i] = ports.get(i).lineRateBps();
            pacers[i] = new PortPacer(rates[i]);
        }
        this.guidance = new GuidanceMeter(rates, config.guidanceWindowNs(), config.guidanceBufferThresholdBytes(),
            new IngressBuffer(config.ingressDrainRateBps()));
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
    public MprtConnection openConnection(final ConnectionDescriptor local, final ConnectionDescriptor peer) {
        if (byNumber.containsKey(local.connectionNumber())) {
            throw new IllegalArgumentException("connection number " + local.connectionNumber() + " is in use");
        }
        for (final var plane : local.planes()) {
            if (plane.portIndex() < 0 || plane.portIndex() >= ports.size()
                || ports.get(plane.portIndex()).planeIndex() != plane.planeIndex()) {
                throw new IllegalArgumentException("port " + plane.portIndex() + " is not on plane " + plane.planeIndex());
            }
        }
        registry.bind(local);
        final int slot = nextSlot++;
        guidance.addSlot(slot);
        final MprtConnection connection = new MprtConnection(this, slot, local, peer);
        byNumber.put(local.connectionNumber(), connection);
        connections.add(connection);
        return connection;
    }

    /** Step 1 and 2 of section 13.1; everything else belongs to the connection. */
    @Override
    public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
        if (portIndex < 0 || portIndex >= ports.size()) {
            return;
        }
        if (PacketDecoder.decodeEthernet(frame, 0, lengthBytes, decoded) != DecodeStatus.OK
            || decoded.profile() != Profile.MPRT) {
            return;
        }
        final MprtConnection connection = byNumber.get(decoded.bth().destQp());
        if (connection == null || ControlPacketChecks.scn(decoded) != connection.peerConnectionNumber()) {
            return;
        }
        if (isData(decoded.opcodeValue())) {
            guidance.onDataArrival(connection.slot(), portIndex, decoded.datagramLength(), timers.nowNs());
            if (config.deviates(Deviation.SEND_PAUSE_FRAMES) && decoded.ecn() == Ecn.CE) {
                // Deviation.SEND_PAUSE_FRAMES: congestion answered with an 802.3x PAUSE (MPRT-CC-004).
                sendPause(portIndex);
            }
        }
        connection.onPacket(decoded, portIndex);
    }

    public List<NicPort> ports() {
        return ports;
    }

    public MemoryRegistry registry() {
        return registry;
    }

    public MprtConfig config() {
        return config;
    }

    /** The node's connections, in the order they were opened. */
    public List<MprtConnection> connections() {
        return List.copyOf(connections);
    }

    TimerService timers() {
        return timers;
    }

    SplittableRandom random() {
        return random;
    }

    MprtFrameWriter writer() {
        return writer;
    }

    PortPacer pacer(final int portIndex) {
        return pacers[portIndex];
    }

    long guidanceMbps(final int[] portIndexes) {
        return guidance.guidanceMbps(portIndexes, timers.nowNs());
    }

    /** Puts the frame the writer holds on port {@code portIndex}. */
    void transmit(final int portIndex, final int lengthBytes) {
        pacers[portIndex].occupy(timers.nowNs(), lengthBytes);
        ports.get(portIndex).transmit(writer.frame(), lengthBytes);
    }

    void detach(final MprtConnection connection) {
        byNumber.remove(connection.connectionNumber());
        connections.remove(connection);
        guidance.removeSlot(connection.slot());
        registry.unbind(connection.localDescriptor());
    }

    static boolean isData(final int opcode) {
        return opcode == OpcodeTable.MPRT_WRITE.code() || opcode == OpcodeTable.MPRT_SEND.code();
    }

    private void sendPause(final int portIndex) {
        final int length = pauseFrame.write(writer.frameBuffer(), ports.get(portIndex).macAddress());
        transmit(portIndex, length);
    }
}
