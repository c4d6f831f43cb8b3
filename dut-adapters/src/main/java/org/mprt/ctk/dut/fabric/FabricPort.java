package org.mprt.ctk.dut.fabric;

import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.attachment.NicPort;

/**
 * A fabric host port as the reference implementation sees a NIC port. The fabric copies every
 * frame on send and delivers it in a later event, which is the contract the endpoint needs.
 */
final class FabricPort implements NicPort {

    private final org.mprt.ctk.fabric.endpoint.NicPort port;
    private final IpAddress address;
    private final long lineRateBps;

    FabricPort(final org.mprt.ctk.fabric.endpoint.NicPort port, final long lineRateBps) {
        this.port = port;
        this.lineRateBps = lineRateBps;
        // A port with an IPv4 address speaks IPv4; the fabric gives IPv6 only to IPv6-only planes.
        this.address = port.hasIpv4() ? IpAddress.ipv4(port.ipv4().ipv4Bits())
            : IpAddress.ipv6(port.ipv6().high(), port.ipv6().low());
    }

    @Override
    public int planeIndex() {
        return port.plane();
    }

    @Override
    public long macAddress() {
        return port.mac();
    }

    @Override
    public IpAddress ipAddress() {
        return address;
    }

    @Override
    public long lineRateBps() {
        return lineRateBps;
    }

    @Override
    public void transmit(final byte[] frame, final int lengthBytes) {
        port.send(frame, lengthBytes);
    }
}
