package org.mprt.ctk.cli;

/** The exit-code contract of every ctk command, listed in each command's --help. */
public final class ExitCodes {

    /** No MUST or MUST NOT failed (failed SHOULDs, inconclusive and not applicable are reported, not failures). */
    public static final int PASS = 0;
    /** At least one MUST or MUST NOT requirement failed, or (run, merge) a scenario failed. */
    public static final int FAIL = 1;
    /**
     * Usage error or bad input: unknown option, missing file, malformed capture or parameter, output
     * folder that cannot be written.
     */
    public static final int INPUT_ERROR = 2;
    /** The kit itself failed; a crash must never look like a FAIL. */
    public static final int KIT_ERROR = 3;

    /** Lines within picocli's 80 columns, which would otherwise fold them. */
    static final String FOOTER = "%nExit codes:%n"
        + "  0  no MUST or MUST NOT requirement failed (failed SHOULDs, inconclusive%n"
        + "     and not applicable verdicts are reported, not counted as failures)%n"
        + "  1  at least one MUST or MUST NOT requirement failed%n"
        + "  2  usage or input error (bad option, missing or malformed capture, a%n"
        + "     capture truncated while being judged, bad parameter, an output%n"
        + "     folder that cannot be written)%n"
        + "  3  kit error (a bug in the kit: please report it with the command line;%n"
        + "     or the JVM ran out of memory, and the message says how to give it more)%n";

    static final String LIVE_FOOTER = "%nExit codes:%n"
        + "  0  every message arrived intact and no MUST or MUST NOT requirement failed%n"
        + "  1  a MUST or MUST NOT requirement failed, or the bytes did not all arrive;%n"
        + "     or the device under test (--dut-command) broke its contract (ERROR:%n"
        + "     it exited, said nothing in time, or wrote something else)%n"
        + "  2  usage or input error (bad option; no libpcap, iproute2 or rights, or%n"
        + "     another run holding the nodes' addresses; an output folder that cannot%n"
        + "     be written)%n"
        + "  3  kit error (a bug in the kit: please report it with the command line;%n"
        + "     or the JVM ran out of memory, and the message says how to give it more)%n";

    static final String SUITE_FOOTER = "%nExit codes:%n"
        + "  0  every scenario passed and no MUST or MUST NOT requirement failed%n"
        + "     (failed SHOULDs, inconclusive, not applicable and untested%n"
        + "     requirements are reported, not counted as failures)%n"
        + "  1  a scenario failed, a MUST or MUST NOT requirement failed, or a capture was%n"
        + "     not judged as expected; or a device of one's own (--dut) left a scenario%n"
        + "     without a verdict (ERROR: it raised an exception or ran without end)%n"
        + "  2  usage or input error (bad option, tag expression or shard, or tags and a%n"
        + "     name that select no scenario; a feature file asks for something the kit%n"
        + "     cannot do, reported with its file and line; an output folder that%n"
        + "     cannot be written)%n"
        + "  3  kit error (a bug in the kit: please report it with the command line;%n"
        + "     or the JVM ran out of memory, and the message says how to give it more);%n"
        + "     also a scenario that ended in an error before its verdict (ERROR) by the%n"
        + "     kit itself, or by one of the kit's own devices%n";

    private ExitCodes() {
    }
}
