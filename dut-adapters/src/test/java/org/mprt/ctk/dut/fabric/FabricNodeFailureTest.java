package org.mprt.ctk.dut.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.node.Host;
import org.mprt.ctk.fabric.node.HostPort;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/** What a device raises while the fabric runs it comes out as a DeviceFailure naming it, never bare. */
class FabricNodeFailureTest {

    private final Scheduler scheduler = new Scheduler();
    private final Host host = new Host("dut", 0, scheduler);
    private final HostPort port;

    FabricNodeFailureTest() {
        host.addPort(0, 0x02_00_00_00_00_01L, IpAddress.ipv4(10, 0, 0, 1), null);
        port = host.addPort(1, 0x02_00_00_00_00_02L, IpAddress.ipv4(10, 1, 0, 1), null);
    }

    /** A device whose frame handler fails an assertion of its own, and whose timer at 250 ns throws. */
    private static final class BrokenDevice implements RdmaDevice {

        BrokenDevice(final TimerService timers) {
            timers.schedule(250, () -> {
                throw new IllegalStateException("retransmit queue empty");
            });
        }

        @Override
        public void onFrame(final int portIndex, final byte[] frame, final int lengthBytes) {
            throw new AssertionError("PSN window overrun on port " + portIndex);
        }

        @Override
        public MemoryRegion registerRegion(final int lengthBytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MemoryRegion registerRegion(final ByteBuffer memory) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Connection openConnection(final ConnectionDescriptor local, final ConnectionDescriptor peer) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void shouldReportAnAssertionErrorOfTheDevicesFrameHandlerAsItsFailureNotAsAVerdict() {
        host.attach(new FabricNode((ports, timers) -> new BrokenDevice(timers), 100_000_000_000L, "mutant X"));

        assertThatThrownBy(() -> host.endpoint().onFrame(port, new byte[64], 64))
            .isInstanceOfSatisfying(DeviceFailure.class, f -> {
                assertThat(f.device()).isEqualTo("mutant X on host dut");
                assertThat(f.getCause()).isInstanceOf(AssertionError.class);
            })
            .hasMessageStartingWith("mutant X on host dut raised java.lang.AssertionError: PSN window overrun on port 1,"
                + " while handling a frame that arrived on its port 1 at virtual time 0 ns (at ")
            .hasMessageContaining("BrokenDevice.onFrame(FabricNodeFailureTest.java:");
    }

    @Test
    void shouldReportWhatATimerOfTheDeviceRaisesWithTheVirtualTime() {
        host.attach(new FabricNode((ports, timers) -> new BrokenDevice(timers), 100_000_000_000L, "mutant X"));

        assertThatThrownBy(() -> scheduler.runUntilIdle(1_000))
            .isInstanceOfSatisfying(DeviceFailure.class, f -> assertThat(f.virtualTimeNs()).isEqualTo(250))
            .hasMessageStartingWith("mutant X on host dut raised java.lang.IllegalStateException: retransmit queue empty,"
                + " while running a timer it set at virtual time 250 ns (at ");
    }

    @Test
    void shouldReportADeviceThatCannotStart() {
        final FabricNode node = new FabricNode((ports, timers) -> {
            throw new IllegalArgumentException("no ports");
        }, 100_000_000_000L, "reference MPRT node");

        assertThatThrownBy(() -> host.attach(node)).isInstanceOf(DeviceFailure.class)
            .hasMessageStartingWith("reference MPRT node on host dut raised java.lang.IllegalArgumentException: no ports,"
                + " while starting at virtual time 0 ns");
    }
}
