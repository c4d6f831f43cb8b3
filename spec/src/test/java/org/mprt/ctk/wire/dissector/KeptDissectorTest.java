package org.mprt.ctk.wire.dissector;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The dissector kept in the repository for Wireshark users is the one the codec makes today. */
class KeptDissectorTest {

    /** The file kept in the repository, from this module's folder. */
    private static final Path KEPT = Path.of("wireshark", "mprt.lua");

    @Test
    void shouldKeepInTheRepositoryTheDissectorTheCodecMakes() throws IOException {
        final String made = WiresharkDissector.lua();
        if (Boolean.getBoolean("ctk.regenerate")) {
            Files.writeString(KEPT, made, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(KEPT, StandardCharsets.UTF_8))
            .as("%s differs from what the codec makes; write it again with ./ctk dissector --out spec/wireshark/mprt.lua"
                + " (or mvn -pl spec test -Dtest=KeptDissectorTest -Dctk.regenerate=true)", KEPT)
            .isEqualTo(made);
    }
}
