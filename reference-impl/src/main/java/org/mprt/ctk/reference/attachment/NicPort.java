package org.mprt.ctk.reference.attachment;

/**
 * One NIC port of a node, as the endpoint sees it: the plane it is attached to, its addresses, its
 * line rate and a way to put a frame on the wire.
 *
 * <p>The endpoint never hands a port frames faster than {@link #lineRateBps()} (it paces itself,
 * see {@link PortPacer}); the attachment adds propagation, switching and impairments. The endpoint
 * reuses the frame array as soon as {@link #transmit} returns, so the attachment copies what it
 * keeps, and {@code transmit} must not call back into any endpoint synchronously.
 */
public interface NicPort {

    /** The plane (independent network) this port is attached to, 0 to 7 (mprt-v0.1.md section 10.1). */
    int planeIndex();

    /** The port's 48-bit MAC address. */
    long macAddress();

    /** The port's IP address on its plane. */
    IpAddress ipAddress();

    /** The port's line rate in bits per second; the receiver's guidance divides it (section 12). */
    long lineRateBps();

    /** Sends {@code frame[0, lengthBytes)}, a complete Ethernet frame without FCS. */
    void transmit(byte[] frame, int lengthBytes);
}
