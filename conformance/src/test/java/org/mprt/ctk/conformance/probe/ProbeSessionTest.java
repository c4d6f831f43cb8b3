package org.mprt.ctk.conformance.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.conformance.runtime.ConnectionPlan;
import org.mprt.ctk.conformance.runtime.DutLedger;
import org.mprt.ctk.conformance.runtime.FabricPlan;
import org.mprt.ctk.conformance.runtime.Quantity;
import org.mprt.ctk.conformance.runtime.Testbed;
import org.mprt.ctk.conformance.suite.ScenarioEnding;
import org.mprt.ctk.conformance.suite.ScenarioResult;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.dut.ReferenceDut;
import org.mprt.ctk.fabric.time.RunawayGuard;
import org.mprt.ctk.fabric.time.RunawayRunException;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.fabric.time.StopReason;

/** A probe's stimulus runs the fabric until it has arrived at the device, under the fabric's runaway guard. */
class ProbeSessionTest {

    private static final long SEED = 7;

    @TempDir
    Path folder;

    @Test
    void shouldStopADeliveryRightAfterTheEventAtWhichTheFrameArrived() {
        final Testbed bed = probed(ReferenceDut.mprt());
        final ProbeSession probe = new ProbeSession(bed, ProbeBench.connect(bed, new ConnectionPlan(), 1), 0);
        final Scheduler scheduler = bed.topology().scheduler();
        final DutLedger ledger = bed.capture().ledger();

        probe.send(ProbePacket.write(0, 0, 0, 64));

        assertThat(ledger.framesArrived()).isEqualTo(1);
        assertThat(scheduler.now()).as("the clock stands at the arrival").isPositive().isEqualTo(ledger.lastArrivalNs());
        assertThat(probe.script()).singleElement().asString()
            .startsWith(Quantity.formatNs(ledger.lastArrivalNs()) + " < send ").endsWith("(frame 1)");
        assertThat(scheduler.runUntil(scheduler.now() + 1_000_000)).as("no stop predicate is left on the scheduler")
            .isEqualTo(StopReason.TIME_LIMIT);
        assertThat(ledger.frames()).as("events ran in that millisecond: the device answered").isGreaterThan(1);
        bed.capture().close();
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a delivery that the guard misses fails, not hangs
    void shouldEndInErrorADeliveryThatADeviceKeepsVirtualTimeFromReaching() {
        final Testbed bed = probed(RunawayDevice.create());
        final long[] readings = {0};
        bed.topology().scheduler().guard(new RunawayGuard(1, () -> readings[0]++));
        final ProbeSession probe = new ProbeSession(bed, ProbeBench.connect(bed, new ConnectionPlan(), 1), 0);
        probe.send(ProbePacket.write(0, 0, 0, 64));
        final long firstArrivalNs = bed.nowNs();

        final Throwable runaway = catchThrowable(() -> probe.send(ProbePacket.write(0, 1, 0, 64)));

        assertThat(runaway).isInstanceOf(RunawayRunException.class)
            .hasMessageStartingWith("the fabric's run went on for more than");
        assertThat(((RunawayRunException) runaway).virtualTimeNs()).as("virtual time stood still").isEqualTo(firstArrivalNs);
        assertThat(bed.failure()).isSameAs(runaway);
        assertThat(ScenarioEnding.of(runaway)).isEqualTo(ScenarioResult.Status.ERROR);
        assertThat(ScenarioEnding.isDeviceError(runaway)).isTrue();
        bed.capture().close();
    }

    /** The fabric of a probe: the device on host 0, the scripted tester's host 1, the device's frames kept. */
    private Testbed probed(final DeviceUnderTest device) {
        return Testbed.build(new FabricPlan(), 2, device, SEED, folder.resolve("capture.pcap"), true);
    }
}
