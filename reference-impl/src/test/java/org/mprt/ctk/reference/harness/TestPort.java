package org.mprt.ctk.reference.harness;

import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.attachment.NicPort;

/** A port of a node in the {@link TestFabric}: hands frames to the plane's switch. */
public final class TestPort implements NicPort {

    private final TestFabric fabric;
    private final String node;
    private final int index;
    private final int planeIndex;
    private final long mac;
    private final IpAddress ip;
    private final long lineRateBps;
    private long egressFreeAtNs;

    TestPort(final TestFabric fabric, final String node, final int index, final int planeIndex, final long mac,
             final IpAddress ip, final long lineRateBps) {
        this.fabric = fabric;
        this.node = node;
        this.index = index;
        this.planeIndex = planeIndex;
        this.mac = mac;
        this.ip = ip;
        this.lineRateBps = lineRateBps;
    }

    public String node() {
        return node;
    }

    /** The port's index at its node. */
    public int index() {
        return index;
    }

    @Override
    public int planeIndex() {
        return planeIndex;
    }

    @Override
    public long macAddress() {
        return mac;
    }

    @Override
    public IpAddress ipAddress() {
        return ip;
    }

    @Override
    public long lineRateBps() {
        return lineRateBps;
    }

    @Override
    public void transmit(final byte[] frame, final int lengthBytes) {
        final byte[] copy = new byte[lengthBytes];
        System.arraycopy(frame, 0, copy, 0, lengthBytes);
        fabric.onTransmit(this, copy);
    }

    /** Switch egress towards this port: when the last queued frame finishes serialising. */
    long egressFreeAtNs() {
        return egressFreeAtNs;
    }

    void egressFreeAtNs(final long ns) {
        egressFreeAtNs = ns;
    }

    @Override
    public String toString() {
        return node + "/" + index;
    }
}
