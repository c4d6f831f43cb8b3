package org.mprt.ctk.dut.live;

import org.junit.jupiter.api.Assumptions;

/**
 * A live run's timing verdicts say something of the nodes only when the host did not stall their
 * processes longer than the JUDGING_TOLERANCE: past it, a test that expects a pass is aborted with the
 * stall, as one that needs libpcap is where libpcap is missing. A test that expects a mutant to fail
 * needs no such check: a stall only adds failures.
 */
final class HostStalls {

    private HostStalls() {
    }

    /** Aborts the test when the kit's process, or the device's by its own word, stalled past {@code toleranceNs}. */
    static void assumeWithin(final LiveTransfer.Result result, final long toleranceNs) {
        Assumptions.assumeTrue(result.hostStallNs() <= toleranceNs, () -> "this host stalled the kit's process for "
            + result.hostStallNs() + " ns during the transfer, more than the JUDGING_TOLERANCE of " + toleranceNs
            + " ns: the capture's timing would be the host's");
        result.deviceStallNs().ifPresent(stallNs -> Assumptions.assumeTrue(stallNs <= toleranceNs, () -> "the device"
            + " says this host stalled its process for " + stallNs + " ns during the transfer, more than the"
            + " JUDGING_TOLERANCE of " + toleranceNs + " ns: the capture's timing would be the host's"));
    }
}
