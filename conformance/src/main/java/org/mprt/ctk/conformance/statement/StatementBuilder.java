package org.mprt.ctk.conformance.statement;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.pics.PicsException;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;

/**
 * Builds the conformance statement from the scenario records of a run, or of several shards'
 * runs: the same records always give the same statement, whichever runner produced them.
 */
public final class StatementBuilder {

    private final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();
    private final String kitVersion;
    private final String specVersions;

    public StatementBuilder(final String kitVersion, final String specVersions) {
        this.kitVersion = kitVersion;
        this.specVersions = specVersions;
    }

    public ConformanceStatement build(final List<ScenarioFolders.Entry> entries) throws IOException {
        final Map<String, List<ScenarioFolders.Entry>> byDevice = new LinkedHashMap<>();
        final List<ConformanceStatement.MutantCheck> mutants = new ArrayList<>();
        final List<ScenarioFolders.Entry> ordered = new ArrayList<>(entries);
        // Location order, whichever shard or folder each record came from: the same records, the same statement.
        ordered.sort(java.util.Comparator.comparing(e -> ScenarioFolders.sortKey(e.record().location())));
        for (final ScenarioFolders.Entry e : ordered) {
            final ScenarioRecord r = e.record();
            if (r.device().mutant()) {
                mutants.add(new ConformanceStatement.MutantCheck(r.location(), r.name(), r.device().name(),
                    r.requirements().stream().map(ScenarioRecord.RequirementResult::id).toList(), r.passed()));
            } else {
                byDevice.computeIfAbsent(r.device().name() + "\n" + r.device().profile(), k -> new ArrayList<>()).add(e);
            }
        }
        final List<ConformanceStatement.DeviceStatement> devices = new ArrayList<>();
        for (final List<ScenarioFolders.Entry> scenarios : byDevice.values()) {
            devices.add(device(scenarios));
        }
        // MPRT devices first, then RoCEv2, each in name order, whatever order the records came in.
        devices.sort(java.util.Comparator.comparing(ConformanceStatement.DeviceStatement::profile)
            .thenComparing(ConformanceStatement.DeviceStatement::name));
        return new ConformanceStatement(ConformanceStatement.SCHEMA, kitVersion, specVersions, devices, mutants);
    }

    private ConformanceStatement.DeviceStatement device(final List<ScenarioFolders.Entry> scenarios) throws IOException {
        final ScenarioRecord.DeviceRecord device = scenarios.get(0).record().device();
        final Pics pics = pics(scenarios.get(0));
        final String prefix = device.profile().equals("ROCEV2") ? "ROCE" : "MPRT";
        final List<ConformanceStatement.RequirementStatement> verdicts = new ArrayList<>();
        final int[] counts = new int[5];
        boolean mustFailed = false;
        for (final Requirement requirement : catalogue.ofProfile(prefix)) {
            final ConformanceStatement.RequirementStatement s = requirement.verifiable() == Requirement.Verifiable.DECLARATION
                ? declared(requirement, pics) : aggregated(requirement, scenarios);
            verdicts.add(s);
            counts[Verdicts.index(s.verdict())]++;
            mustFailed |= s.verdict().equals("fail") && requirement.keyword().absolute();
        }
        final int[] status = new int[4];
        for (final ScenarioFolders.Entry e : scenarios) {
            final ScenarioRecord r = e.record();
            status[r.passed() ? 0 : r.endedInError() ? 2 : r.notApplicable() ? 3 : 1]++;
        }
        final String implementation = pics == null ? "unknown (no PICS recorded)"
            : pics.implementationName() + " " + pics.implementationVersion() + " (" + pics.profile() + ")";
        return new ConformanceStatement.DeviceStatement(device.name(), device.profile(), device.pics(), implementation,
            !mustFailed && status[1] == 0 && status[2] == 0, Verdicts.counts(counts),
            new ConformanceStatement.ScenarioCounts(status[0], status[1], status[2], status[3]), verdicts);
    }

    private static ConformanceStatement.RequirementStatement aggregated(final Requirement requirement,
                                                                       final List<ScenarioFolders.Entry> scenarios) {
        final List<ConformanceStatement.Evidence> evidence = new ArrayList<>();
        boolean skipped = false;
        for (final ScenarioFolders.Entry e : scenarios) {
            final ScenarioRecord r = e.record();
            for (final ScenarioRecord.RequirementResult result : r.requirements()) {
                if (result.id().equals(requirement.id())) {
                    skipped |= r.notApplicable();
                    if (!r.notApplicable()) {
                        evidence.add(new ConformanceStatement.Evidence(r.location(), r.name(), r.seed(), result.outcome(),
                            result.explanation()));
                    }
                }
            }
        }
        final String verdict = Verdicts.combine(evidence.stream().map(ConformanceStatement.Evidence::outcome).toList(), skipped);
        return new ConformanceStatement.RequirementStatement(requirement.id(), requirement.keyword().toString(),
            requirement.verifiable().toString(), verdict, evidence);
    }

    private static ConformanceStatement.RequirementStatement declared(final Requirement requirement, final Pics pics) {
        final String verdict = pics == null ? "inconclusive" : pics.declares(requirement.id())
            .map(yes -> yes ? "pass" : "fail").orElse("inconclusive");
        return new ConformanceStatement.RequirementStatement(requirement.id(), requirement.keyword().toString(),
            requirement.verifiable().toString(), verdict, List.of(new ConformanceStatement.Evidence("PICS", "declaration", 0,
                verdict, pics == null ? "no PICS was recorded" : "declared in the PICS: " + pics.declares(requirement.id())
                .map(String::valueOf).orElse("absent"))));
    }

    private static Pics pics(final ScenarioFolders.Entry entry) throws IOException {
        final Path file = entry.folder().resolve(ScenarioFolders.PICS_FILE);
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return Pics.load(file);
        } catch (final PicsException e) {
            throw new UncheckedIOException(new IOException("the recorded PICS of " + entry.folder() + " is not valid: "
                + e.getMessage()));
        }
    }
}
