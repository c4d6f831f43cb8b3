/**
 * Link-layer unwrapping: from a captured frame to the offset and kind of its network-layer header,
 * with the VLAN tags and EtherType seen on the way, the sender's MAC address where the link layer
 * gives it, and the packet inside a mirror's encapsulation. One decoder per link type, chosen by
 * {@link org.mprt.ctk.pcap.link.NetworkLayerLocator}; results are values in a reusable
 * {@link org.mprt.ctk.pcap.link.NetworkLayer}, never exceptions.
 */
package org.mprt.ctk.pcap.link;
