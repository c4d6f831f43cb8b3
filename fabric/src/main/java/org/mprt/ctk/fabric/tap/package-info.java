/** Taps: pcap captures of the frames crossing chosen ports, with virtual-time timestamps. */
package org.mprt.ctk.fabric.tap;
