package org.mprt.ctk.conformance.suite;

import io.cucumber.tagexpressions.Expression;
import io.cucumber.tagexpressions.TagExpressionException;
import io.cucumber.tagexpressions.TagExpressionParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestTag;
import org.junit.platform.launcher.PostDiscoveryFilter;

/**
 * Which scenarios a run takes: a Cucumber tag expression ({@code --tags}), a name pattern
 * ({@code --name}) and a shard ({@code --shard}). Applied after discovery, so scenarios left out
 * appear in no report and in no count; containers left empty are pruned by the launcher.
 */
public final class ScenarioSelection implements PostDiscoveryFilter {

    private final Expression tags;
    private final Pattern name;
    private final ShardSpec shard;
    private final Path kitHome;
    /** Scenarios the tags and the name took, in any shard: none means a mistake in them, not an empty shard. */
    private final AtomicLong matched = new AtomicLong();

    private ScenarioSelection(final Expression tags, final Pattern name, final ShardSpec shard, final Path kitHome) {
        this.tags = tags;
        this.name = name;
        this.shard = shard;
        this.kitHome = kitHome;
    }

    /**
     * @param tagExpression a Cucumber tag expression, or null
     * @param namePattern   a regular expression a scenario's name must contain a match of, or null
     * @param shard         the share of the suite, or null for all
     * @throws IllegalArgumentException naming what is wrong with the expression or the pattern
     */
    public static ScenarioSelection of(final String tagExpression, final String namePattern, final ShardSpec shard,
                                       final Path kitHome) {
        Expression expression = null;
        if (tagExpression != null) {
            try {
                expression = TagExpressionParser.parse(tagExpression);
            } catch (final TagExpressionException e) {
                throw new IllegalArgumentException("--tags \"" + tagExpression + "\" is not a tag expression: " + e.getMessage());
            }
        }
        Pattern pattern = null;
        if (namePattern != null) {
            try {
                pattern = Pattern.compile(namePattern);
            } catch (final PatternSyntaxException e) {
                throw new IllegalArgumentException("--name \"" + namePattern + "\" is not a regular expression: "
                    + e.getDescription());
            }
        }
        return new ScenarioSelection(expression, pattern, shard, kitHome);
    }

    @Override
    public FilterResult apply(final TestDescriptor descriptor) {
        if (!descriptor.isTest()) {
            return FilterResult.included("a container is kept while it holds a selected scenario");
        }
        if (tags != null && !tags.evaluate(tagNames(descriptor))) {
            return FilterResult.excluded("tags do not match " + tags);
        }
        if (name != null && !name.matcher(descriptor.getDisplayName()).find()) {
            return FilterResult.excluded("name does not match " + name);
        }
        matched.incrementAndGet();
        if (shard != null) {
            final Optional<String> location = descriptor.getSource().flatMap(s -> ScenarioLocations.of(s, kitHome));
            if (location.isPresent() && !shard.takes(location.get())) {
                return FilterResult.excluded("in another shard than " + shard);
            }
        }
        return FilterResult.included("selected");
    }

    /**
     * After discovery: what the tags or the name asked for when they matched no scenario at all (a
     * typo that would otherwise pass a CI job that tests nothing), or null.
     */
    public String unmatched() {
        if (matched.get() > 0 || tags == null && name == null) {
            return null;
        }
        return (tags != null ? "--tags \"" + tags + "\"" : "") + (tags != null && name != null ? " with " : "")
            + (name != null ? "--name \"" + name + "\"" : "") + " selects no scenario";
    }

    private static List<String> tagNames(final TestDescriptor descriptor) {
        return descriptor.getTags().stream().map(TestTag::getName).map(t -> "@" + t).toList();
    }
}
