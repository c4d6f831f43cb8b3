package org.mprt.ctk.conformance.probe;

import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.conformance.runtime.ConnectionPlan;
import org.mprt.ctk.conformance.runtime.ScenarioInputException;
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
 * Sets up a probe: the scripted tester on host 1 and one or more connections between it and the
 * device (an MPRT connection or a RoCEv2 queue pair, as the device's profile has it), each made
 * out of band (mprt-v0.1.md section 5.1) as for any peer: the device opens its end with the
 * tester's descriptor and exposes one region of its own to each connection, so that the region of
 * connection k is reachable only through connection k (MPRT-SEC-003).
 *
 * @param tester       the scripted tester
 * @param targets      what the tester knows of each connection, in order
 * @param atDevice     each connection as the device holds it (to post receive buffers and work requests)
 * @param deviceInbox  the device's region for receive buffers
 * @param deviceSource the device's region that the data of its own work requests comes from
 */
public record ProbeBench(ScriptedTester tester, List<ProbeTarget> targets, List<Connection> atDevice, MemoryRegion deviceInbox,
                         MemoryRegion deviceSource) {

    /** Bytes of each region the device registers for the probe. */
    public static final int REGION_BYTES = 64 * 1024;

    public ProbeBench {
        targets = List.copyOf(targets);
        atDevice = List.copyOf(atDevice);
    }

    /** Connects the tester to the device with {@code connections} connections of the plan's shape. */
    public static ProbeBench connect(final Testbed bed, final ConnectionPlan plan, final int connections) {
        final ScriptedTester tester = new ScriptedTester();
        bed.topology().host(1).attach(tester);
        final DeviceUnderTest dut = bed.dut();
        final MemoryRegion inbox = dut.device().registerRegion(REGION_BYTES);
        final MemoryRegion source = dut.device().registerRegion(REGION_BYTES);
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
        final List<ProbeTarget> targets = new ArrayList<>();
        final List<Connection> opened = new ArrayList<>();
        for (int k = 0; k < connections; k++) {
            final MemoryRegion region = dut.device().registerRegion(REGION_BYTES);
            final int deviceNumber = Testbed.DEVICE_NUMBER + 1 + k;
            final int testerNumber = Testbed.TESTER_NUMBER + 1 + k;
            final ConnectionDescriptor atDevice = ConnectionDescriptor.spread(deviceNumber, dut.ports(), plan.paths(),
                plan.streams(), plan.pmtuBytes(), List.of(region));
            final ConnectionDescriptor atTester = new ConnectionDescriptor(testerNumber, planes, paths, plan.streams(),
                plan.pmtuBytes(), List.of());
            opened.add(dut.device().openConnection(atDevice, atTester));
            targets.add(new ProbeTarget(deviceNumber, testerNumber, plan.paths(), plan.streams(), plan.pmtuBytes(),
                region.rkey(), region.baseAddress(), region.lengthBytes(), ends));
        }
        return new ProbeBench(tester, targets, opened, inbox, source);
    }

    /** Connection {@code k} (0 for the first) as the tester knows it. */
    public ProbeTarget target(final int k) {
        return targets.get(checked(k));
    }

    /** Connection {@code k} as the device holds it. */
    public Connection connectionAtDevice(final int k) {
        return atDevice.get(checked(k));
    }

    private int checked(final int k) {
        if (k < 0 || k >= targets.size()) {
            throw new ScenarioInputException("connection " + k + ": expected a connection from 0 to " + (targets.size() - 1)
                + " of the probe's " + targets.size());
        }
        return k;
    }
}
