/**
 * Capture files as the kit's evidence: reading classic pcap and pcapng (through one reused buffer,
 * any size, nanosecond timestamps, no allocation per frame, any frame readable again by its file
 * position) and writing them atomically and deterministically.
 *
 * <p>Formats: classic pcap per draft-ietf-opsawg-pcap, pcapng per draft-ietf-opsawg-pcapng, link
 * types per the tcpdump.org LINKTYPE registry. The verdict engine reads untrusted captures through
 * {@link org.mprt.ctk.pcap.CaptureReader}; the emulated fabric records through
 * {@link org.mprt.ctk.pcap.PcapWriter} or {@link org.mprt.ctk.pcap.PcapngWriter} (STYLE.md rule 7:
 * nanosecond magic, identical bytes for identical input). Link-layer unwrapping lives in
 * {@link org.mprt.ctk.pcap.link}.
 */
package org.mprt.ctk.pcap;
