package org.mprt.ctk.wire.vector;

import java.util.List;

/**
 * One hex test vector from {@code spec/vectors/} (format: {@code spec/vectors/README.md}): a frame,
 * where it starts, the decode result it must give and the field values the decoder must find.
 *
 * @param id           the vector's ID, equal to its file name without {@code .vec}
 * @param source       path of the file relative to the vectors folder
 * @param requirements requirement IDs the vector illustrates (may be empty)
 * @param description  one line on what the frame is
 * @param startsAt     first header of the bytes
 * @param expectation  expected status and error location
 * @param fields       expected field values
 * @param frame        the frame's bytes, as captured
 * @param originalLength the frame's length on the wire: its {@code # original-length:}, or the
 *                     length of {@code frame} when the vector has none (a frame captured whole)
 */
public record TestVector(
    String id,
    String source,
    List<String> requirements,
    String description,
    StartsAt startsAt,
    Expectation expectation,
    List<FieldExpectation> fields,
    byte[] frame,
    long originalLength) {

    public TestVector {
        requirements = List.copyOf(requirements);
        fields = List.copyOf(fields);
        frame = frame.clone();
        if (originalLength < frame.length) {
            throw new IllegalArgumentException(source + ": original length " + originalLength + " under the "
                + frame.length + " bytes of the frame");
        }
    }

    /** True for a frame the capture cut short: it holds fewer bytes than its original length. */
    public boolean isSnapped() {
        return frame.length < originalLength;
    }

    /** A copy of the frame's bytes. */
    @Override
    public byte[] frame() {
        return frame.clone();
    }

    /** Two vectors are equal when they come from the same file. */
    @Override
    public boolean equals(final Object other) {
        return other instanceof TestVector && ((TestVector) other).source.equals(source);
    }

    @Override
    public int hashCode() {
        return source.hashCode();
    }

    @Override
    public String toString() {
        return source;
    }
}
