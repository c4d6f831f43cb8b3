package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.dut.live.VethPair;
import picocli.CommandLine;

/**
 * The CI workflows of {@code ci-examples/} call the kit as it is: every {@code ./ctk} line of their
 * steps parses with the command line's own options, and the judging workflow, run on the captures it
 * names, and the live workflow, run with its device, write the {@code junit.xml} files their
 * test-report steps look for.
 */
class CiExamplesTest {

    private static final Path ROOT = Path.of("..");
    private static final Path EXAMPLES = ROOT.resolve("ci-examples");
    private static final Pattern WORD = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)");

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @TempDir
    Path reports;

    /** One {@code ./ctk} call of a workflow: its file, and its arguments with the workflow's variables filled in. */
    private record Call(Path workflow, List<String> args) {
    }

    @Test
    void shouldCallOnlyCommandsAndOptionsTheKitHas() throws IOException {
        final List<Call> calls = calls();
        assertThat(calls.stream().map(Call::workflow).distinct()).hasSizeGreaterThanOrEqualTo(3);
        for (final Call call : calls) {
            assertThatCode(() -> new CommandLine(new Ctk()).parseArgs(call.args().toArray(String[]::new)))
                .as("%s: ./ctk %s", call.workflow(), String.join(" ", call.args())).doesNotThrowAnyException();
        }
    }

    @Test
    void shouldWriteTheJunitFilesTheJudgingWorkflowReports() throws IOException {
        final Call verdict = calls().stream().filter(c -> c.args().get(0).equals("verdict")).findFirst().orElseThrow();
        final List<String> args = new ArrayList<>();
        final List<Path> captures = new ArrayList<>();
        // The workflow runs in the repository's root; the test, in this module's folder.
        for (int i = 0; i < verdict.args().size(); i++) {
            final String arg = verdict.args().get(i);
            if (arg.equals("--out")) {
                args.addAll(List.of(arg, reports.toString()));
                i++;
            } else if (i > 0 && Files.isRegularFile(ROOT.resolve(arg))) {
                args.add(ROOT.resolve(arg).toString());
                if (!verdict.args().get(i - 1).startsWith("--")) {
                    captures.add(ROOT.resolve(arg));
                }
            } else {
                args.add(arg);
            }
        }
        assertThat(Ctk.execute(args.toArray(String[]::new))).as("ctk %s: %s", args, console.err()).isEqualTo(ExitCodes.PASS);
        final String name = EXAMPLES.resolve("judge-captures.yml").toString();
        final JsonNode junit = step(read(EXAMPLES.resolve("judge-captures.yml")), "mikepenz/action-junit-report");
        assertThat(junit.path("with").path("report_paths").asText()).as(name).isEqualTo("reports/verdict/*/junit.xml");
        assertThat(captures).hasSizeGreaterThanOrEqualTo(2);
        for (final Path capture : captures) {
            final String folder = capture.getFileName().toString().replaceFirst("\\.pcap$", "");
            assertThat(reports.resolve(folder).resolve("junit.xml")).content().contains("<testsuite");
        }
    }

    @Test
    void shouldRunTheLiveWorkflowsDeviceAndWriteTheJunitFileItReports() throws IOException {
        CtkLiveCommandTest.assumeLiveCaptureOnLo();
        Assumptions.assumeTrue(VethPair.whyNot().isEmpty(), () -> "no veth pair here: " + VethPair.whyNot().orElse(""));
        final Call live = calls().stream().filter(c -> c.args().get(0).equals("live")).findFirst().orElseThrow();
        final JsonNode workflow = read(live.workflow());
        final String device = workflow.path("env").path("DEVICE").asText();
        assertThat(live.args()).as(live.workflow().toString()).contains("--dut-command", device, "--out", "reports/live");
        final List<String> args = new ArrayList<>();
        for (int i = 0; i < live.args().size(); i++) {
            final String arg = live.args().get(i);
            // The workflow's device runs from the jar its build step makes; the test's, from this JVM's class path.
            args.add(arg.equals(device) ? CtkLiveCommandTest.referenceDevice()
                : arg.equals("reports/live") ? reports.toString() : arg);
        }

        final int exit = Ctk.execute(args.toArray(String[]::new));

        CtkLiveCommandTest.assumeTheHostDidNotStallPastTheTolerance(console.out());
        assertThat(exit).as("ctk %s: %s%s", args, console.out(), console.err()).isEqualTo(ExitCodes.PASS);
        final String reported = step(workflow, "mikepenz/action-junit-report").path("with").path("report_paths").asText();
        assertThat(reported).startsWith("reports/live/");
        assertThat(reports.resolve(reported.substring("reports/live/".length()))).content().contains("<testsuite");
    }

    /** Every {@code ./ctk} call in the examples' steps, with {@code ${{ ... }}} and {@code $NAME} filled in. */
    private static List<Call> calls() throws IOException {
        final List<Call> calls = new ArrayList<>();
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            for (final Path workflow : files.filter(f -> f.toString().endsWith(".yml")).sorted().toList()) {
                final JsonNode root = read(workflow);
                for (final JsonNode job : root.path("jobs")) {
                    for (final JsonNode step : job.path("steps")) {
                        for (final String line : step.path("run").asText().split("\n")) {
                            final int at = line.indexOf("./ctk ");
                            if (at >= 0) {
                                calls.add(new Call(workflow, arguments(line.substring(at + "./ctk ".length()), root.path("env"))));
                            }
                        }
                    }
                }
            }
        }
        return calls;
    }

    private static List<String> arguments(final String line, final JsonNode env) {
        String text = line.replaceAll("\\$\\{\\{ *matrix\\.shard *}}", "1");
        for (final Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) env::fields) {
            text = text.replace("$" + e.getKey(), e.getValue().asText());
        }
        assertThat(text).as("a variable the test does not fill in: %s", line).doesNotContain("${{").doesNotContain("$");
        return words(text);
    }

    /** The words of a shell line of arguments: a quoted word, whose quotes are dropped, may hold spaces. */
    private static List<String> words(final String text) {
        final List<String> words = new ArrayList<>();
        final Matcher m = WORD.matcher(text);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return words;
    }

    private static JsonNode step(final JsonNode workflow, final String uses) {
        for (final JsonNode job : workflow.path("jobs")) {
            for (final JsonNode step : job.path("steps")) {
                if (step.path("uses").asText().startsWith(uses + "@")) {
                    return step;
                }
            }
        }
        throw new AssertionError("no step uses " + uses);
    }

    private static JsonNode read(final Path workflow) throws IOException {
        return new ObjectMapper(new YAMLFactory()).readTree(workflow.toFile());
    }
}
