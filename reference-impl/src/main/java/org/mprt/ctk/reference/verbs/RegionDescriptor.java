package org.mprt.ctk.reference.verbs;

/** What a node tells its peer about a region it exposes: the rkey, base address and length (section 5.1). */
public record RegionDescriptor(long rkey, long baseAddress, long lengthBytes) {
}
