package org.mprt.ctk.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The ctk command line: one subcommand per verb. */
@Command(name = "ctk", mixinStandardHelpOptions = true, versionProvider = Ctk.Version.class,
    description = "mprt-ctk: conformance and interop test kit for the MPRT multipath RDMA transport "
        + "profile and the RoCEv2 baseline.",
    subcommands = {RunCommand.class, VerdictCommand.class, LiveCommand.class, CoverageCommand.class, MergeCommand.class,
        DissectorCommand.class, TestCommand.class, CommandLine.HelpCommand.class},
    footer = ExitCodes.FOOTER)
public final class Ctk implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(final String[] args) {
        // Picocli then does not look for Groovy's closure class, which the kit never has: some 20 ms of
        // every command's start (`java -jar ctk.jar --version` 0.257 s against 0.275 s, means of eight runs).
        System.setProperty("picocli.disable.closures", "true");
        int code;
        try {
            code = execute(args);
        } catch (final OutOfMemoryError e) {
            // Uncaught, the JVM would exit with 1, which says a requirement failed: a crash must never look like a FAIL.
            System.err.println(outOfMemory(Runtime.getRuntime().maxMemory()));
            code = ExitCodes.KIT_ERROR;
        }
        System.exit(code);
    }

    /** What to say when the JVM ran out of heap: why it can happen, and how to give it more. */
    static String outOfMemory(final long maxHeapBytes) {
        return "ctk: kit error: out of memory, with a maximum heap of " + (maxHeapBytes >> 20) + " MB. Judging a"
            + " capture keeps from about 0.1 MB (a short connection) to about 11 MB (a long one) for each MPRT"
            + " connection direction it holds (at most 1024 of them are followed), and a run keeps its scenarios'"
            + " results; give the JVM more heap, e.g. JAVA_TOOL_OPTIONS=-Xmx4g ./ctk ...";
    }

    /** Runs a command line and returns its exit code (never exits the JVM). */
    public static int execute(final String... args) {
        final CommandLine cli = new CommandLine(new Ctk());
        // `ctk run @reports/run/rerun.txt` names a rerun file; picocli must not expand it as an argument file.
        cli.setExpandAtFiles(false);
        applyExitCodes(cli);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof InputException) {
                commandLine.getErr().println("ctk: " + e.getMessage());
                return ExitCodes.INPUT_ERROR;
            }
            if (e instanceof FileSystemException f) {
                // Checked beforehand where the kit can (OutputFolder); a folder that changes under a run still
                // ends here, said as what it is, not as a bug of the kit.
                commandLine.getErr().println("ctk: cannot write or read " + f.getFile() + ": " + reason(f));
                return ExitCodes.INPUT_ERROR;
            }
            commandLine.getErr().println("ctk: kit error: " + e);
            e.printStackTrace(commandLine.getErr());
            return ExitCodes.KIT_ERROR;
        });
        return cli.execute(args);
    }

    /** The system's reason, or what the exception's type says when the system gave none. */
    private static String reason(final FileSystemException f) {
        if (f.getReason() != null) {
            return f.getReason();
        }
        if (f instanceof AccessDeniedException) {
            return "permission denied";
        }
        return f instanceof NoSuchFileException ? "no such file or folder" : f.getClass().getSimpleName();
    }

    private static void applyExitCodes(final CommandLine cli) {
        cli.getCommandSpec().exitCodeOnInvalidInput(ExitCodes.INPUT_ERROR);
        cli.getCommandSpec().exitCodeOnExecutionException(ExitCodes.KIT_ERROR);
        for (final CommandLine sub : cli.getSubcommands().values()) {
            applyExitCodes(sub);
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (" + String.join(", ",
            spec.subcommands().keySet().stream().filter(name -> !name.equals("help")).toList()) + ")");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"mprt-ctk " + KitHome.kitVersion() + " (MPRT profile 0.1, RoCEv2 baseline)"};
        }
    }
}
