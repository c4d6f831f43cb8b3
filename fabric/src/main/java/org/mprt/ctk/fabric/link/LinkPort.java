package org.mprt.ctk.fabric.link;

import org.mprt.ctk.fabric.frame.FrameSink;

/**
 * A port at one end of a cable, on a host or a switch: it transmits on its egress link and
 * receives from its ingress link. Taps attach here.
 */
public interface LinkPort extends FrameSink {

    /** A readable name, such as {@code p0/h3} or {@code p0/leaf1:5}. */
    String name();

    /** The link this port transmits on. */
    Link egressLink();

    /** The link that brings frames to this port. */
    Link ingressLink();
}
