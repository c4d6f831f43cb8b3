package org.mprt.ctk.cli;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.mprt.ctk.pcap.CaptureFormatException;
import org.mprt.ctk.verdict.report.ReportSet;

/**
 * A capture as the user names it on the command line: a file, or a stream ({@code -} for standard
 * input, or a pipe such as {@code <(tcpdump -w - ...)}) read to its end into a temporary file, since
 * a judgement reads its input more than once (the frames, the digest, a retransmission's first copy,
 * the report's frames). Either way, the reports and messages name it as the user did.
 */
final class CaptureInput implements Closeable {

    private static final String STANDARD_INPUT = "-";

    private final Path file;
    private final String name;
    private final String folderName;
    private final boolean temporary;

    private CaptureInput(final Path file, final String name, final String folderName, final boolean temporary) {
        this.file = file;
        this.name = name;
        this.folderName = folderName;
        this.temporary = temporary;
    }

    /**
     * The capture the user named; an input error when it names nothing that can be read.
     *
     * @param standardInput what {@code -} reads
     */
    static CaptureInput of(final Path given, final InputStream standardInput) throws IOException {
        if (given.toString().equals(STANDARD_INPUT)) {
            return streamed(standardInput, "standard input", "stdin");
        }
        if (Files.isDirectory(given)) {
            throw new InputException(given + ": a folder; expected a pcap or pcapng file");
        }
        if (!Files.exists(given)) {
            throw new InputException(given + ": no such file");
        }
        if (Files.isRegularFile(given)) {
            return new CaptureInput(given, given.toString(), ReportSet.folderName(given), false);
        }
        try (InputStream in = Files.newInputStream(given)) {
            return streamed(in, given.toString(), ReportSet.folderName(given));
        }
    }

    private static CaptureInput streamed(final InputStream in, final String name, final String folderName) throws IOException {
        final Path copy = Files.createTempFile("ctk-capture", ".cap");
        copy.toFile().deleteOnExit();
        try {
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        } catch (final IOException e) {
            Files.deleteIfExists(copy);
            throw e;
        }
        return new CaptureInput(copy, name, folderName, true);
    }

    /** The file to read. */
    Path file() {
        return file;
    }

    /** The capture as the user named it, for the reports. */
    String name() {
        return name;
    }

    /** The folder of its reports under the output folder. */
    String folderName() {
        return folderName;
    }

    /** The format error as it should read: naming the capture as the user did, not a temporary copy. */
    CaptureFormatException named(final CaptureFormatException e) {
        return temporary ? new CaptureFormatException(Path.of(name), e.frameNumber(), e.byteOffset(), e.detail()) : e;
    }

    @Override
    public void close() throws IOException {
        if (temporary) {
            Files.deleteIfExists(file);
        }
    }
}
