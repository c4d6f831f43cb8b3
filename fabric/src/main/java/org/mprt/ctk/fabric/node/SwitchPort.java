package org.mprt.ctk.fabric.node;

import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.link.LinkPort;

/** One port of a {@link Switch}: frames arriving here are forwarded by the switch. */
public final class SwitchPort implements LinkPort {

    private final Switch owner;
    private final int index;
    private final PortRole role;
    private Link egress;
    private Link ingress;

    SwitchPort(final Switch owner, final int index, final PortRole role) {
        this.owner = owner;
        this.index = index;
        this.role = role;
    }

    /** Wiring, done once by the topology: the link this port sends on and the one it receives from. */
    public void attach(final Link egressLink, final Link ingressLink) {
        if (egress != null) {
            throw new IllegalStateException(name() + " is already attached");
        }
        egress = egressLink;
        ingress = ingressLink;
        ingressLink.connect(this);
    }

    @Override
    public void receive(final byte[] frame, final int length) {
        owner.forward(this, frame, length);
    }

    public Switch owner() {
        return owner;
    }

    public int index() {
        return index;
    }

    public PortRole role() {
        return role;
    }

    @Override
    public String name() {
        return owner.name() + ":" + index;
    }

    @Override
    public Link egressLink() {
        return egress;
    }

    @Override
    public Link ingressLink() {
        return ingress;
    }

    @Override
    public String toString() {
        return name();
    }
}
