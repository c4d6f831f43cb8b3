package org.mprt.ctk.conformance.statement;

import java.util.List;

/** The aggregation rule of mprt-v0.1.md section 16.2, and the order reports count verdicts in. */
final class Verdicts {

    static final List<String> ORDER = List.of("pass", "fail", "inconclusive", "not-applicable", "untested");

    private Verdicts() {
    }

    /** Fail if any failed, else pass if any passed, else inconclusive if any was, else not applicable or untested. */
    static String combine(final List<String> outcomes, final boolean skippedAsNotApplicable) {
        if (outcomes.contains("fail")) {
            return "fail";
        }
        if (outcomes.contains("pass")) {
            return "pass";
        }
        if (outcomes.contains("inconclusive")) {
            return "inconclusive";
        }
        if (outcomes.contains("not-applicable") || skippedAsNotApplicable) {
            return "not-applicable";
        }
        return "untested";
    }

    static int index(final String verdict) {
        final int i = ORDER.indexOf(verdict);
        return i < 0 ? ORDER.indexOf("untested") : i;
    }

    static ConformanceStatement.Counts counts(final int[] byIndex) {
        return new ConformanceStatement.Counts(byIndex[0], byIndex[1], byIndex[2], byIndex[3], byIndex[4]);
    }
}
