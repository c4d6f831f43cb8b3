package org.mprt.ctk.wire.decode;

/**
 * The outcome of decoding one frame, in the shape of a decoder result: success, not ours, or
 * failure with a {@link DecodeError} value. Decoding never throws on wire data.
 *
 * <p><b>Snapped frames.</b> A capture taken with a snap length (a mirror port, {@code tcpdump -s
 * 128}) keeps only the first bytes of a frame: its captured length is under its original length
 * on the wire (see {@link DecodedPacket#isSnapped()}). Such a frame is judged against its original
 * length: IP and UDP lengths that disagree with it, and every structural check whose bytes were
 * kept, still make it MALFORMED. What the capture cut off is nobody's fault, so it gives one of
 * <ul>
 *   <li>{@link #SNAPPED}: the cut falls after the headers, in the payload, pad or ICRC;</li>
 *   <li>{@link #MALFORMED} with a {@link DecodeError.Kind#TRUNCATED} error for which
 *       {@link DecodeError#isCutByCapture()} holds: the cut falls inside a header the packet needs,
 *       after the UDP destination port; the error names that header and the first field cut;</li>
 *   <li>{@link #UNIDENTIFIED}: the cut falls before the UDP destination port (or before an
 *       earlier byte that decides whether the frame can be RoCE: EtherType, IP version, protocol
 *       or next header, IPv4 options, fragment offset);</li>
 *   <li>the status of a whole frame when only bytes after the IP datagram were cut (Ethernet
 *       padding, an FCS): the datagram, ICRC included, is all there.</li>
 * </ul>
 * A frame cut before its UDP destination port is not reported as {@link #NOT_ROCE}: nothing the
 * capture kept proves that it is not RoCE, and a RoCE frame counted as foreign traffic would hide
 * a packet from the verdict engine without a trace. Nor is it MALFORMED: nothing proves it is
 * RoCE either, and most such frames are other traffic. UNIDENTIFIED lets a caller count them
 * apart.
 */
public enum DecodeStatus {
    /** Every header is present and consistent, and the ICRC matches. */
    OK,
    /**
     * Not a RoCEv2/MPRT packet, as the bytes present prove (not IP, not UDP, not port 4791, a
     * non-first IP fragment): count and skip.
     */
    NOT_ROCE,
    /** A structural error: the {@link DecodeError} names the field, the byte and both values. */
    MALFORMED,
    /**
     * Structurally complete, every header is readable, but the ICRC does not match
     * (MPRT-WIRE-007, MPRT-WIRE-008): the receiver discards such a packet silently.
     */
    ICRC_MISMATCH,
    /**
     * A snapped frame (captured length under original length) whose headers are all present and
     * consistent with its original length, cut in its payload, pad or ICRC. Every header the
     * opcode requires is readable, {@link DecodedPacket#payloadLength()} is the full length the
     * headers give and {@link DecodedPacket#payloadBytesPresent()} says how much of it was kept;
     * the ICRC and the UDP checksum cannot be checked ({@link DecodedPacket#isIcrcChecked()} is
     * false). No {@link DecodeError} is set.
     */
    SNAPPED,
    /**
     * A snapped frame cut before the bytes that tell whether it is a RoCEv2/MPRT packet at all
     * (at the latest, the UDP destination port): neither RoCE nor foreign can be proven. The
     * headers before the cut that were checked are readable; no {@link DecodeError} is set. A
     * frame whose original length itself stops that early is MALFORMED, as before.
     */
    UNIDENTIFIED
}
