package org.mprt.ctk.pcap;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Any bytes at all, read as a capture, read or fail with a {@link CaptureFormatException}
 * ({@link CaptureReading}). A regression test over the inputs kept beside it (valid captures of each
 * format, and what fuzzing found); {@code JAZZER_FUZZ=1} turns it into a coverage-guided search:
 * <pre>JAZZER_FUZZ=1 mvn -pl pcap test -Dtest=CaptureReaderFuzzTest</pre>
 */
class CaptureReaderFuzzTest {

    private static Path file;

    @FuzzTest(maxDuration = "10m")
    void readsOrRaisesAFormatError(final byte[] bytes) throws IOException {
        CaptureReading.readAll(file(), bytes);
    }

    /** One file for every input: fuzzing calls the test hundreds of thousands of times. */
    private static Path file() throws IOException {
        if (file == null) {
            file = Files.createTempFile("fuzzed", ".cap");
            file.toFile().deleteOnExit();
        }
        return file;
    }
}
