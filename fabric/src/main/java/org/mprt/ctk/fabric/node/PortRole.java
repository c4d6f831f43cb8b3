package org.mprt.ctk.fabric.node;

/** What a switch port faces; decides where unknown non-IP frames are flooded. */
public enum PortRole {
    /** Toward a host's NIC port. */
    HOST,
    /** Toward another switch (leaf to spine, spine to leaf). */
    FABRIC
}
