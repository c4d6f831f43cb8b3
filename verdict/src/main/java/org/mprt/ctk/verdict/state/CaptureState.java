package org.mprt.ctk.verdict.state;

import java.util.Collection;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.wire.Profile;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * The connections of a capture rebuilt in one streaming pass (ARCHITECTURE.md, "Where the state
 * lives"): per MPRT connection direction its paths (PSNs sent with their first and latest
 * transmission, what each ACK acknowledged, the cack the sender can have learnt, the plane and
 * entropy in use), streams (messages, bytes carried, SEND RSNs, CMSNs reported) and segments; per
 * RoCEv2 QP direction its request PSNs and the acknowledgements bound to them; for every direction
 * the timing of its answers, where the capture stands ({@link CaptureSide}) and whether the capture
 * holds its beginning. Memory is bounded by the protocol's windows, never by the capture's length.
 *
 * <p>The judge shows each frame to the rules first and then to {@link #apply}, so that a rule sees
 * the state the earlier frames left. Only packets that belong to a connection count: a packet with
 * a bad ICRC is discarded by its receiver (mprt-v0.1.md section 13.1, step 1) and is ignored here.
 */
public final class CaptureState {

    /**
     * Connection directions followed at most, per profile (MPRT directions, RoCEv2 QP directions), so
     * that the state's memory does not grow with the connections a long capture holds.
     */
    public static final int MAX_DIRECTIONS = 1024;

    private final CapturePoint point;
    private final boolean fromConnectionStart;
    private final Timers timers;
    private final ScenarioFacts facts;
    private final Planes planes = new Planes();
    private final MprtTracker mprt;
    private final RoceTracker roce;
    private long firstNs = Long.MIN_VALUE;
    private long lastNs = Long.MIN_VALUE;
    private boolean tracked;
    private boolean finished;
    /** Frames the capture cut short before their transport headers ended (or before their UDP port). */
    private long cutFrames;
    /** The packet of the frame being judged, and its directions, looked up once for every rule. */
    private DecodedPacket current;
    private boolean currentLooked;
    private MprtDirection currentOf;
    private MprtDirection currentAnswered;
    private Plane currentPlane;
    private boolean currentSegmentLooked;
    private Segment currentSegment;
    /**
     * For a followed RoCEv2 request, its direction; for an acknowledgement, the requests it answers:
     * looked up once for every rule ({@link #roceRequests}, {@link #roceAnswered}).
     */
    private boolean currentRoceLooked;
    private QueuePairDirection currentRoce;
    /** For an acknowledgement that could not be bound, the QPs it might answer ({@link RoceTracker#lastAmbiguity}). */
    private int currentRoceAmbiguity;

    /**
     * @param point               where the capture was taken, stated or to be inferred
     * @param fromConnectionStart true when the capture is known to hold every connection from its first packet
     * @param timers              the timers and tolerance to judge with
     */
    public CaptureState(final CapturePoint point, final boolean fromConnectionStart, final Timers timers) {
        this(point, fromConnectionStart, timers, ScenarioFacts.none());
    }

    /**
     * @param facts what the scenario tells of the network that the frames cannot show
     */
    public CaptureState(final CapturePoint point, final boolean fromConnectionStart, final Timers timers,
                        final ScenarioFacts facts) {
        this.point = point;
        this.fromConnectionStart = fromConnectionStart;
        this.timers = timers;
        this.facts = facts;
        this.mprt = new MprtTracker(timers.lossReorderThreshold(), planes);
        this.roce = new RoceTracker(fromConnectionStart);
    }

    /** The address pair a packet travels, source first; looked up once for the frame being judged. */
    public Plane planeOf(final DecodedPacket p) {
        if (p != current) {
            return planes.of(p, false);
        }
        if (currentPlane == null) {
            currentPlane = planes.of(p, false);
        }
        return currentPlane;
    }

    /** The address pairs of the capture's packets, each shared by every packet that travels it. */
    public Planes planes() {
        return planes;
    }

    /** What the scenario told the judge of the network (slower paths, port line rate). */
    public ScenarioFacts facts() {
        return facts;
    }

    /**
     * Frames of connection directions beyond the state's cap (1024 MPRT connection directions, 1024
     * RoCEv2 QP directions): the header rules judged them, the behavioural rules did not see them.
     */
    public long untrackedFrames() {
        return mprt.untrackedFrames() + roce.untrackedFrames();
    }

    /**
     * True once a fatal NAK on this direction's connection, either way, has been captured before
     * {@code atNs} (mprt-v0.1.md section 5.3): the connection is in ERROR from then on.
     */
    public boolean isInError(final MprtDirection d, final long atNs) {
        return errorSinceNs(d) != PathRecord.NEVER && errorSinceNs(d) <= atNs;
    }

    /** The capture time of the first fatal NAK on this direction's connection, either way, or {@link PathRecord#NEVER}. */
    public long errorSinceNs(final MprtDirection d) {
        final MprtDirection reverse = d.reverse();
        final long mine = d.fatalNakNs();
        final long theirs = reverse == null ? PathRecord.NEVER : reverse.fatalNakNs();
        if (mine == PathRecord.NEVER) {
            return theirs;
        }
        return theirs == PathRecord.NEVER ? mine : Math.min(mine, theirs);
    }

    public Timers timers() {
        return timers;
    }

    public CapturePoint capturePoint() {
        return point;
    }

    /** True when the capture is declared to hold every connection from its first packet. */
    public boolean isFromConnectionStart() {
        return fromConnectionStart;
    }

    /**
     * Frames so far that the capture cut short (a snap length) before their transport headers ended,
     * or before their UDP port: an ACK among them said something no rule could read. A rule whose
     * verdict rests on having seen every answer (an ACK that never came, a sum of ECN echoes, the cack
     * a sender learnt) does not hold their absence against the device ({@code BehaviourRule.unlessCut}).
     */
    public long cutFrames() {
        return cutFrames;
    }

    /** The capture time of the latest frame read (after the pass: of the last frame), or Long.MIN_VALUE before it. */
    public long lastFrameNs() {
        return lastNs;
    }

    /** The capture time of the first frame, or Long.MIN_VALUE before it. */
    public long firstFrameNs() {
        return firstNs;
    }

    /**
     * Before the rules judge a frame: makes sure the direction and path its packet names exist, so
     * that rules can keep their evidence with them. Nothing of the frame is learnt yet. False when
     * the packet belongs to a connection direction past the state's cap, which is not followed.
     */
    public boolean admit(final Frame frame, final DecodeStatus status, final DecodedPacket p) {
        if (firstNs == Long.MIN_VALUE) {
            firstNs = frame.timestampNs();
        }
        lastNs = frame.timestampNs();
        tracked = true;
        current = p;
        currentLooked = false;
        currentPlane = null;
        currentSegmentLooked = false;
        currentRoceLooked = false;
        if (status == DecodeStatus.UNIDENTIFIED || status == DecodeStatus.MALFORMED && p.error().isCutByCapture()) {
            cutFrames++;
        }
        if (!belongsToConnection(status, p)) {
            return true;
        }
        tracked = p.profile() == Profile.MPRT ? mprt.admit(frame.frameNumber(), p) : roce.admit(frame.frameNumber(), p);
        if (tracked && p.profile() == Profile.MPRT) {
            lookNow(p);
        } else if (tracked && RoceOpcodes.isRequest(p.opcode())) {
            currentRoce = roce.requests(p);
            currentRoceLooked = true;
        } else if (tracked && RoceOpcodes.isAcknowledge(p.opcode())) {
            // Once per acknowledgement: binding it to its requests may walk every QP of its address pair.
            currentRoce = roce.answered(p);
            currentRoceAmbiguity = roce.lastAmbiguity();
            currentRoceLooked = true;
        }
        return tracked;
    }

    /**
     * Looks up, before any rule asks, what the rules ask of a followed MPRT packet: its plane, its
     * directions and (for data) the segment it sends again. The accessors then only hand the answers
     * out. Why not at the first asking: the JIT compiler profiles a method's branches once for all
     * callers, and a branch taken once per frame by the first asker is compiled into every rule that
     * asks (as the decoder's views were, `verdict/README.md`).
     */
    private void lookNow(final DecodedPacket p) {
        currentPlane = planes.of(p, false);
        lookDirections();
        if (MprtOpcodes.isData(p)) {
            currentSegment = segmentOf(currentOf, p);
            currentSegmentLooked = true;
        }
    }

    private static boolean belongsToConnection(final DecodeStatus status, final DecodedPacket p) {
        return (status == DecodeStatus.OK || status == DecodeStatus.SNAPPED) && p.profile() != null && p.opcode() != null;
    }

    /** After the rules have judged a frame: learns from it. */
    /**
     * After the rules have judged a frame: learns from it, and from its link layer what tells where
     * the capture stands: which way the capturing host saw the frame (cooked headers, pcapng
     * epb_flags) and whether it crossed the host's loopback device.
     */
    public void apply(final Frame frame, final DecodeStatus status, final DecodedPacket p, final NetworkLayer network) {
        if (!belongsToConnection(status, p) || !tracked) {
            current = null;
            return;
        }
        if (network.direction() != LinkDirection.NOT_STATED || network.isOnLoopbackDevice()) {
            linkMarked(p, network);
        }
        if (p.profile() == Profile.MPRT) {
            final Plane plane = planeOf(p);
            final Segment sentBefore = MprtOpcodes.isData(p) ? segmentSentBefore(p) : null;
            current = null;
            mprt.apply(frame, p, status, plane, sentBefore);
        } else {
            // The request's direction or the acknowledgement's requests, as looked up for the rules.
            final QueuePairDirection d = currentRoceLooked ? currentRoce : null;
            current = null;
            roce.apply(frame.frameNumber(), frame.timestampNs(), p, d);
        }
    }

    /**
     * For {@link SideInference}: counts a data packet (MPRT) or request (RoCEv2) by the way the capture
     * says its host saw it; and a packet on the host's loopback device, data or answer, puts both
     * directions of its connection on that host.
     */
    private void linkMarked(final DecodedPacket p, final NetworkLayer network) {
        if (p.profile() != Profile.MPRT) {
            if (RoceOpcodes.isRequest(p.opcode())) {
                linkMarked(roce.requests(p), true, network);
            }
        } else if (lookCurrent()) {
            linkMarked(currentOf, MprtOpcodes.isData(p), network);
            linkMarked(currentAnswered, false, network);
        }
    }

    private static void linkMarked(final Direction d, final boolean data, final NetworkLayer network) {
        if (d == null) {
            return;
        }
        if (data && network.direction() != LinkDirection.NOT_STATED) {
            d.linkMarked(network.direction());
        }
        if (network.isOnLoopbackDevice()) {
            d.crossedLoopbackDevice();
        }
    }

    /**
     * Settles, after the last frame, where the capture stands for each direction and which it holds from
     * the start; {@code untimed} when some frame recorded no capture time, so that answers cannot be timed.
     */
    public void finish(final boolean untimed) {
        if (finished) {
            return;
        }
        finished = true;
        if (!fromConnectionStart) {
            mprt.judgeStarts();
            roce.judgeStarts();
        }
        roce.linkReverses();
        final SideInference sides = new SideInference(point, timers, untimed);
        for (final MprtDirection d : mprt.all()) {
            sides.place(d, d.reverse());
        }
        for (final QueuePairDirection d : roce.all()) {
            sides.place(d, d.reverse());
        }
    }

    // ---- MPRT lookups ------------------------------------------------------------------------

    /** The direction a data packet or PROBE belongs to (admitted, so never null for an accountable packet). */
    public MprtDirection mprtDirectionOf(final DecodedPacket p) {
        if (p == current && lookCurrent()) {
            return currentOf;
        }
        return mprt.get(p.bth().destQp(), MprtTracker.scn(p));
    }

    /**
     * The segment an MPRT data packet sends again: the piece of a message sent before with the same
     * stream, MSN and offset ({@link MprtDirection#segment}), or null for a first transmission. Looked
     * up once for the frame being judged, for the rules and then for learning from it.
     */
    public Segment segmentSentBefore(final DecodedPacket p) {
        if (p == current && currentSegmentLooked) {
            return currentSegment;
        }
        final Segment s = segmentOf(mprtDirectionOf(p), p);
        if (p == current) {
            currentSegment = s;
            currentSegmentLooked = true;
        }
        return s;
    }

    private static Segment segmentOf(final MprtDirection d, final DecodedPacket p) {
        final MdethFlyweight m = p.extensions().mdeth();
        return d == null ? null : d.segment(m.streamId(), m.msn(), m.messageOffset());
    }

    /** The direction an ACK, NAK or PROBE_REPLY answers (its pair reversed); admitted like the others. */
    public MprtDirection mprtAnswered(final DecodedPacket p) {
        if (p == current && lookCurrent()) {
            return currentAnswered;
        }
        return mprt.get(MprtTracker.scn(p), p.bth().destQp());
    }

    /**
     * Looks the frame's directions up once, for all the rules that ask while the judge shows them
     * the frame (the state learns from it only afterwards, so the answers do not change meanwhile).
     */
    private boolean lookCurrent() {
        return currentLooked || lookDirections();
    }

    private boolean lookDirections() {
        if (current.profile() != Profile.MPRT || current.opcode() == null || !tracked) {
            return false;
        }
        final int destQp = current.bth().destQp();
        final int scn = MprtTracker.scn(current);
        currentOf = mprt.get(destQp, scn);
        currentAnswered = mprt.get(scn, destQp);
        currentLooked = true;
        return true;
    }

    public MprtDirection mprtDirection(final DirectionKey key) {
        return mprt.get(key);
    }

    /** The SCN of an MPRT packet, from whichever extension header its opcode has. */
    public static int scnOf(final DecodedPacket p) {
        return MprtTracker.scn(p);
    }

    public Collection<MprtDirection> mprtDirections() {
        return mprt.all();
    }

    // ---- RoCEv2 lookups ----------------------------------------------------------------------

    /** The direction a request packet belongs to (admitted, so never null for an accountable request). */
    public QueuePairDirection roceRequests(final DecodedPacket request) {
        if (request == current && currentRoceLooked && RoceOpcodes.isRequest(request.opcode())) {
            return currentRoce;
        }
        return roce.requests(request);
    }

    /** The requests an acknowledgement answers, or null when the capture cannot tell; looked up once for the frame being judged. */
    public QueuePairDirection roceAnswered(final DecodedPacket acknowledgement) {
        if (acknowledgement == current && currentRoceLooked && RoceOpcodes.isAcknowledge(acknowledgement.opcode())) {
            return currentRoce;
        }
        return roce.answered(acknowledgement);
    }

    /**
     * True for the acknowledgement being judged when several QPs of its address pair hold the PSN it
     * acknowledges, so that the capture cannot tell whose requests it answers ({@link #roceUnboundReason}).
     */
    public boolean isRoceAnswerAmbiguous(final DecodedPacket acknowledgement) {
        return acknowledgement == current && currentRoceLooked && currentRoce == null && currentRoceAmbiguity > 0;
    }

    /** Why the acknowledgement being judged cannot be bound, as a sentence; only for one {@link #isRoceAnswerAmbiguous}. */
    public String roceUnboundReason(final DecodedPacket acknowledgement) {
        final Plane plane = Plane.of(acknowledgement);
        return "the acknowledgement to QP 0x" + Integer.toHexString(acknowledgement.bth().destQp()) + " at "
            + plane.destination() + " cannot be bound to the requests it answers: " + currentRoceAmbiguity + " QPs from "
            + plane.destination() + " to " + plane.source() + " have requests no acknowledgement is bound to, and"
            + " several hold its PSN " + acknowledgement.bth().psn() + " (their PSNs run alike)";
    }

    public Collection<QueuePairDirection> roceDirections() {
        return roce.all();
    }
}
