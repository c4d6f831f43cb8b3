package org.mprt.ctk.verdict.rule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * One frame of the capture as the rules see it: where it is in the file, what its link layer
 * holds, (for UDP port 4791) the decoded packet, and the connection state rebuilt from the frames
 * before it. One instance is refilled for every frame, so a rule copies what it keeps.
 *
 * <p>What the rules ask of an MPRT packet (its kind, its connection direction, the path record it
 * names, its PSN, the segment a data packet sends again) is looked up once per frame, before the
 * rules see it: fifty rules asking the state for the same answers cost more than the answers.
 */
public final class Observation {

    private static final int IPV6_HEADER_LENGTH = 40;
    private static final int UDP_HEADER_LENGTH = 8;
    /** The opcode range MPRT takes, defined or reserved (mprt-v0.1.md section 3.3). */
    private static final int MPRT_OPCODE_FIRST = 0xC0;
    private static final int MPRT_OPCODE_LAST = 0xDF;

    private final Frame frame = new Frame();
    private final NetworkLayer network = new NetworkLayer();
    private final DecodedPacket packet = new DecodedPacket();
    private final CaptureState state;
    private final CaptureReader reader;
    private ByteBuffer earlier = ByteBuffer.allocate(0);
    private DecodeStatus status;
    private boolean tracked = true;
    private FrameKind kind = FrameKind.OTHER;
    private MprtDirection mprtDirection;
    private MprtDirection mprtAnswered;
    private PathRecord mprtPath;
    private Segment segmentSentBefore;
    private int psn;

    Observation(final CaptureState state, final CaptureReader reader) {
        this.state = state;
        this.reader = reader;
    }

    /**
     * The capture file's bytes {@code [position, position + length)}, read again from the file: an
     * earlier frame's, which the reader no longer holds ({@link Frame#positionOf(int)}). One buffer,
     * reused: valid until the next call.
     */
    public ByteBuffer earlierBytes(final long position, final int length) {
        if (earlier.capacity() < length) {
            earlier = ByteBuffer.allocate(length);
        }
        earlier.clear().limit(length);
        try {
            reader.read(position, earlier);
        } catch (final IOException e) {
            throw new UncheckedIOException(reader.file() + ": reading " + length + " bytes again at byte offset "
                + position, e);
        }
        return earlier.flip();
    }

    /**
     * What the frames before this one showed of each connection, path and stream; this frame is
     * added to it only after every rule has seen it.
     */
    public CaptureState state() {
        return state;
    }

    /** The capture record: number, timestamp, lengths, bytes. */
    public Frame frame() {
        return frame;
    }

    public long frameNumber() {
        return frame.frameNumber();
    }

    public long timestampNs() {
        return frame.timestampNs();
    }

    /** Where the link layer put the network header, and the EtherType and VLAN tags it saw. */
    public NetworkLayer network() {
        return network;
    }

    /** The decoded RoCEv2 or MPRT packet; meaningful only when {@link #isTransport()} holds. */
    public DecodedPacket packet() {
        return packet;
    }

    /** The decoder's status, or null when the frame was not IP. */
    public DecodeStatus status() {
        return status;
    }

    /**
     * True for a packet whose headers are all readable (OK, an ICRC mismatch, or SNAPPED: cut by the
     * capture in its payload), so that rules about fields can judge it.
     */
    public boolean isTransport() {
        return status == DecodeStatus.OK || status == DecodeStatus.ICRC_MISMATCH || status == DecodeStatus.SNAPPED;
    }

    /**
     * True for a packet whose ICRC was computed and does not match, whether its headers were all
     * readable (ICRC_MISMATCH) or decoding stopped at one of them (MALFORMED): its bytes may not be
     * the ones its sender sent (mprt-v0.1.md section 16.3).
     */
    public boolean isIcrcWrong() {
        return (status == DecodeStatus.ICRC_MISMATCH || status == DecodeStatus.MALFORMED) && packet.isIcrcChecked()
            && !packet.icrcMatches();
    }

    /**
     * True for a packet whose every byte the capture kept (not SNAPPED): only then can a rule judge
     * its payload, pad bytes, ICRC or non-zero UDP checksum.
     */
    public boolean isWholePacket() {
        return isTransport() && status != DecodeStatus.SNAPPED;
    }

    /**
     * True for a packet that belongs to a connection (mprt-v0.1.md section 16.3): its headers are
     * readable and its ICRC is not known to be wrong. A packet with a bad ICRC is discarded by its
     * receiver (section 13.1, step 1), so the behavioural rules ignore it.
     */
    public boolean isAccountable() {
        return tracked && (status == DecodeStatus.OK || status == DecodeStatus.SNAPPED);
    }

    /**
     * False for a packet of a connection direction beyond the state's cap ({@link CaptureState#untrackedFrames()}):
     * the header rules judge it, the behavioural rules do not.
     */
    public boolean isTracked() {
        return tracked;
    }

    public boolean isMprt() {
        return isTransport() && packet.profile() == Profile.MPRT;
    }

    public boolean isRocev2() {
        return isTransport() && packet.profile() == Profile.ROCEV2;
    }

    /**
     * A frame the capture cut short (captured length under the length on the wire, a snap length):
     * its missing bytes are the capture's doing, not the sender's, so no rule holds them against it.
     */
    public boolean isSnapped() {
        // Decoded against a mirror's cut too (NetworkLayer.mirroredFrameLengthBytes); a frame not decoded has only its own.
        return frame.isTruncated() || status != null && packet.isSnapped();
    }

    /**
     * True when decoding stopped because of this field (a structural error such as a length that
     * disagrees, TVer not 0, a reserved opcode) in bytes the capture kept: a header the snap length
     * cut off is nobody's fault.
     */
    public boolean isMalformedAt(final FieldSpec field) {
        return status == DecodeStatus.MALFORMED && !packet.error().isCutByCapture() && packet.error().field() == field;
    }

    /**
     * The profile a packet belongs to, also when decoding stopped before its opcode was checked:
     * from the opcode byte after the UDP header, MPRT for 0xC0-0xDF, RoCEv2 otherwise; null when
     * that byte is not in the frame.
     */
    public Profile profileHint() {
        if (packet.profile() != null) {
            return packet.profile();
        }
        if (status == null || status == DecodeStatus.NOT_ROCE || status == DecodeStatus.UNIDENTIFIED
            || packet.networkKind() == null) {
            return null;
        }
        // An IPv6 header with extension headers before UDP counts them in its network header.
        final int ipHeader = packet.networkKind() == NetworkKind.IPV4 || packet.networkHeaderLength() > 0
            ? packet.networkHeaderLength() : IPV6_HEADER_LENGTH;
        final int opcodeIndex = packet.networkOffset() + ipHeader + UDP_HEADER_LENGTH;
        if (ipHeader == 0 || opcodeIndex >= frame.dataOffset() + frame.capturedLengthBytes()) {
            return null;
        }
        final int opcode = packet.buffer().get(opcodeIndex) & 0xFF;
        return opcode >= MPRT_OPCODE_FIRST && opcode <= MPRT_OPCODE_LAST ? Profile.MPRT : Profile.ROCEV2;
    }

    /** What the frame is, as the judge dispatches it. */
    public FrameKind kind() {
        return kind;
    }

    /** An MPRT_WRITE or MPRT_SEND whose headers are readable: {@code kind() == MPRT_DATA}. */
    public boolean isMprtData() {
        return kind == FrameKind.MPRT_DATA;
    }

    public boolean isMprtAck() {
        return kind == FrameKind.MPRT_ACK;
    }

    public boolean isMprtNak() {
        return kind == FrameKind.MPRT_NAK;
    }

    /**
     * The direction an MPRT data packet or PROBE belongs to, as {@link CaptureState#mprtDirectionOf}
     * answers for this frame's packet; null for a frame that is not MPRT.
     */
    public MprtDirection mprtDirection() {
        return mprtDirection;
    }

    /**
     * The direction an MPRT ACK, NAK or PROBE_REPLY answers, as {@link CaptureState#mprtAnswered}
     * answers for this frame's packet; null for a frame that is not MPRT.
     */
    public MprtDirection mprtAnswered() {
        return mprtAnswered;
    }

    /**
     * The path record an MPRT packet names: for data and PROBEs in {@link #mprtDirection()}, for
     * ACKs, NAKs and PROBE_REPLYs in {@link #mprtAnswered()}; null when the direction has no record
     * of that path (a path_id past the state's paths, a direction not followed), or not MPRT.
     */
    public PathRecord mprtPath() {
        return mprtPath;
    }

    /**
     * For an MPRT data packet, the segment it sends again, as {@link CaptureState#segmentSentBefore}
     * answers: null for a first transmission, and for any other frame.
     */
    public Segment segmentSentBefore() {
        return segmentSentBefore;
    }

    /** The BTH PSN of a packet whose headers are readable ({@link #isTransport()}); 0 otherwise. */
    public int psn() {
        return psn;
    }

    /** Called by the judge once the state has admitted the frame, before any rule sees it. */
    void settle(final FrameKind frameKind) {
        kind = frameKind;
        psn = frameKind == FrameKind.OTHER ? 0 : packet.bth().psn();
        if (frameKind == FrameKind.OTHER || frameKind == FrameKind.ROCEV2 || frameKind == FrameKind.MPRT_OTHER) {
            mprtDirection = null;
            mprtAnswered = null;
            mprtPath = null;
            segmentSentBefore = null;
            return;
        }
        mprtDirection = state.mprtDirectionOf(packet);
        mprtAnswered = state.mprtAnswered(packet);
        final MprtDirection named = frameKind == FrameKind.MPRT_DATA || frameKind == FrameKind.MPRT_PROBE
            ? mprtDirection : mprtAnswered;
        mprtPath = named == null ? null : named.path(MprtOpcodes.pathId(packet));
        segmentSentBefore = frameKind == FrameKind.MPRT_DATA ? state.segmentSentBefore(packet) : null;
    }

    void status(final DecodeStatus status) {
        this.status = status;
    }

    void tracked(final boolean value) {
        this.tracked = value;
    }
}
