package org.mprt.ctk.reference.verbs;

/**
 * A posted receive work request: where one SEND lands. MPRT numbers them per stream in posting order
 * and a SEND names its buffer by RSN (mprt-v0.1.md section 4.3); RoCEv2 consumes them in order.
 */
public record ReceiveBuffer(long wrId, MemoryRegion region, long offsetBytes, int lengthBytes) {
}
