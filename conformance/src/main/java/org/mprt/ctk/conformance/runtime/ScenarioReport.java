package org.mprt.ctk.conformance.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.statement.ScenarioFolders;
import org.mprt.ctk.conformance.statement.ScenarioRecord;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.verdict.Verdict;

/**
 * Writes one scenario's report folder: {@code scenario.json} (what the conformance statement is
 * built from), the device's {@code pics.yaml}, beside the {@code capture.pcap} and the verdict
 * engine's {@code verdict.json} and {@code verdict.html} written when the capture was judged.
 */
final class ScenarioReport {

    private final ScenarioIdentity identity;
    private final long seed;
    private final DeviceUnderTest dut;
    private final Pics pics;
    private final Path folder;
    private final String link;

    /**
     * @param link the folder's path relative to the folder that holds the run's Cucumber reports
     */
    ScenarioReport(final ScenarioIdentity identity, final long seed, final DeviceUnderTest dut, final Pics pics,
                   final Path folder, final String link) {
        this.identity = identity;
        this.seed = seed;
        this.dut = dut;
        this.pics = pics;
        this.folder = folder;
        this.link = link;
    }

    /** Writes the folder; returns the capture and the verdict page, where they exist, to attach. */
    List<Attachment> write(final String status, final String note, final ScenarioEvidence evidence, final String traffic,
                     final List<String> probe, final String captureFile) {
        final List<ScenarioRecord.RequirementResult> results = new ArrayList<>();
        for (final String id : identity.requirementIds()) {
            results.add(evidence == null && ScenarioRecord.ERROR.equals(status)
                ? new ScenarioRecord.RequirementResult(id, null, "untested", "the scenario " + note, List.of())
                : result(evidence, id));
        }
        final ScenarioRecord record = new ScenarioRecord(ScenarioRecord.SCHEMA, identity.name(), identity.location(),
            identity.tags(), seed, status, new ScenarioRecord.DeviceRecord(dut.name(), dut.profile().name(), dut.isMutant(),
            dut.pics().source()), results, traffic, probe, captureFile, note);
        try {
            Files.writeString(folder.resolve(ScenarioFolders.PICS_FILE), dut.pics().yaml());
            record.write(folder.resolve(ScenarioRecord.FILE_NAME));
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot write the report of " + identity.location(), e);
        }
        final List<Attachment> attachments = new ArrayList<>();
        try {
            for (final String file : captureFile == null ? List.<String>of() : List.of(captureFile, "verdict.html")) {
                if (Files.isRegularFile(folder.resolve(file))) {
                    attachments.add(Attachment.of(folder.resolve(file), link + "/" + file));
                }
            }
        } catch (final IOException e) {
            throw new UncheckedIOException("cannot read the attachments of " + identity.location(), e);
        }
        return attachments;
    }

    private ScenarioRecord.RequirementResult result(final ScenarioEvidence evidence, final String id) {
        if (evidence == null) {
            return new ScenarioRecord.RequirementResult(id, null, "untested", "the scenario did not run", List.of());
        }
        try {
            final Verdict v = evidence.verdictOn(id);
            return new ScenarioRecord.RequirementResult(id, v.keyword() == null ? null : v.keyword().toString(),
                v.outcome().word(), v.explanation(), v.frames());
        } catch (final ScenarioInputException e) {
            return new ScenarioRecord.RequirementResult(id, null, "untested", e.getMessage(), List.of());
        }
    }

    Pics pics() {
        return pics;
    }
}
