package org.mprt.ctk.wire.ip;

/** The network layer under UDP: RoCEv2 and MPRT run over IPv4 or IPv6 (mprt-v0.1.md MPRT-WIRE-001). */
public enum NetworkKind {
    IPV4(4),
    IPV6(6);

    private final int version;

    NetworkKind(final int version) {
        this.version = version;
    }

    /** The value of the IP header's version field. */
    public int version() {
        return version;
    }
}
