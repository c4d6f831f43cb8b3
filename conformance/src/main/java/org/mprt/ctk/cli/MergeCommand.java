package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.mprt.ctk.conformance.runtime.KitVersion;
import org.mprt.ctk.conformance.statement.ConformanceStatement;
import org.mprt.ctk.conformance.statement.ScenarioFolders;
import org.mprt.ctk.conformance.statement.ScenarioRecordException;
import org.mprt.ctk.conformance.statement.StatementBuilder;
import org.mprt.ctk.conformance.statement.StatementWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Combines the report folders of several shards ({@code ctk run --shard i/n}) into one
 * conformance statement, from the scenario records alone: the same records give the same
 * statement as one unsharded run.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
    description = {"Combine the reports of shards into one conformance statement.",
        "Reads the report folders of ctk run --shard i/n --out DIR, writes one",
        "conformance statement (JSON and HTML) and prints its summary."},
    footer = ExitCodes.SUITE_FOOTER)
final class MergeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "The shards' report folders (each holds scenarios/)")
    private List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the merged statement (default: reports/merged)")
    private Path out;

    @Override
    public Integer call() throws IOException {
        final Path outDir = OutputFolder.of(out, KitHome.get().resolve("reports").resolve("merged"));
        final List<ScenarioFolders.Entry> all = new ArrayList<>();
        final Map<String, Path> seen = new HashMap<>();
        for (final Path dir : dirs) {
            final List<ScenarioFolders.Entry> entries;
            try {
                entries = ScenarioFolders.read(dir);
            } catch (final ScenarioRecordException e) {
                throw new InputException(e.getMessage());
            }
            if (entries.isEmpty()) {
                throw new InputException(dir + ": no scenario reports (expected DIR/scenarios/**/scenario.json from ctk run --out DIR)");
            }
            for (final ScenarioFolders.Entry e : entries) {
                final Path earlier = seen.putIfAbsent(e.record().location(), dir);
                if (earlier != null) {
                    throw new InputException(e.record().location() + " is in both " + earlier + " and " + dir
                        + ": expected each scenario in one shard only");
                }
                all.add(e);
            }
        }
        final ConformanceStatement statement = new StatementBuilder(KitVersion.current(), KitVersion.SPEC_VERSIONS).build(all);
        Files.createDirectories(outDir);
        StatementWriter.write(statement, outDir);
        final long failed = all.stream().filter(e -> "failed".equals(e.record().status())).count();
        final long inError = all.stream().filter(e -> e.record().endedInError()).count();
        System.out.printf("merged %d scenario reports from %d folder(s): %d failed%s%n", all.size(), dirs.size(), failed,
            inError == 0 ? "" : ", " + inError + " in error (no verdict)");
        StatementWriter.printSummary(statement, System.out);
        System.out.println("statement: " + outDir.resolve(StatementWriter.HTML_FILE));
        return failed + inError == 0 && statement.allConform() ? ExitCodes.PASS : ExitCodes.FAIL;
    }
}
