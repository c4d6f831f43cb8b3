package org.mprt.ctk.dut.fabric;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.mprt.ctk.dut.DeviceFailure;
import org.mprt.ctk.fabric.endpoint.Endpoint;
import org.mprt.ctk.fabric.endpoint.EndpointContext;
import org.mprt.ctk.fabric.time.Scheduler;
import org.mprt.ctk.reference.attachment.NicPort;
import org.mprt.ctk.reference.attachment.TimerService;
import org.mprt.ctk.reference.verbs.RdmaDevice;

/**
 * An RDMA device (the reference MPRT node, the RoCEv2 baseline, a mutant of either) running on a
 * fabric host: it turns the host's ports into the device's NIC ports and the fabric's scheduler
 * into its timers, and hands every arriving frame to the device. What the device raises while the
 * fabric runs it (starting, handling a frame, running a timer) comes out as a {@link DeviceFailure}
 * naming the device, never as the bare exception: an assertion error of the device's code must not
 * read as a verdict.
 */
public final class FabricNode implements Endpoint {

    /** Builds the device once its ports and timers exist. */
    @FunctionalInterface
    public interface DeviceFactory<D extends RdmaDevice> {
        D create(List<NicPort> ports, TimerService timers);
    }

    private final DeviceFactory<?> factory;
    private final long lineRateBps;
    private final String name;
    /** The device's name and host, as its failures name it; set when the node attaches. */
    private String label;
    private Scheduler scheduler;
    private final Map<org.mprt.ctk.fabric.endpoint.NicPort, Integer> portIndex = new IdentityHashMap<>();
    private List<NicPort> ports;
    private RdmaDevice rdma;

    /**
     * @param lineRateBps the rate of the host's links, which the device paces its data to
     * @param name        the device's name, for the {@link DeviceFailure} that reports its exceptions
     */
    public FabricNode(final DeviceFactory<?> factory, final long lineRateBps, final String name) {
        this.factory = factory;
        this.lineRateBps = lineRateBps;
        this.name = name;
    }

    @Override
    public void onAttach(final EndpointContext context) {
        final List<NicPort> adapted = new ArrayList<>();
        for (final org.mprt.ctk.fabric.endpoint.NicPort p : context.ports()) {
            portIndex.put(p, adapted.size());
            adapted.add(new FabricPort(p, lineRateBps));
        }
        ports = List.copyOf(adapted);
        label = name + " on host " + context.hostName();
        scheduler = context.scheduler();
        final SchedulerTimers timers = new SchedulerTimers(scheduler, this);
        try {
            rdma = factory.create(ports, timers);
        } catch (final RuntimeException | AssertionError | StackOverflowError e) {
            throw failure("starting", e);
        }
    }

    @Override
    public void onFrame(final org.mprt.ctk.fabric.endpoint.NicPort port, final byte[] frame, final int length) {
        final int index = portIndex.get(port);
        try {
            rdma.onFrame(index, frame, length);
        } catch (final RuntimeException | AssertionError | StackOverflowError e) {
            throw failure("handling a frame that arrived on its port " + index, e);
        }
    }

    /**
     * The device's exception as a {@link DeviceFailure} naming the device; one raised by another device
     * whose frame or timer this device's call ran into passes as it is.
     */
    DeviceFailure failure(final String doing, final Throwable e) {
        return e instanceof DeviceFailure f ? f : new DeviceFailure(label, doing, scheduler.now(), e);
    }

    /** The device, once the node is attached to its host. */
    public RdmaDevice device() {
        if (rdma == null) {
            throw new IllegalStateException("the node is not attached to a host yet");
        }
        return rdma;
    }

    /** The device's NIC ports in plane order, for its connection descriptors. */
    public List<NicPort> ports() {
        return ports;
    }
}
