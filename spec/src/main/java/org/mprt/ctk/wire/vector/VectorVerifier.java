package org.mprt.ctk.wire.vector;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.FieldCatalog;
import org.mprt.ctk.wire.decode.PacketDecoder;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.ExtensionHeaders;

/**
 * Decodes a {@link TestVector} and lists every way the result differs from what the vector
 * expects, in the form {@code <field id>: expected X vs actual Y}. An empty list means the
 * decoder agrees with the vector.
 *
 * <p>Besides header fields, a vector may check these {@code packet.*} properties:
 * {@code packet.profile} (ROCEV2, MPRT), {@code packet.opcode} (the table's full name with
 * {@code _} for spaces, e.g. {@code RC_SEND_FIRST}), {@code packet.headers} (extension header IDs
 * joined by {@code ,}, or {@code none}), {@code packet.payload_length}, {@code packet.pad_count},
 * {@code packet.vlan_count}, {@code packet.trailer_length}, {@code packet.icrc_matches},
 * {@code packet.snapped} (true when the capture kept fewer bytes than the frame's original
 * length) and {@code packet.payload_bytes_present}.
 */
public final class VectorVerifier {

    private VectorVerifier() {
    }

    /**
     * Decodes the vector's frame into {@code out} from the header its {@code starts-at} names,
     * with its original length (the frame's own length unless the vector is of a snapped frame).
     */
    public static DecodeStatus decode(final TestVector vector, final DecodedPacket out) {
        final byte[] frame = vector.frame();
        final long original = vector.originalLength();
        switch (vector.startsAt()) {
            case ETHERNET:
                return PacketDecoder.decodeEthernet(frame, 0, frame.length, original, out);
            case IPV4:
                return PacketDecoder.decode(ByteBuffer.wrap(frame), 0, 0, NetworkKind.IPV4, frame.length, original, out);
            default:
                return PacketDecoder.decode(ByteBuffer.wrap(frame), 0, 0, NetworkKind.IPV6, frame.length, original, out);
        }
    }

    /** Decodes the vector and returns its mismatches. */
    public static List<String> verify(final TestVector vector) {
        final DecodedPacket packet = new DecodedPacket();
        decode(vector, packet);
        return mismatches(vector, packet);
    }

    /** Mismatches between the vector's expectations and a packet decoded from it. */
    public static List<String> mismatches(final TestVector vector, final DecodedPacket packet) {
        final List<String> out = new ArrayList<>();
        final Expectation expected = vector.expectation();
        if (packet.status() != expected.status()) {
            out.add("status: expected " + expected.status() + " vs actual " + packet.status()
                + (packet.error().isSet() ? " (" + packet.error().message() + ")" : ""));
        }
        if (expected.fieldId() != null && packet.error().isSet()) {
            if (!expected.fieldId().equals(packet.error().fieldId())) {
                out.add("error field: expected " + expected.fieldId() + " vs actual " + packet.error().fieldId()
                    + " (" + packet.error().message() + ")");
            }
            if (expected.offset() != packet.error().frameOffset()) {
                out.add("error offset: expected " + expected.offset() + " vs actual " + packet.error().frameOffset()
                    + " (" + packet.error().message() + ")");
            }
        }
        for (final FieldExpectation field : vector.fields()) {
            final String actual = actualValue(packet, field);
            if (!sameValue(field.value(), actual)) {
                out.add(field.fieldId() + (field.index() == 0 ? "" : "[" + field.index() + "]")
                    + ": expected " + field.value() + " vs actual " + actual);
            }
        }
        return out;
    }

    /** The value of a field or {@code packet.*} property as text, or {@code <absent>}. */
    public static String actualValue(final DecodedPacket packet, final FieldExpectation expectation) {
        if (expectation.fieldId().startsWith("packet.")) {
            return property(packet, expectation.fieldId());
        }
        final FieldSpec field = FieldCatalog.byId(expectation.fieldId());
        if (field == null) {
            return "<unknown field ID>";
        }
        final int offset = FieldCatalog.locate(packet, field, expectation.index());
        if (offset < 0) {
            return "<absent>";
        }
        return field.appendValue(packet.buffer(), offset, new StringBuilder()).toString();
    }

    private static String property(final DecodedPacket packet, final String name) {
        switch (name) {
            case "packet.profile":
                return String.valueOf(packet.profile());
            case "packet.opcode":
                return packet.opcode() == null ? "<none>" : packet.opcode().fullName().replace(' ', '_');
            case "packet.headers":
                return headers(packet.extensions());
            case "packet.payload_length":
                return Integer.toString(packet.payloadLength());
            case "packet.pad_count":
                return Integer.toString(packet.padCount());
            case "packet.vlan_count":
                return Integer.toString(packet.vlanCount());
            case "packet.trailer_length":
                return Integer.toString(packet.trailerLength());
            case "packet.icrc_matches":
                return Boolean.toString(packet.icrcMatches());
            case "packet.snapped":
                return Boolean.toString(packet.isSnapped());
            case "packet.payload_bytes_present":
                return Integer.toString(packet.payloadBytesPresent());
            default:
                return "<unknown property>";
        }
    }

    private static String headers(final ExtensionHeaders headers) {
        if (headers.count() == 0) {
            return "none";
        }
        final StringBuilder out = new StringBuilder();
        for (int i = 0; i < headers.count(); i++) {
            out.append(i == 0 ? "" : ",").append(headers.layout(i).id());
        }
        return out.toString();
    }

    // Numbers compare by value whatever their base; words compare ignoring case.
    private static boolean sameValue(final String expected, final String actual) {
        final String a = normalise(expected);
        final String b = normalise(actual);
        return a.equals(b);
    }

    private static String normalise(final String text) {
        final String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.startsWith("0x")) {
                final String digits = t.substring(2).replaceFirst("^0+(?=.)", "");
                if (digits.length() <= 16) {
                    return Long.toUnsignedString(Long.parseUnsignedLong(digits, 16));
                }
                return "0x" + digits;
            }
            if (!t.isEmpty() && Character.isDigit(t.charAt(0))) {
                return Long.toUnsignedString(Long.parseUnsignedLong(t));
            }
        } catch (final NumberFormatException notANumber) {
            return t;
        }
        return t;
    }
}
