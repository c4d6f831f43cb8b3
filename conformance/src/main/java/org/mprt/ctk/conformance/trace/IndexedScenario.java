package org.mprt.ctk.conformance.trace;

import java.util.List;
import java.util.regex.Matcher;
import org.mprt.ctk.conformance.runtime.ScenarioIdentity;

/**
 * One scenario as written (one row of an Examples table for an outline), without running it.
 *
 * @param location  {@code features/<file>.feature:<line>}
 * @param name      its name, placeholders filled in
 * @param tags      every tag, inherited from the feature, rule and examples included
 * @param questions the requirement IDs its Then steps ask about, with their lines
 * @param mutant    the mutant a step makes the device under test, or null
 */
public record IndexedScenario(String location, String name, List<String> tags, List<Question> questions, String mutant) {

    /** A Then step's question about one requirement. */
    public record Question(int line, String requirementId) {
    }

    public IndexedScenario {
        tags = List.copyOf(tags);
        questions = List.copyOf(questions);
    }

    public List<String> requirementIds() {
        return tags.stream().map(ScenarioIdentity.REQUIREMENT_TAG::matcher).filter(Matcher::matches).map(m -> m.group(1)).toList();
    }

    /** The file part of the location, {@code features/<file>.feature}. */
    public String file() {
        return location.substring(0, location.lastIndexOf(':'));
    }
}
