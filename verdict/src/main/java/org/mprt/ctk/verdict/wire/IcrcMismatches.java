package org.mprt.ctk.verdict.wire;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.mprt.ctk.verdict.rule.Evidence;
import org.mprt.ctk.verdict.state.CapturePoint.Address;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Direction;

/**
 * The packets whose ICRC does not match, by the address that sent them, until the capture is read
 * and it is known at whose ports it was taken (mprt-v0.1.md section 16.3). Such a packet was changed
 * on the way or sent so, and only a capture at its sender's ports tells which: there it is held
 * against its sender; elsewhere it is not judged. At most {@link #MAX_SENDERS} addresses are told
 * apart, and a packet from a further one is not judged, so that memory stays bounded.
 */
final class IcrcMismatches {

    static final int MAX_SENDERS = 1024;

    /** The mismatches sent from one address: counted, the first frames kept, the first told. */
    private static final class FromSender {
        final Address sender;
        long count;
        final long[] frames = new long[Evidence.MAX_FRAMES];
        int frameCount;
        String first;

        FromSender(final Address sender) {
            this.sender = sender;
        }
    }

    /** The mismatches held against their senders, and those not judged with the first reason. */
    record Held(long violations, List<Long> frames, String firstViolation, long notJudged, long reasonFrame,
                String reason) {
    }

    private final Map<Address, FromSender> bySender = new HashMap<>();
    private long beyondCap;
    private long beyondCapFrame;

    /**
     * A packet from {@code sender} whose ICRC does not match, at {@code frame}; {@code what} says so
     * ("icrc: expected ..., found ..."), and is made only for a sender's first.
     */
    void add(final Address sender, final long frame, final Supplier<String> what) {
        FromSender s = bySender.get(sender);
        if (s == null) {
            if (bySender.size() >= MAX_SENDERS) {
                if (beyondCap++ == 0) {
                    beyondCapFrame = frame;
                }
                return;
            }
            s = new FromSender(sender);
            bySender.put(sender, s);
        }
        if (s.count++ == 0) {
            s.first = "frame " + frame + ": " + what.get();
        }
        if (s.frameCount < s.frames.length) {
            s.frames[s.frameCount++] = frame;
        }
    }

    /** Each mismatch held against its sender where the capture stood at the sender's ports, once the capture is read. */
    Held held(final CaptureState state) {
        final Collection<Direction> directions = directions(state);
        final Set<Address> atCapture = nodeAddressesAtCapture(state, directions);
        long violations = 0;
        final TreeSet<Long> frames = new TreeSet<>();
        FromSender firstHeld = null;
        long notJudged = beyondCap;
        FromSender firstNotJudged = null;
        for (final FromSender s : bySender.values()) {
            if (atCapture.contains(s.sender)) {
                violations += s.count;
                for (int i = 0; i < s.frameCount; i++) {
                    frames.add(s.frames[i]);
                }
                firstHeld = earlier(firstHeld, s);
            } else {
                notJudged += s.count;
                firstNotJudged = earlier(firstNotJudged, s);
            }
        }
        final List<Long> kept = new ArrayList<>(frames).subList(0, Math.min(frames.size(), Evidence.MAX_FRAMES));
        if (firstNotJudged == null || beyondCap > 0 && beyondCapFrame < firstNotJudged.frames[0]) {
            return new Held(violations, List.copyOf(kept), firstHeld == null ? null : firstHeld.first, notJudged,
                beyondCapFrame, "frame " + beyondCapFrame + ": its ICRC does not match, and it comes from one of more than "
                + MAX_SENDERS + " addresses, past those the kit tells apart");
        }
        return new Held(violations, List.copyOf(kept), firstHeld == null ? null : firstHeld.first, notJudged,
            firstNotJudged.frames[0], firstNotJudged.first + ", and the capture is not at the ports of its sender, "
            + firstNotJudged.sender + " (" + whereFor(firstNotJudged.sender, directions) + "): a packet changed on the"
            + " way cannot be told from one sent so");
    }

    private static FromSender earlier(final FromSender a, final FromSender b) {
        return a == null || b.frames[0] < a.frames[0] ? b : a;
    }

    private static Collection<Direction> directions(final CaptureState state) {
        final List<Direction> all = new ArrayList<>(state.mprtDirections());
        all.addAll(state.roceDirections());
        return all;
    }

    /** The addresses of the nodes at whose ports the capture stands: stated, or inferred from each direction's side. */
    private static Set<Address> nodeAddressesAtCapture(final CaptureState state, final Collection<Direction> directions) {
        final Set<Address> at = new HashSet<>(state.capturePoint().addresses());
        for (final Direction d : directions) {
            switch (d.side()) {
                case SENDER -> at.addAll(d.sources());
                case RECEIVER -> at.addAll(d.destinations());
                case BOTH_ENDS -> {
                    at.addAll(d.sources());
                    at.addAll(d.destinations());
                }
                default -> {
                }
            }
        }
        return at;
    }

    /** Where the capture stands for a connection of {@code sender}, and why, as the reports say it. */
    private static String whereFor(final Address sender, final Collection<Direction> directions) {
        for (final Direction d : directions) {
            if (d.sources().contains(sender) || d.destinations().contains(sender)) {
                return "for " + d.label() + " it is at " + d.side().description() + ": " + d.sideReason();
            }
        }
        return "the capture holds no connection of it whose capture point it can tell";
    }
}
