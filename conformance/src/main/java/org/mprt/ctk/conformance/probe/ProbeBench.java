package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.runtime.ConnectionPlan;
import org.mprt.ctk.conformance.runtime.Testbed;
import org.mprt.ctk.dut.DeviceUnderTest;
import org.mprt.ctk.fabric.endpoint.NicPort;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.PlaneAddress;

/**
 * Sets up a probe: the scripted tester on host 1 and one connection between it and the device,
 * made out of band (mprt-v0.1.md section 5.1) as for any peer: the device opens its end with the
 * tester's descriptor and exposes one region to it.
 *
 * @param tester     the scripted tester
 * @param target     what the tester knows of the connection
 * @param atDevice   the connection as the device holds it (to post receive buffers)
 * @param deviceInbox the device's region for receive buffers
 */
public record ProbeBench(ScriptedTester tester, ProbeTarget target, Connection atDevice, MemoryRegion deviceInbox) {

    /** Bytes of the region the device exposes to the tester. */
    public static final int REGION_BYTES = 64 * 1024;

    public static ProbeBench connect(final Testbed bed, final ConnectionPlan plan) {
        final ScriptedTester tester = new ScriptedTester();
        bed.topology().host(1).attach(tester);
        final DeviceUnderTest dut = bed.dut();
        final MemoryRegion region = dut.device().registerRegion(REGION_BYTES);
        final MemoryRegion inbox = dut.device().registerRegion(REGION_BYTES);
        final int deviceNumber = Testbed.DEVICE_NUMBER + 1;
        final int testerNumber = Testbed.TESTER_NUMBER + 1;
        final ConnectionDescriptor atDevice = ConnectionDescriptor.spread(deviceNumber, dut.ports(), plan.paths(),
            plan.streams(), plan.pmtuBytes(), List.of(region));
        final List<PlaneAddress> planes = new ArrayList<>();
        final List<ProbeTarget.PlaneEnds> ends = new ArrayList<>();
        for (int p = 0; p < dut.ports().size(); p++) {
            final NicPort port = tester.port(p);
            final IpAddress ip = port.hasIpv4() ? IpAddress.ipv4(port.ipv4().ipv4Bits())
                : IpAddress.ipv6(port.ipv6().high(), port.ipv6().low());
            planes.add(new PlaneAddress(p, p, port.mac(), ip, -1));
            ends.add(new ProbeTarget.PlaneEnds(p, port.mac(), ip, dut.ports().get(p).macAddress(), dut.ports().get(p).ipAddress()));
        }
        final List<PathSpec> paths = new ArrayList<>();
        for (int i = 0; i < plan.paths(); i++) {
            paths.add(new PathSpec(i % planes.size(), ConnectionDescriptor.FIRST_ENTROPY_PORT + i));
        }
        final ConnectionDescriptor atTester = new ConnectionDescriptor(testerNumber, planes, paths, plan.streams(),
            plan.pmtuBytes(), List.of());
        final Connection connection = dut.device().openConnection(atDevice, atTester);
        final ProbeTarget target = new ProbeTarget(deviceNumber, testerNumber, plan.paths(), plan.streams(),
            plan.pmtuBytes(), region.rkey(), region.baseAddress(), region.lengthBytes(), ends);
        return new ProbeBench(tester, target, connection, inbox);
    }
}
