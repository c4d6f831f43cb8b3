package org.mprt.ctk.conformance.runtime;

import java.net.URI;
import java.util.List;
import java.util.regex.Pattern;
import org.mprt.ctk.wire.Profile;

/**
 * Who a scenario is: its name, where it is written (feature file and line) and its tags, which
 * carry the requirement IDs it verifies ({@code @MPRT-SACK-003}), its area ({@code @sack}), the
 * capabilities it needs ({@code @needs:streams>=4}) and its kind ({@code @probe}, {@code @rocev2}).
 */
public record ScenarioIdentity(String name, URI uri, int line, List<String> tags) {

    /** A requirement tag: {@code @MPRT-WIRE-007} or {@code @ROCE-ICRC-001}. */
    public static final Pattern REQUIREMENT_TAG = Pattern.compile("@((?:MPRT|ROCE)-[A-Z]+-\\d{3})");
    /** The tag prefix of a PICS need. */
    public static final String NEEDS_PREFIX = "@needs:";
    /** The tag of a scenario whose device under test runs the RoCEv2 profile. */
    public static final String ROCEV2_TAG = "@rocev2";
    /** The tag of a scripted-probe scenario. */
    public static final String PROBE_TAG = "@probe";

    public ScenarioIdentity {
        tags = List.copyOf(tags);
    }

    /** The feature file relative to the features folder, e.g. {@code wire/encapsulation.feature}. */
    public String featurePath() {
        final String path = uri.getPath() != null ? uri.getPath() : uri.getSchemeSpecificPart();
        final int at = path.lastIndexOf("/features/");
        if (at >= 0) {
            return path.substring(at + "/features/".length());
        }
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The scenario's report folder, relative to the run's: {@code wire/encapsulation/L14}. */
    public String folder() {
        final String feature = featurePath();
        final String stem = feature.endsWith(".feature") ? feature.substring(0, feature.length() - ".feature".length())
            : feature;
        return stem + "/L" + line;
    }

    /** {@code features/wire/encapsulation.feature:14}, as people and rerun files name a scenario. */
    public String location() {
        return "features/" + featurePath() + ":" + line;
    }

    /** The requirement IDs among the tags, in tag order. */
    public List<String> requirementIds() {
        return tags.stream().map(REQUIREMENT_TAG::matcher).filter(java.util.regex.Matcher::matches)
            .map(m -> m.group(1)).toList();
    }

    /** The PICS needs among the tags, without the prefix: {@code streams>=4}. */
    public List<String> needs() {
        return tags.stream().filter(t -> t.startsWith(NEEDS_PREFIX)).map(t -> t.substring(NEEDS_PREFIX.length())).toList();
    }

    /** The profile of the device under test: RoCEv2 for scenarios tagged {@code @rocev2}, else MPRT. */
    public Profile profile() {
        return tags.contains(ROCEV2_TAG) ? Profile.ROCEV2 : Profile.MPRT;
    }

    public boolean isProbe() {
        return tags.contains(PROBE_TAG);
    }
}
