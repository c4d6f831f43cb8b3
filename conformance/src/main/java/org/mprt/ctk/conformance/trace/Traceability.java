package org.mprt.ctk.conformance.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.mprt.ctk.conformance.runtime.PicsNeed;
import org.mprt.ctk.conformance.runtime.ScenarioIdentity;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
import org.mprt.ctk.requirement.Requirement;
import org.mprt.ctk.requirement.RequirementCatalogue;
import org.mprt.ctk.verdict.rule.Rule;
import org.mprt.ctk.verdict.rule.RuleBook;

/**
 * The rules that tie scenarios to the spec (STYLE.md rule 4), checked on the features as written:
 * every requirement tag names a requirement of the spec that a rule of the verdict engine, a
 * scripted probe or the device's PICS (a {@code declaration}, mprt-v0.1.md section 16.1) decides;
 * every requirement a Then step asks about is one the scenario is tagged with; every scenario
 * verifies at least one requirement and names its area; every {@code @needs} tag names a PICS
 * capability; no two scenarios share a name (a name is a scenario's handle and its
 * seed). Each problem is one line, {@code <file>:<line>: <what is wrong>}.
 */
public final class Traceability {

    /**
     * Area tags: the spec's areas in lower case, {@code rocev2} for the baseline's scenarios, and
     * {@code interop} for scenarios about two implementations working together, which verify
     * requirements of several areas at once.
     */
    public static final Set<String> AREAS = Set.of("@wire", "@conn", "@stream", "@place", "@path", "@sack", "@loss", "@fail",
        "@cc", "@recv", "@sec", "@timer", "@rocev2", "@interop");

    private final RequirementCatalogue catalogue = RequirementCatalogue.fromClasspath();
    private final Set<String> ruled = new TreeSet<>();
    private final Set<String> capabilities = PicsCapabilities.names();

    /** Against the rules of the verdict engine's {@link RuleBook}. */
    public Traceability() {
        for (final Rule rule : RuleBook.all()) {
            ruled.add(rule.requirementId());
        }
    }

    /** Against the given set of requirement IDs that rules decide (for tests, which must not follow the rule book). */
    public Traceability(final Set<String> ruledRequirements) {
        ruled.addAll(ruledRequirements);
    }

    /** The requirement IDs the verdict engine has a rule for. */
    public Set<String> ruledRequirements() {
        return ruled;
    }

    /**
     * True when a scenario may verify the requirement: a rule decides it, or a probe does, or the
     * PICS does (a declaration: pass when declared true, fail when false, inconclusive when absent).
     */
    public boolean isVerifiable(final Requirement requirement) {
        return ruled.contains(requirement.id()) || requirement.verifiable() == Requirement.Verifiable.PROBE
            || requirement.verifiable() == Requirement.Verifiable.DECLARATION;
    }

    public List<String> problems(final List<IndexedScenario> scenarios) {
        final List<String> problems = new ArrayList<>();
        final java.util.Map<String, String> names = new java.util.HashMap<>();
        for (final IndexedScenario s : scenarios) {
            problems.addAll(problems(s));
            // A name is a scenario's handle (ctk run --name) and the source of its seed: one scenario per name.
            final String first = names.putIfAbsent(s.name(), s.location());
            if (first != null) {
                problems.add(s.location() + ": scenario '" + s.name() + "' has the name of " + first
                    + " (in an outline, put <placeholders> in the name)");
            }
        }
        return problems;
    }

    private List<String> problems(final IndexedScenario s) {
        final List<String> out = new ArrayList<>();
        final List<String> tagged = s.requirementIds();
        if (tagged.isEmpty()) {
            out.add(s.location() + ": scenario '" + s.name() + "' is tagged with no requirement ID");
        }
        for (final String id : tagged) {
            final Requirement r = catalogue.find(id).orElse(null);
            if (r == null) {
                out.add(s.location() + ": tag @" + id + " names no requirement of the spec");
            } else if (!isVerifiable(r)) {
                out.add(s.location() + ": tag @" + id + " names a " + r.verifiable() + " requirement that no rule of the"
                    + " verdict engine decides yet");
            }
        }
        for (final IndexedScenario.Question q : s.questions()) {
            if (!tagged.contains(q.requirementId())) {
                out.add(s.file() + ":" + q.line() + ": a Then step asks about " + q.requirementId()
                    + ", which scenario '" + s.name() + "' is not tagged with");
            }
        }
        if (s.tags().stream().noneMatch(AREAS::contains)) {
            out.add(s.location() + ": scenario '" + s.name() + "' has no area tag (one of " + new TreeSet<>(AREAS) + ")");
        }
        for (final String tag : s.tags()) {
            if (tag.startsWith(ScenarioIdentity.NEEDS_PREFIX)) {
                out.addAll(needProblems(s, tag));
            }
        }
        return out;
    }

    private List<String> needProblems(final IndexedScenario s, final String tag) {
        try {
            final PicsNeed need = PicsNeed.parse(tag.substring(ScenarioIdentity.NEEDS_PREFIX.length()));
            return capabilities.contains(need.key()) ? List.of()
                : List.of(s.location() + ": tag " + tag + " names no PICS capability (expected one of " + capabilities + ")");
        } catch (final ScenarioInputException e) {
            return List.of(s.location() + ": " + e.getMessage());
        }
    }
}
