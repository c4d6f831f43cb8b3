package org.mprt.ctk.wire.vector;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Reads the hex test vectors of {@code spec/vectors/} (format in its README.md), from a folder
 * or from the classpath, where the spec jar carries them under {@code spec/vectors/}. Other
 * modules' tests read the same files through {@link #fromClasspath()}, so no vector is copied.
 *
 * <p>Vectors are fixed files; nothing here writes or regenerates them. A file that breaks the
 * format is a kit error and throws {@link IllegalArgumentException} naming file and line.
 */
public final class VectorLoader {

    /** Classpath folder of the vectors inside the spec jar. */
    public static final String CLASSPATH_FOLDER = "spec/vectors";
    public static final String EXTENSION = ".vec";

    private VectorLoader() {
    }

    /** Every vector on the classpath, ordered by path. */
    public static List<TestVector> fromClasspath() {
        final URL readme = VectorLoader.class.getClassLoader().getResource(CLASSPATH_FOLDER + "/README.md");
        if (readme == null) {
            throw new IllegalStateException(CLASSPATH_FOLDER + "/README.md is not on the classpath; is mprt-spec a dependency?");
        }
        try {
            final URI uri = readme.toURI();
            if ("jar".equals(uri.getScheme())) {
                try (FileSystem jar = openJar(uri)) {
                    return fromDirectory(jar.getPath("/" + CLASSPATH_FOLDER));
                } catch (final FileSystemAlreadyExistsException alreadyOpen) {
                    return fromDirectory(FileSystems.getFileSystem(uri).getPath("/" + CLASSPATH_FOLDER));
                }
            }
            return fromDirectory(Paths.get(uri).getParent());
        } catch (final URISyntaxException e) {
            throw new IllegalStateException("cannot locate " + readme, e);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The vector with this ID from the classpath. */
    public static TestVector byId(final String id) {
        for (final TestVector vector : fromClasspath()) {
            if (vector.id().equals(id)) {
                return vector;
            }
        }
        throw new IllegalArgumentException("no test vector " + id);
    }

    /** Every {@code *.vec} file under {@code folder}, ordered by relative path. */
    public static List<TestVector> fromDirectory(final Path folder) {
        final List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.filter(p -> p.getFileName() != null && p.getFileName().toString().endsWith(EXTENSION)).forEach(files::add);
        } catch (final IOException e) {
            throw new UncheckedIOException(e);
        }
        final List<TestVector> vectors = new ArrayList<>(files.size());
        files.sort((a, b) -> relative(folder, a).compareTo(relative(folder, b)));
        for (final Path file : files) {
            try {
                vectors.add(parse(relative(folder, file), Files.readAllLines(file, StandardCharsets.UTF_8)));
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Collections.unmodifiableList(vectors);
    }

    /** Parses one vector file; {@code source} is its path relative to the vectors folder. */
    public static TestVector parse(final String source, final List<String> lines) {
        final Header header = new Header();
        final HexBytes bytes = new HexBytes();
        boolean inHeader = true;
        for (int n = 0; n < lines.size(); n++) {
            final String line = lines.get(n).trim();
            try {
                if (line.startsWith("#")) {
                    if (inHeader) {
                        header.accept(line);
                    }
                } else if (!line.isEmpty()) {
                    inHeader = false;
                    bytes.append(line);
                }
            } catch (final RuntimeException e) {
                throw new IllegalArgumentException(source + ":" + (n + 1) + ": " + e.getMessage(), e);
            }
        }
        final String fileName = source.substring(source.lastIndexOf('/') + 1);
        if (header.id == null || header.startsAt == null || header.expectation == null) {
            throw new IllegalArgumentException(source + ": needs # id:, # starts-at: and # expect:");
        }
        if (!fileName.equals(header.id + EXTENSION)) {
            throw new IllegalArgumentException(source + ": # id: " + header.id + " does not name the file");
        }
        final byte[] frame = bytes.toArray();
        final long original = header.originalLength < 0 ? frame.length : header.originalLength;
        if (original < frame.length) {
            throw new IllegalArgumentException(source + ": # original-length: " + original + " is under the "
                + frame.length + " bytes of the frame");
        }
        return new TestVector(header.id, source, header.requirements, header.description, header.startsAt,
            header.expectation, header.fields, frame, original);
    }

    private static String relative(final Path folder, final Path file) {
        return folder.relativize(file).toString().replace('\\', '/');
    }

    private static FileSystem openJar(final URI uri) throws IOException {
        return FileSystems.newFileSystem(uri, Collections.emptyMap());
    }

    /** The {@code # key: value} lines before the first hex line; other comment lines are ignored. */
    private static final class Header {
        private final List<String> requirements = new ArrayList<>();
        private final List<FieldExpectation> fields = new ArrayList<>();
        private String id;
        private String description = "";
        private StartsAt startsAt;
        private Expectation expectation;
        private long originalLength = -1;

        void accept(final String line) {
            final int colon = line.indexOf(':');
            if (colon < 0) {
                return;
            }
            final String value = line.substring(colon + 1).trim();
            switch (line.substring(1, colon).trim().toLowerCase(Locale.ROOT)) {
                case "id":
                    id = value;
                    break;
                case "requirement":
                    for (final String requirement : value.split(",")) {
                        if (!requirement.isBlank()) {
                            requirements.add(requirement.trim());
                        }
                    }
                    break;
                case "description":
                    description = value;
                    break;
                case "starts-at":
                    startsAt = StartsAt.parse(value);
                    break;
                case "expect":
                    expectation = Expectation.parse(value);
                    break;
                case "field":
                    fields.add(FieldExpectation.parse(value));
                    break;
                case "original-length":
                    originalLength = Long.parseLong(value);
                    break;
                default:
                    break;
            }
        }
    }

    /** Hex lines: pairs of hex digits separated by white space. */
    private static final class HexBytes {
        private byte[] data = new byte[256];
        private int length;

        void append(final String line) {
            for (final String token : line.split("\\s+")) {
                final int high = token.length() == 2 ? Character.digit(token.charAt(0), 16) : -1;
                final int low = token.length() == 2 ? Character.digit(token.charAt(1), 16) : -1;
                if (high < 0 || low < 0) {
                    throw new IllegalArgumentException("expected a byte as two hex digits, found '" + token + "'");
                }
                final int value = high << 4 | low;
                if (length == data.length) {
                    final byte[] grown = new byte[data.length * 2];
                    System.arraycopy(data, 0, grown, 0, length);
                    data = grown;
                }
                data[length++] = (byte) value;
            }
        }

        byte[] toArray() {
            final byte[] out = new byte[length];
            System.arraycopy(data, 0, out, 0, length);
            return out;
        }
    }
}
