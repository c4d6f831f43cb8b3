package org.mprt.ctk.dut.fabric;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.fabric.endpoint.Endpoint;
import org.mprt.ctk.fabric.endpoint.EndpointContext;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/**
 * An RDMA device (the reference MPRT node, the RoCEv2 baseline, a mutant of either) running on a
 * fabric host: it turns the host's ports into the device's NIC ports and the fabric's scheduler
 * into its timers, and hands every arriving frame to the device.
 */
public final class FabricNode implements Endpoint {

    /** Builds the device once its ports and timers exist. */
    @FunctionalInterface
    public interface DeviceFactory<D extends RdmaDevice> {
        D create(List<NicPort> ports, TimerService timers);
    }

    private final DeviceFactory<?> factory;
    private final long lineRateBps;
    private final Map<org.mprt.ctk.fabric.endpoint.NicPort, Integer> portIndex = new IdentityHashMap<>();
    private List<NicPort> ports;
    private RdmaDevice device;

    /**
     * @param lineRateBps the rate of the host's links, which the device paces its data to
     */
    public FabricNode(final DeviceFactory<?> factory, final long lineRateBps) {
        this.factory = factory;
        this.lineRateBps = lineRateBps;
    }

    @Override
    public void onAttach(final EndpointContext context) {
        final List<NicPort> adapted = new ArrayList<>();
        for (final org.mprt.ctk.fabric.endpoint.NicPort p : context.ports()) {
            portIndex.put(p, adapted.size());
            adapted.add(new FabricPort(p, lineRateBps));
        }
        ports = List.copyOf(adapted);
        device = factory.create(ports, new SchedulerTimers(context.scheduler()));
    }

    @Override
    public void onFrame(final org.mprt.ctk.fabric.endpoint.NicPort port, final byte[] frame, final int length) {
        device.onFrame(portIndex.get(port), frame, length);
    }

    /** The device, once the node is attached to its host. */
    public RdmaDevice device() {
        if (device == null) {
            throw new IllegalStateException("the node is not attached to a host yet");
        }
        return device;
    }

    /** The device's NIC ports in plane order, for its connection descriptors. */
    public List<NicPort> ports() {
        return ports;
    }
}
