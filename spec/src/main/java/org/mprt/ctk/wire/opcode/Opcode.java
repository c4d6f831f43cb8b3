package org.mprt.ctk.wire.opcode;

import java.util.List;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.Profile;

/**
 * One row of the opcode table: the value, its name in the IBTA or MPRT spec, the extension
 * headers that follow the BTH in wire order, and whether a payload may follow them.
 *
 * <p>The headers' lengths come from their field tables, so the decoder and the encoder lay a
 * packet out from this row and never subtract header lengths by hand.
 */
public final class Opcode {

    private final int code;
    private final TransportService service;
    private final String name;
    private final List<HeaderLayout> headers;
    private final boolean payload;
    private final String fullName;

    Opcode(final int code, final TransportService service, final String name, final boolean payload,
           final HeaderLayout... headers) {
        this.code = code;
        this.service = service;
        this.name = name;
        this.headers = List.of(headers);
        this.payload = payload;
        this.fullName = service == TransportService.MPRT ? name : service.label() + " " + name;
    }

    /** The BTH opcode value, 0 to 255. */
    public int code() {
        return code;
    }

    public TransportService service() {
        return service;
    }

    public Profile profile() {
        return service.profile();
    }

    /** The spec's name without the service, e.g. {@code SEND_FIRST} or {@code MPRT_WRITE}. */
    public String name() {
        return name;
    }

    /** Service and name, e.g. {@code RC SEND_FIRST}; MPRT names stand alone. */
    public String fullName() {
        return fullName;
    }

    /** Extension headers after the BTH, in wire order (may be empty). */
    public List<HeaderLayout> headers() {
        return headers;
    }

    /** True when the packet may carry a payload after the extension headers. */
    public boolean carriesPayload() {
        return payload;
    }

    /** Sum of the fixed lengths of the extension headers (records of the MAETH excluded). */
    public int fixedHeadersLength() {
        int length = 0;
        for (int i = 0; i < headers.size(); i++) {
            length += headers.get(i).length();
        }
        return length;
    }

    /** True when the extension headers include {@code layout}. */
    public boolean has(final HeaderLayout layout) {
        for (int i = 0; i < headers.size(); i++) {
            if (headers.get(i) == layout) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return String.format("0x%02x %s", code, fullName);
    }
}
