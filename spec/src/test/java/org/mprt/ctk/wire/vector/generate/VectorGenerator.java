package org.mprt.ctk.wire.vector.generate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mprt.ctk.wire.vector.generate.VectorDraft.Frame;
import org.mprt.ctk.wire.vector.generate.VectorDraft.Section;

/**
 * Drafts the files of {@code spec/vectors/} once; it is a tool, not a test, and no test runs it.
 * The vectors are fixed files: review a new or changed file by hand (and with tshark for the
 * RoCEv2 layers) before committing it.
 *
 * <p>Run: {@code java -cp target/classes:target/test-classes
 * org.mprt.ctk.wire.vector.generate.VectorGenerator vectors [id-prefix]}. Existing files are not
 * overwritten unless {@code -Doverwrite=true}.
 */
public final class VectorGenerator {

    private static final int BYTES_PER_LINE = 16;

    private VectorGenerator() {
    }

    public static void main(final String[] args) throws IOException {
        final Path root = Path.of(args.length > 0 ? args[0] : "vectors");
        final String only = args.length > 1 ? args[1] : "";
        final boolean overwrite = Boolean.getBoolean("overwrite");
        final List<VectorDraft> drafts = new ArrayList<>();
        drafts.addAll(FramingVectors.all());
        drafts.addAll(RoceVectors.all());
        drafts.addAll(MprtVectors.all());
        int written = 0;
        for (final VectorDraft draft : drafts) {
            if (!draft.id.startsWith(only)) {
                continue;
            }
            final Path file = root.resolve(draft.folder).resolve(draft.id + ".vec");
            if (Files.exists(file) && !overwrite) {
                continue;
            }
            Files.createDirectories(file.getParent());
            Files.writeString(file, render(draft), StandardCharsets.UTF_8);
            written++;
        }
        System.out.println(written + " vector files written under " + root);
    }

    static String render(final VectorDraft draft) {
        final Frame frame = draft.build();
        final StringBuilder out = new StringBuilder();
        out.append("# id: ").append(draft.id).append('\n');
        out.append("# description: ").append(draft.description).append('\n');
        if (!draft.requirements.isEmpty()) {
            out.append("# requirement: ").append(String.join(", ", draft.requirements)).append('\n');
        }
        out.append("# starts-at: ").append(draft.startsAt.token()).append('\n');
        if (frame.originalLength > frame.bytes.length) {
            out.append("# original-length: ").append(frame.originalLength).append('\n');
        }
        out.append("# expect: ").append(draft.expect).append('\n');
        final List<String> fields = new ArrayList<>(draft.fields);
        if (draft.expect.equals("ok") || draft.expect.equals("snapped") || draft.expect.startsWith("icrc_mismatch")) {
            fields.addAll(draft.settingExpectations());
        }
        for (final String field : fields) {
            out.append("# field: ").append(field).append('\n');
        }
        int written = 0;
        for (final Section section : frame.sections) {
            final int start = section.start();
            final int end = Math.min(section.end(), frame.bytes.length);
            if (end <= start) {
                continue;
            }
            out.append("#\n# ").append(section.label()).append(" (").append(end - start)
                .append(end - start == 1 ? " byte" : " bytes").append(" at ").append(start).append(")\n");
            hex(out, frame.bytes, start, end);
            written = end;
        }
        if (written < frame.bytes.length) {
            out.append("#\n# extra (").append(frame.bytes.length - written).append(" bytes)\n");
            hex(out, frame.bytes, written, frame.bytes.length);
        }
        return out.toString();
    }

    private static void hex(final StringBuilder out, final byte[] bytes, final int start, final int end) {
        for (int i = start; i < end; i++) {
            out.append(String.format("%02x", bytes[i] & 0xFF));
            final boolean lineEnd = (i - start) % BYTES_PER_LINE == BYTES_PER_LINE - 1 || i == end - 1;
            out.append(lineEnd ? '\n' : ' ');
        }
    }
}
