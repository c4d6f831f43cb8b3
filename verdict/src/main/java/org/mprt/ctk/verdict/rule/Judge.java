package org.mprt.ctk.verdict.rule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.pcap.link.NetworkLayerKind;
import org.mprt.ctk.pcap.link.NetworkLayerLocator;
import org.mprt.ctk.verdict.ClockStepsBack;
import org.mprt.ctk.verdict.OverlongFractions;
import org.mprt.ctk.verdict.UnderstatedLengths;
import org.mprt.ctk.verdict.UntimedFrames;
import org.mprt.ctk.verdict.UnreadLinkTypes;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ip.NetworkKind;

/**
 * The single streaming pass: read each frame, find its network header, decode RoCEv2/MPRT, show it
 * to every rule, then let the connection state learn from it. Rules therefore see the state as the
 * frames before this one left it. Allocates nothing per frame itself; what rules and the state keep
 * is bounded by the protocol's windows.
 */
public final class Judge {

    /**
     * Frame counts of one pass, by what the frame turned out to be; every frame is in exactly one
     * count besides {@code frames}.
     */
    public static final class Counts {
        public long frames;
        /** Whole RoCEv2 packets (every byte captured). */
        public long rocev2;
        /** Whole MPRT packets. */
        public long mprt;
        /** RoCEv2 or MPRT packets the capture cut short after their UDP destination port (snap length). */
        public long snapped;
        /** Frames the capture cut before the bytes that tell whether they are RoCEv2 at all. */
        public long unidentified;
        /** Frames broken as sent: to UDP port 4791, or with an IP header too broken to tell where they went. */
        public long malformed;
        public long other;
        /** RoCEv2 and MPRT packets the capture holds a second time, dropped when told so ({@code ScenarioFacts}). */
        public long duplicate;
        /** Frames, among the counts above, whose packet was found inside a mirror's or an overlay's encapsulation. */
        public long encapsulated;
        /** Frames stamped earlier than the frame before them ({@link ClockStepsBack}), the first, and the largest step. */
        public long stepsBack;
        public long firstStepBackFrame;
        public long largestStepBackNs;
        private long previousNs = Long.MIN_VALUE;
        /** Frames whose record holds no capture time ({@link UntimedFrames}), and the first. */
        private long untimed;
        private long firstUntimed;
        /** Frames whose record's fraction of a second is a second or more ({@link OverlongFractions}), and the first. */
        private long overlong;
        private OverlongFractions firstOverlong = OverlongFractions.NONE;
        /** Frames whose record states an original length under its captured length ({@link UnderstatedLengths}), and the first. */
        private long understated;
        private UnderstatedLengths firstUnderstated = UnderstatedLengths.NONE;
        /** Frames of link types not unwrapped ({@link UnreadLinkTypes}), the first, and their LINKTYPE numbers. */
        private long unread;
        private long firstUnread;
        private final int[] unreadLinkTypes = new int[UnreadLinkTypes.MAX_LISTED];
        private int unreadLinkTypesListed;

        /** Notes a frame's timestamp, counting a step back from the frame stamped before it; or that it has none. */
        void stamped(final Frame frame) {
            if (!frame.isTimed()) {
                if (untimed++ == 0) {
                    firstUntimed = frame.frameNumber();
                }
                return;
            }
            final long frameNumber = frame.frameNumber();
            final long ns = frame.timestampNs();
            if (frame.overlongFractionNs() != 0 && overlong++ == 0) {
                firstOverlong = new OverlongFractions(1, frameNumber, frame.overlongFractionNs());
            }
            if (ns < previousNs) {
                if (stepsBack++ == 0) {
                    firstStepBackFrame = frameNumber;
                }
                largestStepBackNs = Math.max(largestStepBackNs, previousNs - ns);
            }
            previousNs = ns;
        }

        /** Notes a record that states an original length under its captured length. */
        void understated(final Frame frame) {
            if (understated++ == 0) {
                firstUnderstated = new UnderstatedLengths(1, frame.frameNumber(), frame.capturedLengthBytes(),
                    frame.statedOriginalLengthBytes());
            }
        }

        /** Notes a frame of a link type the kit does not unwrap. */
        void unread(final Frame frame) {
            if (unread++ == 0) {
                firstUnread = frame.frameNumber();
            }
            final int type = frame.linkTypeNumber();
            for (int i = 0; i < unreadLinkTypesListed; i++) {
                if (unreadLinkTypes[i] == type) {
                    return;
                }
            }
            if (unreadLinkTypesListed < unreadLinkTypes.length) {
                unreadLinkTypes[unreadLinkTypesListed++] = type;
            }
        }

        public UnreadLinkTypes unreadLinkTypes() {
            return unread == 0 ? UnreadLinkTypes.NONE : new UnreadLinkTypes(unread, firstUnread,
                Arrays.stream(unreadLinkTypes, 0, unreadLinkTypesListed).boxed().toList());
        }

        public UntimedFrames untimedFrames() {
            return untimed == 0 ? UntimedFrames.NONE : new UntimedFrames(untimed, firstUntimed);
        }

        public OverlongFractions overlongFractions() {
            final OverlongFractions first = firstOverlong;
            return overlong == 0 ? OverlongFractions.NONE
                : new OverlongFractions(overlong, first.firstFrame(), first.firstFractionNs());
        }

        public UnderstatedLengths understatedLengths() {
            final UnderstatedLengths first = firstUnderstated;
            return understated == 0 ? UnderstatedLengths.NONE
                : new UnderstatedLengths(understated, first.firstFrame(), first.firstCaptured(), first.firstStated());
        }

        public ClockStepsBack clockStepsBack() {
            return stepsBack == 0 ? ClockStepsBack.NONE : new ClockStepsBack(stepsBack, firstStepBackFrame, largestStepBackNs);
        }
    }

    private Judge() {
    }

    /** One pass with the capture point inferred and default timers. */
    public static Counts run(final CaptureReader reader, final List<Rule> rules) throws IOException {
        return run(reader, rules, new CaptureState(CapturePoint.inferred(), false, Timers.defaults()));
    }

    /** One pass; the state is consulted by the rules while they judge and when they give their verdicts. */
    public static Counts run(final CaptureReader reader, final List<Rule> rules, final CaptureState state)
        throws IOException {
        return run(reader, rules, state, List.of());
    }

    /** One pass that also shows every frame, after the rules, to {@code observers} (report data). */
    public static Counts run(final CaptureReader reader, final List<Rule> rules, final CaptureState state,
                             final List<PassObserver> observers) throws IOException {
        final Counts counts = new Counts();
        final Observation o = new Observation(state, reader);
        final RuleSequence[] byKind = byKind(rules);
        final PassObserver[] watchers = observers.toArray(new PassObserver[0]);
        final RepeatedPackets repeats = state.facts().dropsDuplicates()
            ? new RepeatedPackets(state.facts().duplicateWindowNs()) : null;
        try {
            while (reader.next(o.frame())) {
                counts.frames++;
                counts.stamped(o.frame());
                if (o.frame().isOriginalLengthUnderstated()) {
                    counts.understated(o.frame());
                }
                o.status(decode(o));
                if (o.frame().linkType() == LinkType.UNKNOWN) {
                    counts.unread(o.frame());
                }
                if (o.network().encapsulations() > 0) {
                    counts.encapsulated++;
                }
                if (repeats != null && o.isTransport() && isRepeat(repeats, o, reader)) {
                    counts.duplicate++;
                    continue;
                }
                count(o, counts);
                o.tracked(state.admit(o.frame(), o.status(), o.packet()));
                final FrameKind kind = FrameKind.of(o);
                o.settle(kind);
                byKind[kind.ordinal()].observe(o);
                for (final PassObserver w : watchers) {
                    w.observe(o);
                }
                state.apply(o.frame(), o.status(), o.packet(), o.network());
            }
        } catch (final UncheckedIOException e) {
            // A rule read earlier bytes again (Observation.earlierBytes) and the file failed it: the
            // capture's error, as the reader reports it, not the rule's.
            throw e.getCause();
        }
        state.finish(counts.untimed > 0);
        return counts;
    }

    /**
     * True when the packet repeats one captured within the window; a frame that records no time cannot
     * tell, and the capture is refused (a method of its own, which keeps the pass's loop small).
     */
    private static boolean isRepeat(final RepeatedPackets repeats, final Observation o, final CaptureReader reader)
        throws CaptureFormatException {
        if (!o.frame().isTimed()) {
            throw new CaptureFormatException(reader.file(), o.frameNumber(), o.frame().recordOffsetBytes(),
                "a simple packet block, which records no capture time, where the judge was told to drop a packet's"
                    + " second copy within " + repeats.windowNs() + " ns of the first, which needs the time of each"
                    + " (expected an enhanced packet block, or judge without dropping duplicates)");
        }
        return repeats.isRepeat(o.packet(), o.timestampNs());
    }

    /** For each frame kind, the rules that look at it, in the order given. */
    private static RuleSequence[] byKind(final List<Rule> rules) {
        final RuleSequence[] byKind = new RuleSequence[FrameKind.values().length];
        for (final FrameKind kind : FrameKind.values()) {
            byKind[kind.ordinal()] = RuleSequences.of(kind,
                rules.stream().filter(r -> (r.kinds() & kind.bit()) != 0).toArray(Rule[]::new));
        }
        return byKind;
    }

    private static void count(final Observation o, final Counts counts) {
        final DecodeStatus status = o.status();
        if (status == DecodeStatus.SNAPPED
            || status == DecodeStatus.MALFORMED && o.packet().error().isCutByCapture()) {
            counts.snapped++;
        } else if (o.isMprt()) {
            counts.mprt++;
        } else if (o.isRocev2()) {
            counts.rocev2++;
        } else if (status == DecodeStatus.UNIDENTIFIED) {
            counts.unidentified++;
        } else if (status == DecodeStatus.MALFORMED) {
            counts.malformed++;
        } else {
            counts.other++;
        }
    }

    private static DecodeStatus decode(final Observation o) {
        return decode(o.frame(), o.network(), o.packet());
    }

    /**
     * Finds a frame's network layer and decodes RoCEv2 or MPRT from it: null for a frame that is not IP,
     * UNIDENTIFIED when the capture cut its link header. A packet a mirror may have cut inside its
     * encapsulation is decoded against the length its IP header claims, so that the cut reads as the
     * capture's (SNAPPED), not as the packet's own fault.
     */
    public static DecodeStatus decode(final Frame frame, final NetworkLayer network, final DecodedPacket packet) {
        if (!NetworkLayerLocator.locate(frame, network)) {
            // A link header the capture cut short hides whether the frame was IP at all.
            return frame.isTruncated() && network.kind() == NetworkLayerKind.TRUNCATED ? DecodeStatus.UNIDENTIFIED : null;
        }
        if (!network.isIp()) {
            return null;
        }
        return PacketDecoder.decode(frame.buffer(), frame.dataOffset(), frame.dataOffset() + network.offsetBytes(),
            network.kind() == NetworkLayerKind.IPV4 ? NetworkKind.IPV4 : NetworkKind.IPV6, frame.capturedLengthBytes(),
            Math.max(frame.originalLengthBytes(), network.mirroredFrameLengthBytes()), packet);
    }
}
