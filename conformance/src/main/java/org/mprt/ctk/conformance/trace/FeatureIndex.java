package org.mprt.ctk.conformance.trace;

import io.cucumber.gherkin.GherkinParser;
import io.cucumber.messages.types.Envelope;
import io.cucumber.messages.types.Examples;
import io.cucumber.messages.types.FeatureChild;
import io.cucumber.messages.types.GherkinDocument;
import io.cucumber.messages.types.Pickle;
import io.cucumber.messages.types.PickleStep;
import io.cucumber.messages.types.PickleStepType;
import io.cucumber.messages.types.PickleTag;
import io.cucumber.messages.types.RuleChild;
import io.cucumber.messages.types.Scenario;
import io.cucumber.messages.types.Step;
import io.cucumber.messages.types.TableRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every scenario of a features folder, read with Cucumber's own Gherkin parser and compiled to
 * pickles as a run would see them, with the lines of scenarios, example rows and steps: what the
 * coverage report and the traceability test are built from.
 */
public final class FeatureIndex {

    private static final Pattern REQUIREMENT_ID = Pattern.compile("(?:MPRT|ROCE)-[A-Z]+-\\d{3}");
    private static final Pattern MUTANT = Pattern.compile("the device under test is the mutant (\\S+)");

    private final List<IndexedScenario> scenarios;
    private final List<String> parseErrors;

    private FeatureIndex(final List<IndexedScenario> scenarios, final List<String> parseErrors) {
        this.scenarios = List.copyOf(scenarios);
        this.parseErrors = List.copyOf(parseErrors);
    }

    /**
     * @param featuresDir the features folder
     * @param kitHome     the folder locations are written relative to
     */
    public static FeatureIndex scan(final Path featuresDir, final Path kitHome) throws IOException {
        final List<IndexedScenario> scenarios = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        final List<Path> files;
        try (Stream<Path> walk = Files.walk(featuresDir)) {
            files = walk.filter(p -> p.toString().endsWith(".feature")).sorted().toList();
        }
        final GherkinParser parser = GherkinParser.builder().includeSource(false).build();
        for (final Path file : files) {
            final String location = kitHome.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize())
                .toString().replace('\\', '/');
            final List<Envelope> envelopes;
            try (Stream<Envelope> parsed = parser.parse(file)) {
                envelopes = parsed.toList();
            }
            final Map<String, Integer> lines = new HashMap<>();
            for (final Envelope e : envelopes) {
                e.getGherkinDocument().ifPresent(d -> collectLines(d, lines));
                e.getParseError().ifPresent(p -> errors.add(location + ":" + p.getSource().getLocation().map(l -> l.getLine())
                    .orElse(0L) + ": " + p.getMessage()));
            }
            for (final Envelope e : envelopes) {
                e.getPickle().ifPresent(p -> scenarios.add(indexed(p, location, lines)));
            }
        }
        return new FeatureIndex(scenarios, errors);
    }

    private static IndexedScenario indexed(final Pickle pickle, final String file, final Map<String, Integer> lines) {
        final List<String> ids = pickle.getAstNodeIds();
        final int line = lines.getOrDefault(ids.get(ids.size() - 1), 0);
        final List<IndexedScenario.Question> questions = new ArrayList<>();
        String mutant = null;
        for (final PickleStep step : pickle.getSteps()) {
            final Matcher named = MUTANT.matcher(step.getText());
            if (named.matches()) {
                mutant = named.group(1);
            }
            if (step.getType().orElse(null) == PickleStepType.OUTCOME) {
                final Matcher m = REQUIREMENT_ID.matcher(step.getText());
                final int stepLine = lines.getOrDefault(step.getAstNodeIds().get(0), line);
                while (m.find()) {
                    questions.add(new IndexedScenario.Question(stepLine, m.group()));
                }
            }
        }
        return new IndexedScenario(file + ":" + line, pickle.getName(), pickle.getTags().stream().map(PickleTag::getName).toList(),
            questions, mutant);
    }

    private static void collectLines(final GherkinDocument document, final Map<String, Integer> lines) {
        document.getFeature().ifPresent(feature -> {
            for (final FeatureChild child : feature.getChildren()) {
                child.getScenario().ifPresent(s -> scenarioLines(s, lines));
                child.getBackground().ifPresent(b -> b.getSteps().forEach(s -> stepLine(s, lines)));
                child.getRule().ifPresent(rule -> {
                    for (final RuleChild rc : rule.getChildren()) {
                        rc.getScenario().ifPresent(s -> scenarioLines(s, lines));
                        rc.getBackground().ifPresent(b -> b.getSteps().forEach(s -> stepLine(s, lines)));
                    }
                });
            }
        });
    }

    private static void scenarioLines(final Scenario scenario, final Map<String, Integer> lines) {
        lines.put(scenario.getId(), scenario.getLocation().getLine().intValue());
        scenario.getSteps().forEach(s -> stepLine(s, lines));
        for (final Examples examples : scenario.getExamples()) {
            for (final TableRow row : examples.getTableBody()) {
                lines.put(row.getId(), row.getLocation().getLine().intValue());
            }
        }
    }

    private static void stepLine(final Step step, final Map<String, Integer> lines) {
        lines.put(step.getId(), step.getLocation().getLine().intValue());
    }

    public List<IndexedScenario> scenarios() {
        return scenarios;
    }

    /** Gherkin the parser could not read, {@code <file>:<line>: <message>}. */
    public List<String> parseErrors() {
        return parseErrors;
    }
}
