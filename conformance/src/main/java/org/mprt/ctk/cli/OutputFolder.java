package org.mprt.ctk.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A folder a command writes into, checked before the command does any work: a suite run or a
 * judgement of many captures must not end, after minutes, on a folder it cannot make. Nothing is
 * created here (a command that then finds its input malformed leaves no folder behind); the folder
 * is made, with any missing parents, when its first report is written.
 */
final class OutputFolder {

    private OutputFolder() {
    }

    /**
     * The folder named by {@code --out}, or {@code fallback} when none was, when it is a folder that
     * can be written or can be made: its nearest existing ancestor is a folder this process may write in.
     *
     * @throws InputException naming the folder, how it was chosen and what stands in its way
     */
    static Path of(final Path given, final Path fallback) {
        final Path dir = given != null ? given : fallback;
        final String named = given != null ? "--out " + given : "the default output folder " + fallback;
        final String instead = given != null ? "" : " (choose another with --out)";
        check(dir, named, instead);
        return dir;
    }

    /**
     * Checks that the file an option names can be written: it is not a folder, and the folder it
     * goes in can be written or made.
     */
    static Path file(final String option, final Path file) {
        final String named = option + " " + file;
        if (Files.isDirectory(file)) {
            throw new InputException(named + ": is a folder, expected a file");
        }
        final Path parent = file.toAbsolutePath().normalize().getParent();
        if (parent != null) {
            check(parent, named, "");
        }
        return file;
    }

    private static void check(final Path dir, final String named, final String instead) {
        Path existing = dir.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        if (!Files.isDirectory(existing)) {
            throw new InputException(named + ": " + existing + " is a file, expected a folder"
                + (existing.equals(dir.toAbsolutePath().normalize()) ? "" : " to make a folder in") + instead);
        }
        if (!Files.isWritable(existing)) {
            throw new InputException(named + ": cannot write in " + existing + " (no write permission)" + instead);
        }
    }

    /**
     * Removes from {@code dir} the files and folders (with all they hold) an earlier run of the command
     * wrote there, so that the reports describe this run only; nothing else in {@code dir} is touched.
     */
    static void forgetEarlierRun(final Path dir, final List<String> files, final List<String> folders) throws IOException {
        for (final String name : files) {
            Files.deleteIfExists(dir.resolve(name));
        }
        for (final String name : folders) {
            final Path folder = dir.resolve(name);
            if (!Files.exists(folder)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(folder)) {
                for (final Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
