package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crafted captures in captures/ are exactly what their generators write today, so a reader can
 * trust the comments in the generators as the description of every frame. To regenerate after a
 * deliberate change: {@code mvn -pl verdict test -Dtest=CapturesGenerationTest -Dctk.regenerate=true}.
 */
class CapturesGenerationTest {

    static final Path CAPTURES = Path.of("..", "captures");

    @Test
    void shouldMatchTheCommittedCapturesByteForByte(@TempDir final Path fresh) throws Exception {
        if (Boolean.getBoolean("ctk.regenerate")) {
            new WireCaptures().writeAll(CAPTURES);
            MalformedCaptures.writeAll(CAPTURES);
            new BehaviourCaptures().writeAll(CAPTURES);
        }
        new WireCaptures().writeAll(fresh);
        MalformedCaptures.writeAll(fresh);
        new BehaviourCaptures().writeAll(fresh);
        try (var files = Files.walk(fresh)) {
            for (final Path generated : files.filter(Files::isRegularFile).toList()) {
                final Path committed = CAPTURES.resolve(fresh.relativize(generated).toString());
                assertThat(committed).as("committed capture for %s", generated.getFileName()).exists();
                assertThat(Files.readAllBytes(committed)).as("%s differs from what its generator writes", committed)
                    .isEqualTo(Files.readAllBytes(generated));
            }
        }
    }
}
