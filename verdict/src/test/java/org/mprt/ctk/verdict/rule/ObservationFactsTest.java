package org.mprt.ctk.verdict.rule;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.verdict.Verdict;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.DirectionKey;
import org.mprt.ctk.verdict.state.MprtDirection;
import org.mprt.ctk.verdict.state.MprtOpcodes;
import org.mprt.ctk.verdict.state.PathRecord;
import org.mprt.ctk.verdict.state.Segment;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.junit.jupiter.api.Test;

/**
 * The facts an observation carries for the rules (kind, directions, path, PSN, the segment a data
 * packet sends again) are what the state answers for the frame, looked up here afresh by the
 * packet's own (DestQP, SCN) pair, on every frame of the behaviour captures.
 */
class ObservationFactsTest {

    private static final Path BEHAVIOUR = Path.of("..", "captures", "behaviour");

    /** Compares every frame's facts with a fresh lookup and counts the frames where each fact was there. */
    private static final class FactsChecker extends Rule {
        long paths;
        long answeredPaths;
        long segments;
        long mprtFrames;

        @Override
        public String requirementId() {
            return "TEST";
        }

        @Override
        public void observe(final Observation o) {
            assertThat(o.kind()).isEqualTo(FrameKind.of(o));
            if (o.kind() == FrameKind.OTHER) {
                assertThat(o.mprtDirection()).isNull();
                assertThat(o.mprtPath()).isNull();
                return;
            }
            assertThat(o.psn()).isEqualTo(o.packet().bth().psn());
            if (o.kind() == FrameKind.ROCEV2 || o.kind() == FrameKind.MPRT_OTHER) {
                assertThat(o.mprtDirection()).isNull();
                assertThat(o.mprtAnswered()).isNull();
                assertThat(o.segmentSentBefore()).isNull();
                return;
            }
            mprtFrames++;
            final int destQp = o.packet().bth().destQp();
            final int scn = CaptureState.scnOf(o.packet());
            final MprtDirection sent = o.state().mprtDirection(new DirectionKey(destQp, scn));
            final MprtDirection answered = o.state().mprtDirection(new DirectionKey(scn, destQp));
            assertThat(o.mprtDirection()).isSameAs(sent);
            assertThat(o.mprtAnswered()).isSameAs(answered);
            final boolean fromSender = o.kind() == FrameKind.MPRT_DATA || o.kind() == FrameKind.MPRT_PROBE;
            final MprtDirection named = fromSender ? sent : answered;
            final PathRecord path = named == null ? null : named.path(MprtOpcodes.pathId(o.packet()));
            assertThat(o.mprtPath()).isSameAs(path);
            if (path != null) {
                if (fromSender) {
                    paths++;
                } else {
                    answeredPaths++;
                }
            }
            if (o.kind() == FrameKind.MPRT_DATA) {
                final MdethFlyweight m = o.packet().extensions().mdeth();
                final Segment before = sent == null ? null : sent.segment(m.streamId(), m.msn(), m.messageOffset());
                assertThat(o.segmentSentBefore()).isSameAs(before);
                if (before != null) {
                    segments++;
                }
            } else {
                assertThat(o.segmentSentBefore()).isNull();
            }
        }

        @Override
        public Verdict verdict() {
            return null;
        }
    }

    @Test
    void shouldCarryWhatTheStateAnswersForEveryFrame() throws IOException {
        final FactsChecker checker = new FactsChecker();
        try (Stream<Path> files = Files.list(BEHAVIOUR)) {
            for (final Path capture : files.filter(f -> f.toString().endsWith(".pcap")).sorted().toList()) {
                try (CaptureReader reader = CaptureReader.open(capture)) {
                    Judge.run(reader, List.of(checker),
                        new CaptureState(CapturePoint.inferred(), false, Timers.defaults()));
                }
            }
        }
        // Each fact was present on many frames, so the comparisons above compared something.
        assertThat(checker.mprtFrames).isGreaterThan(1000);
        assertThat(checker.paths).isGreaterThan(1000);
        assertThat(checker.answeredPaths).isGreaterThan(100);
        assertThat(checker.segments).isGreaterThan(10);
    }
}
