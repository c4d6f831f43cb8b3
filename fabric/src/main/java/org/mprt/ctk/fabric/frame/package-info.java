/**
 * Frames as the fabric carries them: Ethernet frames in byte arrays, the sinks that take them,
 * the observers that watch them, and the header fields forwarding reads and ECN marking writes.
 */
package org.mprt.ctk.fabric.frame;
