package org.mprt.ctk.dut.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.PlaneAddress;
import org.mprt.ctk.reference.verbs.RegionDescriptor;

/**
 * The kit's side of the external-device contract against scripted devices (shell commands, no network):
 * one that keeps it, and one for each way of breaking it, each ended with a message and the process
 * killed, never a wait without end (the timeout of each test only guards against a regression).
 */
@Timeout(60)
class ExternalDeviceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration SHORT = Duration.ofSeconds(2);
    private static final ConnectionDescriptor DESCRIPTOR = new ConnectionDescriptor(0x201,
        List.of(new PlaneAddress(0, 0, 0x02_00_7f_4d_01_02L, IpAddress.ipv4("127.77.1.2"), -1)),
        List.of(new PathSpec(0, 0xC000)), 1, 4096, List.of(new RegionDescriptor(0x1234, 0, 65536)));
    private static final String DIGEST = "ab".repeat(32);

    @TempDir
    Path dir;

    @Test
    void shouldExchangeTheContractsLinesWithADeviceThatKeepsIt() throws Exception {
        final String device = "read setup; echo \"$setup\" >&2; echo 'a log line, passed over';"
            + " echo '{\"descriptor\": " + JSON.writeValueAsString(DescriptorJson.write(DESCRIPTOR)) + "}';"
            + " read finish; echo \"$finish\" >&2; echo '{\"region_sha256\": \"" + DIGEST.toUpperCase() + "\"}'";
        try (ExternalDevice d = ExternalDevice.start(device, dir.resolve("err.log"))) {
            assertThat(d.setUp(setup(), SHORT)).isEqualTo(DESCRIPTOR);
            final ExternalDevice.Finished finished = d.finish(SHORT);
            assertThat(finished.regionSha256()).isEqualTo(DIGEST);
            assertThat(finished.longestStallNs()).as("said nothing of its stalls").isEmpty();
        }
        assertThat(dir.resolve("err.log")).content().isEqualTo("{\"contract\":1,\"role\":\"receiver\"}\n{\"finish\":true}\n");
    }

    @Test
    void shouldStartASenderAndHearWhenItsWritesCompletedOrThatTheyDidNotInTime() throws Exception {
        final String ready = "read setup; echo '{\"descriptor\": " + JSON.writeValueAsString(DescriptorJson.write(DESCRIPTOR))
            + "}'; read start; echo \"$start\" >&2; ";
        final String finish = "read finish; echo '{\"region_sha256\": \"" + DIGEST + "\"}'";
        try (ExternalDevice d = ExternalDevice.start(ready + "echo '{\"completed\": true}'; " + finish,
            dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
            d.start();
            assertThat(d.awaitCompleted(SHORT)).isTrue();
            assertThat(d.finish(SHORT).regionSha256()).isEqualTo(DIGEST);
        }
        assertThat(dir.resolve("err.log")).content().isEqualTo("{\"start\":true}\n");
        // Silence until the deadline is an answer here: the writes did not complete; the device still finishes.
        try (ExternalDevice d = ExternalDevice.start(ready + "sleep 2; " + finish, dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
            d.start();
            assertThat(d.awaitCompleted(Duration.ofMillis(500))).isFalse();
            assertThat(d.finish(Duration.ofSeconds(20)).regionSha256()).isEqualTo(DIGEST);
        }
    }

    @Test
    void shouldEndADeviceThatSaysNothingAfterItsTimeout() {
        try (ExternalDevice d = ExternalDevice.start("sleep 600", dir.resolve("err.log"))) {
            assertThatThrownBy(() -> d.setUp(setup(), SHORT)).isInstanceOf(ExternalDeviceException.class)
                .hasMessageStartingWith("the device under test (sleep 600) did not write {\"descriptor\": ...}, that it is"
                    + " ready within 2 s");
        }
    }

    @Test
    void shouldSayWithWhatCodeADeviceExitedAndWhatItLastWroteToStandardError() {
        final String device = "echo 'cannot open lo: permission denied' >&2; exit 4";
        try (ExternalDevice d = ExternalDevice.start(device, dir.resolve("err.log"))) {
            assertThatThrownBy(() -> d.setUp(setup(), SHORT)).isInstanceOf(ExternalDeviceException.class)
                .hasMessageStartingWith("the device under test (" + device + ") exited with code 4 (it closed its standard")
                .hasMessageEndingWith("; the last lines of its standard error (" + dir.resolve("err.log") + "):\n"
                    + "  cannot open lo: permission denied");
        }
    }

    @Test
    void shouldRefuseALineThatIsNotTheContractsOne() {
        assertThatThrownBy(() -> setUpWith("read s; echo '{not json'"))
            .hasMessage("the device under test (read s; echo '{not json') wrote a line that is not JSON where the kit"
                + " expected {\"descriptor\": ...}, that it is ready: {not json");
        assertThatThrownBy(() -> setUpWith("read s; echo '{\"ready\": true}'"))
            .hasMessageEndingWith("wrote {\"ready\": true} where the kit expected {\"descriptor\": ...}, that it is ready");
        assertThatThrownBy(() -> setUpWith("read s; echo '{\"descriptor\": {\"connection_number\": 513}}'"))
            .hasMessageEndingWith("wrote a descriptor the kit cannot use: its descriptor line: expected \"planes\", an array");
    }

    @Test
    void shouldRefuseADeviceThatDoesNotExitOrExitsWithAnErrorAfterReportingItsRegion() throws Exception {
        final String ready = answeringFinishWith("{\"region_sha256\": \"" + DIGEST + "\"}") + "; ";
        try (ExternalDevice d = ExternalDevice.start(ready + "sleep 600", dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
            assertThatThrownBy(() -> d.finish(SHORT)).hasMessageEndingWith("did not exit within 2 s of reporting its region");
        }
        try (ExternalDevice d = ExternalDevice.start(ready + "exit 1", dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
            assertThatThrownBy(() -> d.finish(SHORT))
                .hasMessageEndingWith("exited with code 1 after reporting its region; expected 0");
        }
        try (ExternalDevice d = ExternalDevice.start(answeringFinishWith("{\"region_sha256\": \"12\"}"),
            dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
            assertThatThrownBy(() -> d.finish(SHORT)).hasMessageEndingWith("wrote region_sha256 \"12\": expected 64"
                + " hexadecimal digits");
        }
    }

    @Test
    void shouldHearTheLongestStallADeviceSaysItsProcessHadOrRefuseOneThatIsNotANumberOfNanoseconds() throws Exception {
        final String stalled = "{\"region_sha256\": \"" + DIGEST + "\", \"longest_stall_ns\": ";
        try (ExternalDevice d = ExternalDevice.start(answeringFinishWith(stalled + "231500000}"), dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
            assertThat(d.finish(SHORT).longestStallNs()).hasValue(231_500_000L);
        }
        for (final String bad : new String[] {"-1", "1.5", "\"231 ms\""}) {
            try (ExternalDevice d = ExternalDevice.start(answeringFinishWith(stalled + bad + "}"), dir.resolve("err.log"))) {
                d.setUp(setup(), SHORT);
                assertThatThrownBy(() -> d.finish(SHORT)).as(bad).hasMessageEndingWith("wrote longest_stall_ns " + bad
                    + ": expected a whole number of nanoseconds, 0 or more");
            }
        }
    }

    /** A device that answers the setup line with its descriptor, and the finish line with {@code answer}. */
    private static String answeringFinishWith(final String answer) throws JsonProcessingException {
        return "read s; echo '{\"descriptor\": " + JSON.writeValueAsString(DescriptorJson.write(DESCRIPTOR))
            + "}'; read f; echo '" + answer + "'";
    }

    @Test
    void shouldSayWhenTheCommandCannotBeStarted() {
        final Path missing = dir.resolve("no-such-folder").resolve("err.log");
        assertThatThrownBy(() -> ExternalDevice.start("true", missing)).isInstanceOf(ExternalDeviceException.class)
            .hasMessageStartingWith("the device under test (true) could not be started: ");
    }

    private void setUpWith(final String device) {
        try (ExternalDevice d = ExternalDevice.start(device, dir.resolve("err.log"))) {
            d.setUp(setup(), SHORT);
        }
    }

    @Test
    void shouldTellTheDeviceTheTimersOfTheKitOrThoseItsOwnPicsDeclares() {
        final ObjectNode kits = new LiveTransfer().setupLine(ExternalDevice.Role.RECEIVER, DESCRIPTOR);
        assertThat(kits.path("timers").path("ACK_COALESCE_DELAY").asLong()).isEqualTo(64_000);
        final ObjectNode own = new LiveTransfer().declaring(java.util.Map.of("ACK_COALESCE_COUNT", 4L, "MD_FACTOR", 0.25))
            .setupLine(ExternalDevice.Role.RECEIVER, DESCRIPTOR);
        assertThat(own.path("timers").path("ACK_COALESCE_COUNT").asLong()).isEqualTo(4);
        assertThat(own.path("timers").path("MD_FACTOR").asDouble()).isEqualTo(0.25);
        // What the PICS leaves out is at the spec's default, which the PICS means, not at the kit's own.
        assertThat(own.path("timers").path("ACK_COALESCE_DELAY").asLong()).isEqualTo(8_000);
        assertThat(own.path("timers").size()).isEqualTo(kits.path("timers").size()).isEqualTo(20);
        assertThatThrownBy(() -> new LiveTransfer().declaring(java.util.Map.of("ACK_DELAY", 8_000L)))
            .hasMessage("ACK_DELAY: not a name of the section 14 table");
    }

    @Test
    void shouldRunTheExampleWithTheTimersItIsToldOrEndWithWhyItCannot() throws Exception {
        final ObjectNode setup = new LiveTransfer().declaring(java.util.Map.of("GUIDANCE_TOLERANCE", 7.5))
            .setupLine(ExternalDevice.Role.RECEIVER, DESCRIPTOR);
        try (ExternalDevice d = ExternalDevice.start(ExternalDeviceOnLoopbackTest.javaCommand(ReferenceDeviceProcess.class),
            dir.resolve("err.log"))) {
            assertThatThrownBy(() -> d.setUp(setup, Duration.ofSeconds(30))).isInstanceOf(ExternalDeviceException.class)
                .hasMessageContaining("GUIDANCE_TOLERANCE 7.5: expected a whole number");
        }
    }

    private static ObjectNode setup() {
        return JsonNodeFactory.instance.objectNode().put("contract", 1).put("role", "receiver");
    }
}
