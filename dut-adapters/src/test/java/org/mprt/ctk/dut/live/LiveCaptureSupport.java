package org.mprt.ctk.dut.live;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Whether this machine can capture and send on {@code lo}: libpcap loads and the user may open it (root
 * or CAP_NET_RAW). A test class that needs it says {@code @ExtendWith(LiveCaptureSupport.class)}, and is
 * skipped, with the reason and what to do, where it is missing.
 */
final class LiveCaptureSupport implements ExecutionCondition {

    private static final String PROBLEM = LiveCapture.whyNotOn("lo").orElse(null);

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(final ExtensionContext context) {
        return PROBLEM == null ? ConditionEvaluationResult.enabled("live capture works on lo")
            : ConditionEvaluationResult.disabled("no live capture on lo here: " + PROBLEM);
    }
}
