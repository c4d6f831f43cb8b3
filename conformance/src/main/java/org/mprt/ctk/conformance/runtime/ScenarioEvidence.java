package org.mprt.ctk.conformance.runtime;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.probe.ProbeCheck;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.Outcome;
import org.mprt.ctk.verdict.Verdict;

/**
 * What a scenario's run decides, per requirement (mprt-v0.1.md section 16.2): a {@code capture}
 * requirement by the verdict engine's judgement of the scenario's capture, a {@code probe}
 * requirement by the scenario's scripted probe, a {@code declaration} by the device's PICS.
 */
public final class ScenarioEvidence {

    private static final RequirementCatalogue CATALOGUE = RequirementCatalogue.fromClasspath();
    private static final int MAX_FRAMES = 16;

    private final Judgement judgement;
    private final List<ProbeCheck> probeChecks;
    private final Pics pics;

    /**
     * @param judgement   the verdict engine's judgement of the capture, or null when nothing was captured
     * @param probeChecks the probe's checks, or null when the scenario ran no probe
     */
    public ScenarioEvidence(final Judgement judgement, final List<ProbeCheck> probeChecks, final Pics pics) {
        this.judgement = judgement;
        this.probeChecks = probeChecks == null ? null : List.copyOf(probeChecks);
        this.pics = pics;
    }

    public Judgement judgement() {
        return judgement;
    }

    public Verdict verdictOn(final String requirementId) {
        final Requirement requirement = CATALOGUE.find(requirementId).orElseThrow(() ->
            new ScenarioInputException(requirementId + " is not a requirement of the spec"));
        final Verdict verdict = switch (requirement.verifiable()) {
            case PROBE -> probeVerdict(requirementId);
            case DECLARATION -> declared(requirementId);
            default -> captureVerdict(requirementId);
        };
        return verdict.withKeyword(requirement.keyword());
    }

    private Verdict captureVerdict(final String id) {
        if (judgement == null) {
            return inconclusive(id, "the scenario captured no traffic");
        }
        return judgement.verdictOn(id).orElseGet(() -> inconclusive(id, "no rule of the verdict engine decides " + id + " yet"));
    }

    private Verdict probeVerdict(final String id) {
        if (probeChecks == null || probeChecks.isEmpty()) {
            return inconclusive(id, id + " is decided by a scripted probe, and this scenario's probe checked nothing");
        }
        final List<ProbeCheck> failed = probeChecks.stream().filter(c -> !c.met()).toList();
        final List<Long> frames = new ArrayList<>();
        for (final ProbeCheck c : failed.isEmpty() ? probeChecks : failed) {
            c.frames().stream().limit(MAX_FRAMES - frames.size()).forEach(frames::add);
        }
        if (failed.isEmpty()) {
            return new Verdict(id, Outcome.PASS, frames, "the probe's " + probeChecks.size() + " expectations were met: "
                + String.join("; ", probeChecks.stream().map(ProbeCheck::expectation).toList()), probeChecks.size(), 0);
        }
        final List<String> mismatches = failed.stream().flatMap(c -> c.mismatches().stream()).toList();
        return new Verdict(id, Outcome.FAIL, frames, String.join("; ", mismatches), probeChecks.size(), failed.size());
    }

    private Verdict declared(final String id) {
        return pics.declares(id).map(yes -> new Verdict(id, yes ? Outcome.PASS : Outcome.FAIL, List.of(),
            "the PICS declares " + id + ": " + yes, 1, yes ? 0 : 1))
            .orElseGet(() -> inconclusive(id, "the PICS does not declare " + id));
    }

    private static Verdict inconclusive(final String id, final String why) {
        return new Verdict(id, Outcome.INCONCLUSIVE, List.of(), why, 0, 0);
    }
}
