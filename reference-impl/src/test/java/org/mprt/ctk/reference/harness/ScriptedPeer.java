package org.mprt.ctk.reference.harness;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.reference.attachment.PlaneLink;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtConnection;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * A packetdrill-style tester in front of one MPRT node ("B", the device under test): it owns the
 * peer's end of a connection on paper only and sends exact frames that the test builds; B's
 * answers are read from the fabric capture.
 */
public final class ScriptedPeer {

    public static final int PEER_NUMBER = 0x77;
    public static final int DUT_NUMBER = 0x42;

    public final VirtualScheduler scheduler = new VirtualScheduler();
    public final TestFabric fabric;
    public final MprtNode dut;
    public final MprtConnection connection;
    public final MemoryRegion region;
    private final PlaneLink[] links;
    private final List<TestPort> peerPorts;
    private final FrameEncoder encoder = new FrameEncoder();
    private final byte[] buffer = new byte[8192];

    public ScriptedPeer(final MprtConfig config, final int planes, final int paths, final int streams, final int pmtu,
                        final int regionBytes) {
        fabric = new TestFabric(scheduler, 5, planes);
        peerPorts = fabric.addNode("T");
        final List<TestPort> dutPorts = fabric.addNode("B");
        dut = new MprtNode(dutPorts, scheduler, new java.util.SplittableRandom(3), config);
        fabric.attach("B", dut);
        fabric.attach("T", (port, frame, length) -> { });
        region = dut.registerRegion(regionBytes);
        final ConnectionDescriptor dutDescriptor = ConnectionDescriptor.spread(DUT_NUMBER, dutPorts, paths, streams, pmtu,
            List.of(region));
        final ConnectionDescriptor peerDescriptor = ConnectionDescriptor.spread(PEER_NUMBER, peerPorts, paths, streams,
            pmtu, List.of());
        connection = dut.openConnection(dutDescriptor, peerDescriptor);
        links = peerDescriptor.linksTo(dutDescriptor);
    }

    public ScriptedPeer(final MprtConfig config) {
        this(config, 2, 4, 4, 1024, 64 * 1024);
    }

    /** A data packet to build and send; path p travels on plane p mod planes with UDP port 0xC000 + p. */
    public DataPacket data(final int pathId, final int psn) {
        return new DataPacket(pathId, psn);
    }

    /** Sends a PROBE for {@code pathId} with BTH.PSN {@code psn}. */
    public void probe(final int pathId, final int psn, final long probeId) {
        final PlaneLink link = link(pathId);
        link.configure(encoder, 0xC000 + pathId, Ecn.ECT_0);
        encoder.opcode(OpcodeTable.MPRT_PROBE).recordCount(0).payloadLength(0).padCount(-1).begin(buffer, 0);
        encoder.bth().destQp(DUT_NUMBER).psn(psn);
        encoder.extensions().mpeth().pathId(pathId).scn(PEER_NUMBER).probeId(probeId).txTimestamp(scheduler.nowNs());
        deliver(link, encoder.finish());
    }

    /** Sends an ACK from the peer for the DUT's path {@code pathId}. */
    public void ack(final int pathId, final int cack, final int ceCount, final long echoTimestamp, final long guidanceMbps) {
        final PlaneLink link = link(pathId);
        link.configure(encoder, 0xC000 + pathId, Ecn.ECT_0);
        encoder.opcode(OpcodeTable.MPRT_ACK).recordCount(0).payloadLength(0).padCount(-1).begin(buffer, 0);
        encoder.bth().destQp(DUT_NUMBER).psn(cack);
        final MaethFlyweight maeth = encoder.extensions().maeth();
        maeth.pathId(pathId).e(ceCount > 0 ? 1 : 0).ceCount(ceCount).echoTimestamp(echoTimestamp)
            .guidanceRateMbps(guidanceMbps).scn(PEER_NUMBER);
        deliver(link, encoder.finish());
    }

    /** Opens a second connection on the DUT (numbers {@code dutNumber}/{@code peerNumber}) exposing {@code exposed}. */
    public MprtConnection openSecondConnection(final int dutNumber, final int peerNumber, final MemoryRegion exposed) {
        final ConnectionDescriptor dutDescriptor = ConnectionDescriptor.spread(dutNumber, fabric.ports("B"), links.length * 2,
            4, 1024, List.of(exposed));
        final ConnectionDescriptor peerDescriptor = ConnectionDescriptor.spread(peerNumber, peerPorts, links.length * 2, 4,
            1024, List.of());
        return dut.openConnection(dutDescriptor, peerDescriptor);
    }

    /** Frames the DUT sent so far. */
    public List<Frame> answers() {
        final List<Frame> frames = new ArrayList<>();
        for (final Frame frame : fabric.captured()) {
            if (frame.node().equals("B")) {
                frames.add(frame);
            }
        }
        return frames;
    }

    public List<Frame> answers(final org.mprt.ctk.wire.opcode.Opcode opcode) {
        return answers().stream().filter(f -> f.is(opcode)).toList();
    }

    public void settle() {
        scheduler.runFor(100_000);
    }

    private PlaneLink link(final int pathId) {
        return links[pathId % peerPorts.size()];
    }

    private void deliver(final PlaneLink link, final int length) {
        final byte[] frame = java.util.Arrays.copyOf(buffer, length);
        final int port = link.planeIndex();
        scheduler.schedule(scheduler.nowNs(), () -> dut.onFrame(port, frame, frame.length));
        scheduler.runFor(0);
    }

    /** A data packet under construction; every field has a valid default for a one-packet WRITE of its payload. */
    public final class DataPacket {
        private final int pathId;
        private final int psn;
        private boolean send;
        private int streamId;
        private long msn;
        private long offset;
        private long messageLength = -1;
        private long virtualAddress = region.baseAddress();
        private long rkey = region.rkey();
        private long rsn;
        private byte[] payload = new byte[0];
        private boolean ackReq;
        private int resv5;
        private int ecn = Ecn.ECT_0;
        private int dcn = DUT_NUMBER;
        private int scn = PEER_NUMBER;
        private int retransmission;
        private int forcedFirst = -1;
        private int forcedLast = -1;
        private int opcode = -1;
        private boolean corruptIcrc;

        private DataPacket(final int pathId, final int psn) {
            this.pathId = pathId;
            this.psn = psn;
        }

        public DataPacket write(final long address, final long key) { send = false; virtualAddress = address; rkey = key; return this; }
        public DataPacket send(final long receiveSequence) { send = true; rsn = receiveSequence; return this; }
        public DataPacket stream(final int id) { streamId = id; return this; }
        public DataPacket msn(final long value) { msn = value; return this; }
        public DataPacket offset(final long bytes) { offset = bytes; return this; }
        public DataPacket messageLength(final long bytes) { messageLength = bytes; return this; }
        public DataPacket payload(final byte[] bytes) { payload = bytes; return this; }
        public DataPacket ackReq() { ackReq = true; return this; }
        public DataPacket resv5(final int value) { resv5 = value; return this; }
        public DataPacket ce() { ecn = Ecn.CE; return this; }
        public DataPacket retransmitted() { retransmission = 1; return this; }
        public DataPacket firstLast(final int f, final int l) { forcedFirst = f; forcedLast = l; return this; }
        public DataPacket rawOpcode(final int code) { opcode = code; return this; }
        public DataPacket corruptIcrc() { corruptIcrc = true; return this; }
        public DataPacket connection(final int destination, final int source) { dcn = destination; scn = source; return this; }

        public void deliver() {
            final long length = messageLength < 0 ? offset + payload.length : messageLength;
            final PlaneLink link = link(pathId);
            link.configure(encoder, 0xC000 + pathId, ecn);
            encoder.opcode(send ? OpcodeTable.MPRT_SEND : OpcodeTable.MPRT_WRITE).recordCount(0)
                .payloadLength(payload.length).padCount(-1).begin(buffer, 0);
            if (opcode >= 0) {
                encoder.bth().opcode(opcode);
            }
            encoder.bth().destQp(dcn).psn(psn).ackReq(ackReq ? 1 : 0);
            final int f = forcedFirst >= 0 ? forcedFirst : offset == 0 ? 1 : 0;
            final int l = forcedLast >= 0 ? forcedLast : offset + payload.length == length ? 1 : 0;
            final MdethFlyweight mdeth = encoder.extensions().mdeth().pathId(pathId).f(f).l(l).r(retransmission).resv5(resv5).streamId(streamId).scn(scn)
                .msn(msn).messageOffset(offset).messageLength(length).txTimestamp(scheduler.nowNs() & 0xFFFF_FFFFL);
            if (send) {
                mdeth.rsn(rsn);
            } else {
                mdeth.virtualAddress(virtualAddress + offset).rkey(rkey);
            }
            encoder.payload(payload, 0, payload.length);
            final int frameLength = encoder.finish();
            if (corruptIcrc) {
                buffer[encoder.icrcOffset()] ^= 1;
            }
            ScriptedPeer.this.deliver(link, frameLength);
        }
    }
}
