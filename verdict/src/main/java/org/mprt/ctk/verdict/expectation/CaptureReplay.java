package org.mprt.ctk.verdict.expectation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.Judgement;

/**
 * Judges a capture of {@code captures/} and compares the judgement with its expectation file. The
 * same code serves {@code ctk run} and the replay test, so that both mean the same by "as expected".
 * What the expectation file says of the capture point, the capture's start and the PICS is told to the judge.
 */
public final class CaptureReplay {

    /**
     * One replayed capture.
     *
     * @param judgement  the judgement, or null when the capture could not be read
     * @param inputError the reader's message when the capture could not be read, else null
     * @param mismatches the differences from the expectation; empty when it is met
     */
    public record Result(Path capture, CaptureExpectation expectation, Judgement judgement, String inputError,
                         List<String> mismatches) {

        public boolean asExpected() {
            return mismatches.isEmpty();
        }
    }

    private final CaptureJudge judge;

    public CaptureReplay(final CaptureJudge judge) {
        this.judge = judge;
    }

    /** Every capture under a folder that has an expectation file beside it, in path order. */
    public static List<Path> capturesIn(final Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> {
                final String n = p.getFileName().toString();
                return (n.endsWith(".pcap") || n.endsWith(".pcapng") || n.endsWith(".erf"))
                    && Files.exists(CaptureExpectation.fileFor(p));
            }).sorted().toList();
        }
    }

    public Result replay(final Path capture) throws IOException {
        final CaptureExpectation expectation = CaptureExpectation.read(CaptureExpectation.fileFor(capture));
        try {
            final Judgement j = judgeFor(expectation).judge(capture);
            return new Result(capture, expectation, j, null, expectation.mismatches(j));
        } catch (final CaptureFormatException e) {
            return new Result(capture, expectation, null, e.getMessage(),
                expectation.mismatches(e.frameNumber(), e.byteOffset(), e.getMessage()));
        }
    }

    /** The judge told what the expectation says of its capture: its PICS, capture point and scenario facts. */
    public CaptureJudge judgeFor(final CaptureExpectation expectation) throws IOException {
        final CaptureJudge base = expectation.pics().isEmpty() ? judge
            : CaptureJudge.declaring(Pics.load(expectation.pics().get()));
        CaptureJudge told = expectation.takenAt().isEmpty() ? base : base.takenAt(expectation.takenAt());
        told = expectation.fromConnectionStart() ? told.fromConnectionStart() : told;
        told = expectation.slowerPaths().isEmpty() ? told : told.slowerPaths(expectation.slowerPaths());
        return expectation.portRateMbps() == 0 ? told : told.portRateMbps(expectation.portRateMbps());
    }
}
