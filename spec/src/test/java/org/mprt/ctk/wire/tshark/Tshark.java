package org.mprt.ctk.wire.tshark;

import static org.mprt.ctk.wire.Processes.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.mprt.ctk.wire.Processes;
import org.mprt.ctk.wire.Processes.Result;

/**
 * Runs Wireshark's command-line tools for the cross-check test, installing them first when they
 * are missing and the test runs as root with apt-get.
 */
final class Tshark {

    /** The command a person runs to install the tools. */
    static final String INSTALL_COMMAND = "sudo DEBIAN_FRONTEND=noninteractive apt-get install -y tshark";

    /** The columns {@link #fields} takes from tshark's printed columns, by field name: their column formats. */
    private static final Map<String, String> COLUMNS = Map.of(
        "_ws.col.Protocol", "\"Protocol\",\"%p\"",
        "_ws.col.Info", "\"Info\",\"%i\"");
    /** A boolean as tshark 4.4 prints it, alone or between the aggregator's commas. */
    private static final Pattern BOOLEANS = Pattern.compile("(?<=^|,)(True|False)(?=,|$)");

    private Tshark() {
    }

    /** Skips the test class unless tshark and text2pcap are usable, after trying to install them where allowed. */
    static void assumeInstalled() throws IOException, InterruptedException {
        Assumptions.assumeTrue(ensureInstalled(),
            "skipped: tshark and text2pcap (package wireshark-common) are not installed; run: " + INSTALL_COMMAND);
    }

    /**
     * Skips the test class unless tshark runs Lua scripts at all, tried with one of a single field
     * over {@code capture}: some builds run none for root (tshark 4.4 in Debian 13 says nothing, then
     * refuses the script's fields). A script of the kit's that fails to load still fails its tests.
     */
    static void assumeLuaScriptsRun(final Path capture, final Path folder) throws IOException, InterruptedException {
        final Path probe = Files.writeString(Files.createTempFile(folder, "probe", ".lua"), """
            local probe = Proto("ctkprobe", "Lua probe")
            probe.fields = { ProtoField.uint8("ctkprobe.seen", "Seen") }
            register_postdissector(probe)
            """);
        final Result result = run(List.of("tshark", "-n", "-r", capture.toString(), "-c", "1", "-X", "lua_script:" + probe,
            "-T", "fields", "-e", "ctkprobe.seen"), 60);
        Assumptions.assumeTrue(result.exitCode() == 0, () -> "skipped: this tshark runs no Lua script"
            + (isRootQuietly() ? " for root (run the tests as a user)" : "") + ": " + result.stderr().strip());
    }

    private static boolean isRootQuietly() {
        try {
            return Processes.isRoot();
        } catch (final IOException e) {
            return false;
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** True when tshark and text2pcap are usable, after trying to install them where allowed. */
    static boolean ensureInstalled() throws IOException, InterruptedException {
        if (present()) {
            return true;
        }
        // Answer wireshark-common's question (may non-root users capture?) before it is asked.
        Processes.installWhereAllowed("echo 'wireshark-common wireshark-common/install-setuid boolean false'"
            + " | debconf-set-selections; ", List.of("tshark"));
        return present();
    }

    /** Converts a text2pcap hex dump into a pcap with Ethernet link type. */
    static void text2pcap(final Path hexDump, final Path pcap) throws IOException, InterruptedException {
        final Result result = run(List.of("text2pcap", "-q", hexDump.toString(), pcap.toString()), 60);
        if (result.exitCode() != 0) {
            throw new IOException("text2pcap failed: " + result.stderr());
        }
    }

    /** An Ethernet pcap of these frames, written by text2pcap into {@code folder}. */
    static Path pcapOf(final List<byte[]> frames, final Path folder) throws IOException, InterruptedException {
        final Path dump = Files.createTempFile(folder, "frames", ".txt");
        final Path pcap = Files.createTempFile(folder, "frames", ".pcap");
        final StringBuilder text = new StringBuilder();
        for (final byte[] frame : frames) {
            for (int i = 0; i < frame.length; i += 16) {
                text.append(String.format("%06x", i));
                for (int j = i; j < Math.min(i + 16, frame.length); j++) {
                    text.append(String.format(" %02x", frame[j] & 0xFF));
                }
                text.append('\n');
            }
        }
        Files.writeString(dump, text, StandardCharsets.US_ASCII);
        text2pcap(dump, pcap);
        return pcap;
    }

    /** tshark -T fields over a pcap: per frame, per field, every occurrence joined by {@code ,}. */
    static List<String[]> fields(final Path pcap, final List<String> fieldNames) throws IOException, InterruptedException {
        return fields(pcap, fieldNames, List.of());
    }

    /**
     * As {@link #fields(Path, List)}, with tshark given {@code options} too (such as a Lua script).
     * Read alike from tshark 4.0 to 4.4: a boolean is 1 or 0 (4.4 prints True or False), and the
     * Protocol and Info columns ({@code _ws.col.Protocol}, {@code _ws.col.Info}) are those tshark
     * prints, since 4.4 fills those fields before a Lua post-dissector sets the columns.
     */
    static List<String[]> fields(final Path pcap, final List<String> fieldNames, final List<String> options)
        throws IOException, InterruptedException {
        final List<String[]> rows = new ArrayList<>();
        for (final String line : tshark(pcap, options, fieldArguments(fieldNames))) {
            final String[] row = line.split("\t", -1);
            for (int i = 0; i < row.length; i++) {
                row[i] = BOOLEANS.matcher(row[i]).replaceAll(m -> m.group().startsWith("T") ? "1" : "0");
            }
            rows.add(row);
        }
        printedColumns(pcap, options, fieldNames, rows);
        return rows;
    }

    /** Puts in {@code rows} the columns of {@link #COLUMNS} that {@code fieldNames} asks for, as tshark prints them. */
    private static void printedColumns(final Path pcap, final List<String> options, final List<String> fieldNames,
                                       final List<String[]> rows) throws IOException, InterruptedException {
        final List<Integer> columns = new ArrayList<>();
        final List<String> formats = new ArrayList<>(List.of("\"No.\",\"%m\""));
        for (int i = 0; i < fieldNames.size(); i++) {
            final String format = COLUMNS.get(fieldNames.get(i));
            if (format != null) {
                columns.add(i);
                formats.add(format);
            }
        }
        if (columns.isEmpty()) {
            return;
        }
        final List<String> printed = tshark(pcap, options, List.of("-o", "gui.column.format:" + String.join(",", formats),
            "-T", "tabs"));
        if (printed.size() != rows.size()) {
            throw new IOException("tshark printed " + printed.size() + " frames' columns and " + rows.size() + " frames' fields");
        }
        for (int n = 0; n < rows.size(); n++) {
            final String[] cells = printed.get(n).split("\t", -1);
            for (int k = 0; k < columns.size(); k++) {
                if (columns.get(k) < rows.get(n).length) {
                    rows.get(n)[columns.get(k)] = k + 1 < cells.length ? cells[k + 1] : "";
                }
            }
        }
    }

    private static List<String> fieldArguments(final List<String> fieldNames) {
        final List<String> arguments = new ArrayList<>(List.of("-T", "fields", "-E", "separator=/t", "-E", "occurrence=a",
            "-E", "aggregator=,"));
        for (final String name : fieldNames) {
            arguments.add("-e");
            arguments.add(name);
        }
        return arguments;
    }

    /** tshark's lines for the capture, given {@code options} then {@code output}; empty lines dropped. */
    private static List<String> tshark(final Path pcap, final List<String> options, final List<String> output)
        throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of("tshark", "-n", "-r", pcap.toString()));
        command.addAll(options);
        // Payload heuristics (RPC over RDMA and friends) would claim SEND payloads and mark short ones malformed.
        for (final String protocol : List.of("rpcordma", "smb_direct", "iser", "nvme-rdma", "lnet", "infiniband_sdp", "fcoib", "smc")) {
            command.add("--disable-protocol");
            command.add(protocol);
        }
        command.addAll(output);
        final Result result = run(command, 120);
        if (result.exitCode() != 0) {
            throw new IOException("tshark failed: " + result.stderr());
        }
        final List<String> lines = new ArrayList<>();
        for (final String line : result.stdout().split("\n")) {
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static boolean present() throws IOException, InterruptedException {
        return run(List.of("sh", "-c", "command -v tshark && command -v text2pcap"), 10).exitCode() == 0;
    }
}
