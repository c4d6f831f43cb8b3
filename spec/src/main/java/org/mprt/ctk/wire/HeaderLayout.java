package org.mprt.ctk.wire;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The field table of one header: the single declaration from which a flyweight's accessors, its
 * {@code toString}, the decoder's error messages and the verdict engine's field lookup are all
 * derived.
 *
 * <p>The fixed length is computed from the fields, never written down separately. A header may
 * end with repeated records (the stream records of the MAETH): a count field in the fixed part
 * says how many follow, each record has its own table, and the count has a maximum that bounds
 * the header's length.
 */
public final class HeaderLayout {

    private final String id;
    private final String name;
    private final String specReference;
    private final List<FieldSpec> fields;
    private final int length;
    private final FieldSpec countField;
    private final List<FieldSpec> recordFields;
    private final int recordLength;
    private final int maxRecords;

    private HeaderLayout(
        final String id,
        final String name,
        final String specReference,
        final List<FieldSpec> fields,
        final FieldSpec countField,
        final List<FieldSpec> recordFields,
        final int maxRecords) {
        this.id = id;
        this.name = name;
        this.specReference = specReference;
        this.fields = fields;
        this.length = endOf(fields);
        this.countField = countField;
        this.recordFields = recordFields;
        this.recordLength = endOf(recordFields);
        this.maxRecords = maxRecords;
        checkTiled(id, fields);
        checkTiled(id, recordFields);
        if (countField != null && !holds(fields, countField)) {
            throw new IllegalArgumentException(id + ": count field is not part of the header");
        }
    }

    /**
     * True when {@code field} is one of {@code fields} itself. By identity, not {@code List.contains}:
     * a record's first {@code equals} builds its method handles, 20 to 50 ms of every command's start
     * (measured with two cores and with one) when the first header class loads.
     */
    private static boolean holds(final List<FieldSpec> fields, final FieldSpec field) {
        for (final FieldSpec f : fields) {
            if (f == field) {
                return true;
            }
        }
        return false;
    }

    /** A header of fixed length. Fields must be listed in wire order and leave no gap. */
    public static HeaderLayout of(final String id, final String name, final String specReference, final FieldSpec... fields) {
        return new HeaderLayout(id, name, specReference, List.of(fields), null, List.of(), 0);
    }

    /** A fixed part followed by {@code countField} records of {@code recordFields}, at most {@code maxRecords}. */
    public static HeaderLayout withRecords(
        final String id,
        final String name,
        final String specReference,
        final List<FieldSpec> fields,
        final FieldSpec countField,
        final int maxRecords,
        final List<FieldSpec> recordFields) {
        return new HeaderLayout(id, name, specReference, List.copyOf(fields), countField, List.copyOf(recordFields), maxRecords);
    }

    /** Field-ID prefix, e.g. {@code bth} or {@code mprt.maeth}. */
    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** Where the spec defines the header, e.g. {@code mprt-v0.1.md section 3.4}. */
    public String specReference() {
        return specReference;
    }

    /** The fixed part in wire order. */
    public List<FieldSpec> fields() {
        return fields;
    }

    /** Length in bytes of the fixed part. */
    public int length() {
        return length;
    }

    public boolean hasRecords() {
        return countField != null;
    }

    /** The field in the fixed part that counts the records, or null. */
    public FieldSpec countField() {
        return countField;
    }

    /** One record's fields; offsets are from the record's first byte. */
    public List<FieldSpec> recordFields() {
        return recordFields;
    }

    public int recordLength() {
        return recordLength;
    }

    public int maxRecords() {
        return maxRecords;
    }

    /** Length in bytes of the header with {@code records} records. */
    public int length(final int records) {
        return length + records * recordLength;
    }

    /** The record count of the header at {@code offset} (0 for a header without records). */
    public int recordCount(final ByteBuffer buffer, final int offset) {
        return countField == null ? 0 : (int) countField.read(buffer, offset);
    }

    /** True when {@code field} is a row of the fixed part or of a record. */
    public boolean contains(final FieldSpec field) {
        return indexOf(fields, field) >= 0 || indexOf(recordFields, field) >= 0;
    }

    public boolean isRecordField(final FieldSpec field) {
        return indexOf(recordFields, field) >= 0;
    }

    /** The field with this ID, or null. */
    public FieldSpec field(final String fieldId) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).id().equals(fieldId)) {
                return fields.get(i);
            }
        }
        for (int i = 0; i < recordFields.size(); i++) {
            if (recordFields.get(i).id().equals(fieldId)) {
                return recordFields.get(i);
            }
        }
        return null;
    }

    /** The first field of the fixed part that does not fit in {@code availableBytes}, or null. */
    public FieldSpec firstFieldBeyond(final int availableBytes) {
        return firstBeyond(fields, availableBytes);
    }

    /** The first record field that does not fit in {@code availableBytes} of a record, or null. */
    public FieldSpec firstRecordFieldBeyond(final int availableBytes) {
        return firstBeyond(recordFields, availableBytes);
    }

    /** Appends {@code name [field=value ...]} for the header at {@code offset}, records included. */
    public StringBuilder describe(final ByteBuffer buffer, final int offset, final StringBuilder out) {
        out.append(name).append(" [");
        appendFields(fields, buffer, offset, out);
        if (countField != null) {
            final int count = Math.min(recordCount(buffer, offset), maxRecords);
            for (int k = 0; k < count; k++) {
                final int recordOffset = offset + length + k * recordLength;
                if (recordOffset + recordLength > buffer.limit()) {
                    out.append(" record[").append(k).append("]=<beyond buffer>");
                    break;
                }
                out.append(" record[").append(k).append("]={");
                appendFields(recordFields, buffer, recordOffset, out);
                out.append('}');
            }
        }
        return out.append(']');
    }

    private static void appendFields(
        final List<FieldSpec> list, final ByteBuffer buffer, final int offset, final StringBuilder out) {
        for (int i = 0; i < list.size(); i++) {
            final FieldSpec field = list.get(i);
            if (i > 0) {
                out.append(' ');
            }
            out.append(field.shortName()).append('=');
            field.appendValue(buffer, offset, out);
        }
    }

    private static FieldSpec firstBeyond(final List<FieldSpec> list, final int availableBytes) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).endByteOffset() > availableBytes) {
                return list.get(i);
            }
        }
        return null;
    }

    private static int indexOf(final List<FieldSpec> list, final FieldSpec field) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == field) {
                return i;
            }
        }
        return -1;
    }

    private static int endOf(final List<FieldSpec> list) {
        return list.isEmpty() ? 0 : list.get(list.size() - 1).endByteOffset();
    }

    // A table that leaves a gap or overlaps would silently misplace every later field.
    private static void checkTiled(final String id, final List<FieldSpec> list) {
        int nextBit = 0;
        for (final FieldSpec field : list) {
            if (field.bitOffset() != nextBit) {
                throw new IllegalArgumentException(id + ": " + field.id() + " starts at bit " + field.bitOffset()
                    + ", expected " + nextBit);
            }
            nextBit += field.bitWidth();
        }
        if ((nextBit & 7) != 0) {
            throw new IllegalArgumentException(id + ": fields end inside a byte");
        }
    }

    @Override
    public String toString() {
        return id + " (" + name + ", " + length + " bytes" + (countField == null ? "" : " + " + recordLength + " per record") + ")";
    }
}
