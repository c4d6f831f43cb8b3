package org.mprt.ctk.fabric.endpoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.address.IpAddress;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.fabric.frame.TestFrames;

/**
 * The smallest endpoint: sends RoCEv2 frames built with the codec's FrameEncoder to other hosts of
 * the address plan, and keeps what arrives.
 */
public final class CountingEndpoint implements Endpoint {

    /** One frame that arrived. */
    public record Arrival(long timeNs, int plane, byte[] frame) {

        public int ecn() {
            return FrameHeaders.ecn(frame, FrameHeaders.networkOffset(frame, frame.length));
        }
    }

    private final List<Arrival> arrivals = new ArrayList<>();
    private EndpointContext context;
    private int nextPsn;

    @Override
    public void onAttach(final EndpointContext endpointContext) {
        context = endpointContext;
    }

    @Override
    public void onFrame(final NicPort port, final byte[] frame, final int length) {
        arrivals.add(new Arrival(context.scheduler().now(), port.plane(), Arrays.copyOf(frame, length)));
    }

    /** Sends one RoCEv2 frame over IPv4 to {@code host} on {@code plane}; returns its length. */
    public int sendTo(final int host, final int plane, final int sourcePort, final int payloadBytes) {
        return sendTo(host, plane, sourcePort, payloadBytes, false);
    }

    public int sendTo(final int host, final int plane, final int sourcePort, final int payloadBytes, final boolean ipv6) {
        final NicPort port = context.port(plane);
        final IpAddress source = ipv6 ? port.ipv6() : port.ipv4();
        final IpAddress destination = ipv6 ? AddressPlan.ipv6(plane, host) : AddressPlan.ipv4(plane, host);
        final byte[] frame = TestFrames.roce(port.mac(), AddressPlan.mac(plane, host), source, destination,
            sourcePort, payloadBytes, nextPsn++ & 0xFF_FFFF);
        port.send(frame, frame.length);
        return frame.length;
    }

    /** Sends a raw frame as given. */
    public void sendRaw(final int plane, final byte[] frame) {
        context.port(plane).send(frame, frame.length);
    }

    public EndpointContext context() {
        return context;
    }

    public List<Arrival> arrivals() {
        return arrivals;
    }

    public long arrivalsOnPlane(final int plane) {
        return arrivals.stream().filter(a -> a.plane() == plane).count();
    }
}
