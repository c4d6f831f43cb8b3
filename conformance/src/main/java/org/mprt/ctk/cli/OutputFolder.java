package org.mprt.ctk.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A folder a command will write into, checked before the command does any work: a suite run or a
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
}
