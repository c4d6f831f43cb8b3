package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.conformance.runtime.ScenarioSeed;

/**
 * {@code ctk run}, {@code merge} and {@code coverage} keep their contract: the suite runs in process
 * with its reports, selection, shards, reruns and seeds; bad input is exit code 2 with a file and a
 * line, never a stack trace. Each run selects a few scenarios to stay quick.
 */
class CtkSuiteCommandsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @TempDir
    Path tmp;

    @BeforeEach
    void atTheKitsHome() {
        System.setProperty("ctk.home", Path.of("..").toAbsolutePath().normalize().toString());
    }

    @AfterEach
    void clearTheKitsHome() {
        System.clearProperty("ctk.home");
    }

    private String output() {
        return console.out() + console.err();
    }

    @Test
    void shouldRunTheSelectedScenariosAndTheReplayAndWriteEveryReport() throws Exception {
        final Path run = tmp.resolve("run");

        final int exit = Ctk.execute("run", "--tags", "@MPRT-WIRE-003 and not @mutant", "--out", run.toString());

        assertThat(exit).as(output()).isEqualTo(ExitCodes.PASS);
        for (final String report : List.of("cucumber.html", "cucumber.json", "cucumber.ndjson", "junit.xml", "index.html",
            "summary.json", "conformance-statement.json", "conformance-statement.html", "replay/index.html")) {
            assertThat(run.resolve(report)).as(report).isNotEmptyFile();
        }
        assertThat(files(run.resolve("scenarios"), "capture.pcap")).isNotEmpty();
        assertThat(files(run.resolve("scenarios"), "verdict.html")).hasSameSizeAs(files(run.resolve("scenarios"), "capture.pcap"));
        assertThat(Files.readString(run.resolve("cucumber.json"))).contains("application/vnd.tcpdump.pcap").contains("text/html");
        final JsonNode statement = JSON.readTree(run.resolve("conformance-statement.json").toFile());
        assertThat(statement.path("devices").get(0).path("name").asText()).isEqualTo("reference MPRT node");
        assertThat(output()).contains("[  1/").contains("scenarios:").contains("passed, 0 failed").contains("judged as expected");
    }

    @Test
    void shouldRunTheSuiteAgainstADeviceOfOnesOwnNamedByDut() {
        final int exit = Ctk.execute("run", "--dut", "own-mprt", "--tags", "(@MPRT-WIRE-007 or @ROCE-WIRE-001) and not @mutant",
            "--no-replay", "--out", tmp.resolve("run").toString());

        assertThat(exit).as(output()).isEqualTo(ExitCodes.PASS);
        assertThat(output()).contains("own MPRT device (MPRT, PICS classpath:/spec/pics/reference-mprt.yaml): no MUST failed")
            .contains("skipped features/rocev2/encapsulation.feature:12").doesNotContain("reference MPRT node (MPRT");
    }

    @Test
    void shouldEndTheScenariosOfADeviceOfOnesOwnThatCrashesInErrorAndExitOne() throws IOException {
        final int exit = Ctk.execute("run", "--dut", "crashing-mprt", "--tags", "@MPRT-WIRE-007 and not @mutant", "--no-replay",
            "--out", tmp.resolve("run").toString());

        assertThat(exit).as(output()).isEqualTo(ExitCodes.FAIL);
        assertThat(output()).contains(" 0 failed, ").contains(" in error (no verdict), ")
            .contains("  ERROR  features/wire/encapsulation.feature:")
            .contains("no verdict: crashing MPRT device on host ")
            .contains(" raised java.lang.IllegalStateException: receive ring corrupted at frame 3, while handling a frame that"
                + " arrived on its port ");
        final JsonNode statement = new ObjectMapper().readTree(tmp.resolve("run/conformance-statement.json").toFile());
        assertThat(statement.at("/devices/0/name").asText()).isEqualTo("crashing MPRT device");
        assertThat(statement.at("/devices/0/conforming").asBoolean()).isFalse();
        assertThat(statement.at("/devices/0/scenarios/fail").asInt()).isZero();
        assertThat(statement.at("/devices/0/scenarios/error").asInt()).isPositive();
        final List<JsonNode> records;
        try (Stream<Path> files = Files.walk(tmp.resolve("run/scenarios"))) {
            records = files.filter(f -> f.getFileName().toString().equals("scenario.json")).map(f -> {
                try {
                    return new ObjectMapper().readTree(f.toFile());
                } catch (final IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).filter(r -> r.at("/status").asText().equals("error")).toList();
        }
        // No verdict from a scenario the device broke off: its requirements are untested, saying why.
        assertThat(records).isNotEmpty().allSatisfy(r -> assertThat(r.at("/requirements/0/outcome").asText()).isEqualTo("untested"))
            .allSatisfy(r -> assertThat(r.at("/requirements/0/explanation").asText())
                .startsWith("the scenario ended before its verdict: crashing MPRT device on host "));
        assertThat(Ctk.execute("merge", "--out", tmp.resolve("merged").toString(), tmp.resolve("run").toString()))
            .isEqualTo(ExitCodes.FAIL);
        assertThat(output()).containsPattern("merged \\d+ scenario reports from 1 folder\\(s\\): 0 failed, "
            + records.size() + " in error \\(no verdict\\)");
    }

    @Test
    void shouldExitTwoForADeviceUnderTestThatIsNotThere() {
        assertThat(Ctk.execute("run", "--dut", "nope", "--no-replay", "--out", tmp.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(output()).contains("unknown device under test 'nope': expected one of reference, own-mprt, crashing-mprt");
    }

    @Test
    void shouldExitTwoForABadTagExpressionShardOrName() {
        assertThat(Ctk.execute("run", "--tags", "@wire and", "--out", tmp.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("run", "--shard", "0/4", "--out", tmp.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("run", "--shard", "two/4", "--out", tmp.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("run", "--name", "(", "--out", tmp.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("run", "--captures", tmp.resolve("none").toString(), "--out", tmp.toString()))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(output()).contains("is not a tag expression").contains("expected 1 <= i <= n").contains("expected i/n")
            .contains("is not a regular expression").contains("--captures " + tmp.resolve("none") + ": no such folder")
            .doesNotContain("running").doesNotContain("Exception");
    }

    @Test
    void shouldExitTwoForATargetThatIsNotAFeatureOrALineNotInIt() throws IOException {
        final Path notAFeature = Files.writeString(tmp.resolve("notes.txt"), "Feature: not one\n");
        assertThat(Ctk.execute("run", "--no-replay", "--out", tmp.resolve("a").toString(), notAFeature.toString()))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        // Cucumber runs every scenario of a file when the line names none of them.
        assertThat(Ctk.execute("run", "--no-replay", "--out", tmp.resolve("b").toString(),
            "features/wire/encapsulation.feature:9999")).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(output()).contains(notAFeature + ": expected a .feature file or a folder of them")
            .contains("features/wire/encapsulation.feature:9999: line 9999 is not in the file, which has");
    }

    @Test
    void shouldRefuseNumbersThatWouldSilentlyMeanSomethingElse() throws IOException {
        // Plane -1 meant every plane, -1 receive buffers none, and MSN -1 any MSN: each checked less than it said.
        final Path features = feature("negative.feature", """
            @wire
            Feature: negative numbers
              @MPRT-WIRE-007
              Scenario: plane minus one
                Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
                And the switch links of plane -1 delay packets by 2 µs with 1 µs of jitter
                When the tester sends 1 RDMA WRITE of 4 KiB on every stream to the device under test
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007
              Scenario: minus one receive buffer
                Given a probe connection from the tester to the device under test with 1 path and 1 stream
                And the device under test has posted -1 receive buffers of 4 KiB on stream 0
                Then MPRT-WIRE-007 passes

              @ROCE-NAK-004 @rocev2
              Scenario: MSN minus one
                Given a probe queue pair from the tester to the device under test
                And the device under test has posted 1 receive buffer of 4 KiB
                When the tester sends a SEND Only of 1 KiB with PSN 0
                And the tester expects an ACK for PSN 0 with MSN -1 within RESPONSE_BOUND
                Then ROCE-NAK-004 passes
            """);

        assertThat(Ctk.execute("run", "--features", features.toString(), "--no-replay", "--out", tmp.resolve("run").toString(),
            features.toString())).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(output()).contains("negative.feature:6: plane -1: expected a plane from 0")
            .contains("negative.feature:13: -1 receive buffers: expected 1 to 4096")
            .contains("negative.feature:21: MSN -1: expected the AETH's 24-bit MSN, 0 to 16777215");
    }

    @Test
    void shouldNameTheFileAndLineOfGherkinItCannotRead() throws IOException {
        final Path features = feature("unreadable.feature", """
            @wire
            Feature: a feature whose Gherkin is broken
              @MPRT-WIRE-007
              Scenario: a good one
                Then MPRT-WIRE-007 passes

              Scenario without a colon
                Then MPRT-WIRE-007 passes
            """);

        assertThat(Ctk.execute("run", "--features", features.toString(), "--no-replay", "--out", tmp.resolve("run").toString(),
            features.toString())).isEqualTo(ExitCodes.INPUT_ERROR);

        assertThat(output()).contains("unreadable.feature:7: the Gherkin cannot be read: expected:")
            .contains("got 'Scenario without a colon'");
    }

    @Test
    void shouldExitTwoWhenTheTagsOrTheNameSelectNoScenario() {
        // A typo in a CI job's tags must not pass a run that tested nothing.
        assertThat(Ctk.execute("run", "--tags", "@MPRT-WIRE-999", "--no-replay", "--out", tmp.resolve("a").toString()))
            .isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(Ctk.execute("run", "--name", "^no scenario is called this", "--no-replay", "--out",
            tmp.resolve("b").toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(output()).contains("--tags \"@MPRT-WIRE-999\" selects no scenario")
            .contains("--name \"^no scenario is called this\" selects no scenario");
    }

    @Test
    void shouldNameTheFeatureFileAndLineOfABadParameter() throws IOException {
        final Path features = feature("bad.feature", """
            @wire
            Feature: a feature with mistakes
              @MPRT-WIRE-007
              Scenario: a loss rate that is not a probability
                Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
                And every switch link loses 1.7 of the packets
                When the tester sends 1 RDMA WRITE of 4 KiB on every stream to the device under test
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007 @mutant
              Scenario: a mutant that does not exist
                Given the device under test is the mutant BAD_CRC
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007
              Scenario: a step that is not in the vocabulary
                Given a fabrik of 1 plane with 2 spines per plane and 100 Gb/s links
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007
              Scenario: a PSN with more digits than a long holds
                When the tester sends a WRITE of 4096 bytes with PSN 99999999999999999999 on path 1
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007
              Scenario: a count with more digits than an int holds
                Given 99999999999 other hosts each write 4 KiB to the tester at the same time
                Then MPRT-WIRE-007 passes

              @MPRT-FAIL-002
              Scenario: a path that flaps with no period
                Given the links of the device's path 2 flap, down for 0 ns in every 0 ns
                When the tester sends 1 RDMA WRITE of 4 KiB on every stream to the device under test
                Then MPRT-FAIL-002 passes

              @MPRT-FAIL-002
              Scenario: a path that comes back before it goes down
                Given the links of the device's path 1 are down from 5 ms to 1 ms
                When the tester sends 1 RDMA WRITE of 4 KiB on every stream to the device under test
                Then MPRT-FAIL-002 passes
            """);

        final int exit = Ctk.execute("run", "--features", features.toString(), "--no-replay", "--out", tmp.resolve("run").toString(),
            features.toString());

        assertThat(exit).isEqualTo(ExitCodes.INPUT_ERROR);
        assertThat(output()).contains("bad.feature:6: loss rate 1.7 is not a probability: expected a fraction from 0 to 1")
            .contains("bad.feature:12: unknown mutant 'BAD_CRC': expected one of").contains("BAD_ICRC")
            .contains("bad.feature:17: the step 'a fabrik of 1 plane with 2 spines per plane and 100 Gb/s links' is not in the vocabulary")
            .contains("bad.feature:22: PSN 99999999999999999999: expected a whole number from 0 to 16777215")
            .contains("bad.feature:27: the step '99999999999 other hosts each write 4 KiB to the tester at the same time':"
                + " a value in it cannot be read")
            .contains("bad.feature:32: a path down for 0 ns every 0 ns: expected a period above 0 ns")
            .contains("bad.feature:38: a path down from 5 ms to 1 ms: expected the end after the start")
            .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void shouldNameAScenarioReportThatIsNotOneItWroteWhenMerging() throws IOException {
        final Path shard = tmp.resolve("shard");
        Ctk.execute("run", "--tags", "@MPRT-WIRE-007 and not @mutant", "--no-replay", "--out", shard.toString());
        final Path record;
        try (Stream<Path> files = Files.walk(shard.resolve("scenarios"))) {
            record = files.filter(f -> f.getFileName().toString().equals("scenario.json")).findFirst().orElseThrow();
        }
        final String whole = Files.readString(record);

        // A shard's artifact cut short on its way, then one of another format.
        Files.writeString(record, whole.substring(0, whole.length() / 2));
        assertThat(Ctk.execute("merge", "--out", tmp.resolve("m1").toString(), shard.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        Files.writeString(record, "{\"schema\": \"mprt-ctk/scenario/0\", \"name\": \"x\"}");
        assertThat(Ctk.execute("merge", "--out", tmp.resolve("m2").toString(), shard.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
        Files.writeString(record, whole);
        assertThat(Ctk.execute("merge", "--out", tmp.resolve("m3").toString(), shard.toString())).isEqualTo(ExitCodes.PASS);

        assertThat(output()).contains(record + ": not a scenario report as ctk run writes it (Unexpected end-of-input")
            .contains(record + ": not a scenario report as ctk run writes it (expected \"schema\": \"mprt-ctk/scenario/1\")")
            .doesNotContain("kit error");
    }

    @Test
    void shouldSplitTheSuiteIntoDisjointShardsThatMergeIntoTheStatementOfOneRun() throws IOException {
        final Path whole = tmp.resolve("whole");
        final Path first = tmp.resolve("shard1");
        final Path second = tmp.resolve("shard2");
        final String tags = "@probe and not @mutant";
        assertThat(Ctk.execute("run", "--tags", tags, "--no-replay", "--out", whole.toString())).isEqualTo(ExitCodes.PASS);
        assertThat(Ctk.execute("run", "--tags", tags, "--no-replay", "--shard", "1/2", "--out", first.toString())).isEqualTo(ExitCodes.PASS);
        assertThat(Ctk.execute("run", "--tags", tags, "--no-replay", "--shard", "2/2", "--out", second.toString())).isEqualTo(ExitCodes.PASS);

        final Set<String> a = locations(first);
        final Set<String> b = locations(second);
        assertThat(a).isNotEmpty().doesNotContainAnyElementsOf(b);
        final Set<String> union = new TreeSet<>(a);
        union.addAll(b);
        assertThat(union).isEqualTo(locations(whole));

        final Path merged = tmp.resolve("merged");
        assertThat(Ctk.execute("merge", first.toString(), second.toString(), "--out", merged.toString())).isEqualTo(ExitCodes.PASS);
        assertThat(verdicts(merged)).isEqualTo(verdicts(whole));
        assertThat(Ctk.execute("merge", first.toString(), first.toString(), "--out", merged.toString())).isEqualTo(ExitCodes.INPUT_ERROR);
    }

    @Test
    void shouldWriteTheFailedScenariosToTheRerunFileAndRunOnlyThemAgain() throws IOException {
        final Path features = feature("rerun.feature", """
            @wire
            Feature: one scenario that passes and one that fails
              Background:
                Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
                And a connection between the tester and the device under test with 1 path and 1 stream

              @MPRT-WIRE-007
              Scenario: the reference computes its ICRC right
                When the tester sends 1 RDMA WRITE of 4 KiB on every stream to the device under test
                Then MPRT-WIRE-007 passes

              @MPRT-WIRE-007
              Scenario: a wrong expectation about the reference
                When the device under test sends 1 RDMA WRITE of 4 KiB on every stream to the tester
                Then MPRT-WIRE-007 fails at data packets the device under test sent
            """);
        final Path rerun = tmp.resolve("rerun.txt");

        final int exit = Ctk.execute("run", "--features", features.toString(), "--no-replay", "--out", tmp.resolve("a").toString(),
            "--rerun-file", rerun.toString(), features.toString());

        assertThat(exit).isEqualTo(ExitCodes.FAIL);
        assertThat(Files.readAllLines(rerun)).singleElement().asString().endsWith("rerun.feature:13");
        console.resetOut();
        assertThat(Ctk.execute("run", "--features", features.toString(), "--no-replay", "--out", tmp.resolve("b").toString(),
            "@" + rerun)).isEqualTo(ExitCodes.FAIL);
        assertThat(output()).contains("scenarios: 1 run: 0 passed, 1 failed").contains("expected fail at data packets");
    }

    @Test
    void shouldReproduceAScenarioByteForByteFromItsNameAndSeed() throws Exception {
        final String name = "Data packets are ECN-capable and carry a valid ICRC under 5% random loss";
        final Path a = tmp.resolve("a");
        final Path b = tmp.resolve("b");
        final Path c = tmp.resolve("c");

        assertThat(Ctk.execute("run", "--name", "^" + name + "$", "--no-replay", "--out", a.toString())).isEqualTo(ExitCodes.PASS);
        final JsonNode scenario = JSON.readTree(files(a.resolve("scenarios"), "scenario.json").get(0).toFile());
        final long seed = scenario.path("seed").asLong();
        assertThat(seed).isEqualTo(ScenarioSeed.fromName(name));
        assertThat(Ctk.execute("run", "--name", "^" + name + "$", "--seed", Long.toString(seed), "--no-replay", "--out", b.toString()))
            .isEqualTo(ExitCodes.PASS);
        assertThat(Ctk.execute("run", "--name", "^" + name + "$", "--seed", "7", "--no-replay", "--out", c.toString()))
            .isEqualTo(ExitCodes.PASS);

        assertThat(sha256(files(b.resolve("scenarios"), "capture.pcap").get(0)))
            .isEqualTo(sha256(files(a.resolve("scenarios"), "capture.pcap").get(0)))
            .isNotEqualTo(sha256(files(c.resolve("scenarios"), "capture.pcap").get(0)));
    }

    @Test
    void shouldListEveryRequirementWithItsScenariosAndFailOnlyWhenStrict() throws IOException {
        final Path reports = tmp.resolve("coverage");

        assertThat(Ctk.execute("coverage", "--out", reports.toString())).isEqualTo(ExitCodes.PASS);
        assertThat(output()).contains("MPRT-WIRE-007").contains("features/wire/encapsulation.feature:")
            .contains("MUST / MUST NOT capture requirements without a scenario:");
        assertThat(reports.resolve("coverage.json")).isNotEmptyFile();
        assertThat(reports.resolve("coverage.html")).isNotEmptyFile();
        final JsonNode coverage = JSON.readTree(reports.resolve("coverage.json").toFile());
        final int uncovered = coverage.path("uncoveredMustCapture").size();
        assertThat(Ctk.execute("coverage", "--strict", "--out", reports.toString()))
            .isEqualTo(uncovered == 0 ? ExitCodes.PASS : ExitCodes.FAIL);
    }

    @Test
    void shouldListExitCodesInTheHelpOfTheSuiteCommands() {
        for (final String command : new String[] {"run", "merge", "coverage"}) {
            console.resetOut();
            assertThat(Ctk.execute(command, "--help")).isEqualTo(ExitCodes.PASS);
            assertThat(console.out()).as(command).contains("Exit codes:").contains("3  kit error");
        }
    }

    private Path feature(final String file, final String text) throws IOException {
        final Path dir = tmp.resolve("features").resolve("wire");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(file), text);
        return tmp.resolve("features");
    }

    private static List<Path> files(final Path dir, final String name) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().equals(name)).sorted().toList();
        }
    }

    private static Set<String> locations(final Path run) throws IOException {
        final Set<String> locations = new TreeSet<>();
        for (final Path f : files(run.resolve("scenarios"), "scenario.json")) {
            locations.add(JSON.readTree(f.toFile()).path("location").asText());
        }
        return locations;
    }

    private static JsonNode verdicts(final Path run) throws IOException {
        return JSON.readTree(run.resolve("conformance-statement.json").toFile()).path("devices");
    }

    private static String sha256(final Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
