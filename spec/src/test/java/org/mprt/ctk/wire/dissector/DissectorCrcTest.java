package org.mprt.ctk.wire.dissector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.wire.Processes;

/**
 * The dissector's CRC-32, which Wireshark runs in whichever Lua it was built with, gives what
 * {@link CRC32} gives, under every stand-alone Lua interpreter on the PATH: its bitwise operations
 * come from operators (Lua 5.3 on), from bit32 (5.2) or from the bit library (5.1, LuaJIT), and
 * that library answers with signed numbers. Tshark runs one of these paths; this test runs the others
 * where their interpreters are installed (Debian: lua5.1 and lua-bitop, lua5.2, lua5.3, lua5.4).
 */
class DissectorCrcTest {

    /** Interpreters tried, each with what it runs first: Lua 5.1 and LuaJIT have the bit library as a module. */
    private static final List<List<String>> INTERPRETERS = List.of(
        List.of("lua5.1", "-e", "bit = require('bit')"), List.of("luajit", "-e", "bit = require('bit')"),
        List.of("lua5.2"), List.of("lua5.3"), List.of("lua5.4"));
    /** The Debian packages of those interpreters, installed where a test may (as root, with apt-get). */
    private static final List<String> PACKAGES = List.of("lua5.1", "lua-bitop", "lua5.2", "lua5.4");
    /** Where the dissector's bitwise operations and CRC-32 begin and end. */
    private static final String FIRST = "-- Bitwise operations:";
    private static final String AFTER = "local function ones(";

    @TempDir
    Path work;

    @Test
    void shouldComputeTheCrcOfIeee8023UnderEveryLuaInstalled() throws IOException, InterruptedException {
        final String lua = WiresharkDissector.lua();
        assertThat(lua).as("the dissector's CRC-32 is found by its first line and what follows it")
            .contains(FIRST, AFTER);
        final List<byte[]> inputs = new ArrayList<>(List.of("123456789".getBytes(StandardCharsets.US_ASCII), new byte[0]));
        final SplittableRandom random = new SplittableRandom(0xC3C);
        for (final int length : new int[] {1, 63, 1100, 4096, 9000}) {
            final byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            inputs.add(bytes);
        }
        final StringBuilder script = new StringBuilder(lua.substring(lua.indexOf(FIRST), lua.indexOf(AFTER)));
        script.append("local function hex(h)\n  local t = {}\n  for i = 1, #h, 2 do t[#t + 1] = tonumber(h:sub(i, i + 1), 16) end\n")
            .append("  return t\nend\n");
        final List<String> expected = new ArrayList<>();
        for (final byte[] input : inputs) {
            script.append("print(string.format('%08X', bxor(crc32_update(0xFFFFFFFF, hex('")
                .append(HexFormat.of().formatHex(input)).append("')), 0xFFFFFFFF) % 4294967296))\n");
            final CRC32 crc = new CRC32();
            crc.update(input);
            expected.add(String.format("%08X", crc.getValue()));
        }
        final Path file = Files.writeString(work.resolve("crc.lua"), script);
        int ran = ranUnder(file, expected);
        if (ran == 0 && Processes.installWhereAllowed("", PACKAGES)) {
            ran = ranUnder(file, expected);
        }
        assumeTrue(ran > 0, "skipped: none of lua5.1 (with lua-bitop), luajit, lua5.2, lua5.3, lua5.4 is installed;"
            + " run: sudo apt-get install -y " + String.join(" ", PACKAGES));
    }

    /** How many interpreters ran the script, each checked to print what is expected. */
    private static int ranUnder(final Path script, final List<String> expected) throws IOException, InterruptedException {
        int ran = 0;
        for (final List<String> interpreter : INTERPRETERS) {
            final List<String> command = new ArrayList<>(interpreter);
            command.add(script.toString());
            final Processes.Result result;
            try {
                result = Processes.run(command, 60);
            } catch (final IOException notInstalled) {
                continue;
            }
            if (result.exitCode() != 0 && result.stderr().contains("module 'bit' not found")) {
                continue;
            }
            assertThat(result.exitCode()).as("%s: %s", String.join(" ", command), result.stderr()).isZero();
            assertThat(result.stdout().lines().toList()).as("%s", String.join(" ", command)).isEqualTo(expected);
            ran++;
        }
        return ran;
    }
}
