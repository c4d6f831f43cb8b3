package org.mprt.ctk.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mprt.ctk.verdict.report.ReportFiles;
import org.mprt.ctk.wire.dissector.WiresharkDissector;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The Wireshark dissector for MPRT, written from the kit's wire codec. */
@Command(name = "dissector", mixinStandardHelpOptions = true,
    description = {"Write a Wireshark dissector for MPRT (Lua), made from the kit's wire codec.",
        "Wireshark shows MPRT packets as RoCEv2 with an unknown opcode; with it, a",
        "capture's MPRT headers, payload and ICRC are shown and filterable by the field",
        "names the verdicts use (mprt.mdeth.path_id == 3), and the ICRC of MPRT and",
        "RoCEv2 packets is checked as the kit checks it (mprt.icrc.status == 0 or",
        "roce_icrc.status == 0: a bad one; preference mprt.check_icrc turns it off):",
        "  ./ctk dissector --out mprt.lua",
        "  wireshark -X lua_script:mprt.lua capture.pcap",
        "spec/wireshark/mprt.lua is the same file, kept in the repository. Wireshark 4.4",
        "runs no Lua script for root: open captures as a user."},
    footer = ExitCodes.FOOTER)
final class DissectorCommand implements Callable<Integer> {

    @Option(names = "--out", paramLabel = "FILE", description = "File to write (default: standard output)")
    private Path out;

    @Override
    public Integer call() throws IOException {
        final byte[] lua = WiresharkDissector.lua().getBytes(StandardCharsets.UTF_8);
        if (out == null) {
            final PrintStream stdout = System.out;
            stdout.write(lua);
            stdout.flush();
            return ExitCodes.PASS;
        }
        ReportFiles.writeAtomically(OutputFolder.file("--out", out), o -> o.write(lua));
        System.err.println("wrote " + out);
        return ExitCodes.PASS;
    }
}
