package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pics.Pics;

/**
 * The PICS of the recorded live captures ({@code captures/live/}, {@link LoopbackCaptures}) is the one
 * {@code ctk live} writes today but for its JUDGING_TOLERANCE: a capture replayed with other timers
 * than its nodes ran with would be judged wrongly. The recorded ones declare 50 ms, which they pass;
 * {@code ctk live} declares 200 ms, for a busy host (dut-adapters/README.md).
 */
class LoopbackPicsTest {

    @TempDir
    Path dir;

    @Test
    void theRecordedCapturesPicsIsTheOneTheNodesRunWithTodayButForTheTolerance() throws IOException {
        final String today = LiveTransfer.pics();
        assertThat(today).contains("# Timers in place of their defaults (mprt-v0.1.md section 14).\n"
            + "timers:\n  ACK_REQ_DELAY: 10000\n").contains("\njudgingToleranceNs: 200000000\n");
        for (final String name : new String[] {"mprt-loopback", "mprt-loopback-not-ect"}) {
            final String recorded = Files.readString(Path.of("..", "captures", "live", name + ".pics.yaml"));
            assertThat(recorded).as(name).isEqualTo(today.replace("\njudgingToleranceNs: 200000000\n",
                "\njudgingToleranceNs: 50000000\n"));
        }
    }

    @Test
    void thePicsOfARunWithAnExternalDeviceNamesItWhateverItsCommandHolds() throws Exception {
        final String command = "run-device --name \"b: 1\" # x";
        final Path file = Files.writeString(dir.resolve("pics.yaml"), LiveTransfer.picsOf(false, command, LiveTransfer.JUDGING_TOLERANCE_NS));
        final Pics pics = Pics.load(file);

        assertThat(pics.implementationName()).isEqualTo("a device under test and the mprt-ctk reference implementation");
        assertThat(LiveTransfer.picsOf(false, command, LiveTransfer.JUDGING_TOLERANCE_NS)).contains("The device under test started by run-device --name"
            + " \\\"b: 1\\\" # x, and the kit's reference node");
    }

    @Test
    void thePicsOfARunOverAVethPairSaysSo() {
        assertThat(LiveTransfer.picsOf(true, null, LiveTransfer.JUDGING_TOLERANCE_NS)).contains("run over a veth pair of one host, in real time.")
            .doesNotContain("loopback");
        assertThat(LiveTransfer.picsOf(false, null, LiveTransfer.JUDGING_TOLERANCE_NS)).isEqualTo(LiveTransfer.pics());
        assertThat(LiveTransfer.picsOf(true, "dut", 1_000_000_000L)).contains("The device under test started by dut, and the kit's"
            + " reference node, over a veth pair of one host, in real time;").contains("\njudgingToleranceNs: 1000000000\n");
    }
}
