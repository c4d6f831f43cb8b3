package org.mprt.ctk.wire.vector;

/**
 * A vector's {@code # field:} line: a field ID (with a record or VLAN index in brackets where one
 * applies) and the value the decoder must find, as written in the file.
 *
 * @param fieldId field ID, e.g. {@code bth.psn}, or a {@code packet.*} property
 * @param index   record index of a MAETH record field, VLAN tag index of a VLAN field, else 0
 * @param value   expected value: decimal, {@code 0x} hex, or a word for {@code packet.*} properties
 */
public record FieldExpectation(String fieldId, int index, String value) {

    /** Parses {@code bth.psn=17} or {@code mprt.maeth.record.cmsn[1]=5}. */
    public static FieldExpectation parse(final String text) {
        final int equals = text.indexOf('=');
        if (equals < 0) {
            throw new IllegalArgumentException("field line needs <id>=<value>: " + text);
        }
        String id = text.substring(0, equals).trim();
        int index = 0;
        final int bracket = id.indexOf('[');
        if (bracket >= 0) {
            if (!id.endsWith("]")) {
                throw new IllegalArgumentException("unclosed index: " + text);
            }
            index = Integer.parseInt(id.substring(bracket + 1, id.length() - 1));
            id = id.substring(0, bracket);
        }
        return new FieldExpectation(id, index, text.substring(equals + 1).trim());
    }

    @Override
    public String toString() {
        return fieldId + (index == 0 ? "" : "[" + index + "]") + "=" + value;
    }
}
