package org.mprt.ctk.conformance.probe;

import java.util.List;

/**
 * One expectation of a probe, once the device has had its time to answer.
 *
 * @param expectation what the scenario expected, in words
 * @param mismatches  every difference, each {@code frame N: <field id>: expected X vs actual Y}; empty when met
 * @param frames      the capture frames the check looked at (the answer, or the frames that broke a silence)
 */
public record ProbeCheck(String expectation, List<String> mismatches, List<Long> frames) {

    public ProbeCheck {
        mismatches = List.copyOf(mismatches);
        frames = List.copyOf(frames);
    }

    public boolean met() {
        return mismatches.isEmpty();
    }
}
