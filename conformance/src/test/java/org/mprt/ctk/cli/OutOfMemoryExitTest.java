package org.mprt.ctk.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * A JVM that runs out of heap while judging exits with the kit's error code and says how to give it
 * more: left uncaught, the error would exit with 1, which says a requirement failed.
 */
class OutOfMemoryExitTest {

    /**
     * As many connection directions as the state follows, each sending one packet on every one of its
     * 64 paths: a path's record holds a few kilobytes from its first packet, so that the state of the
     * 65536 paths needs several times the heap given.
     */
    private static final int CONNECTIONS = 1024;
    private static final int PATHS = 64;
    private static final String HEAP = "-Xmx64m";

    @Test
    void shouldExitWithTheKitErrorAndSayHowToGiveTheJvmMoreHeap(@TempDir final Path dir) throws Exception {
        final Path capture = dir.resolve("many-connections.pcap");
        writeManyConnections(capture);
        final Path err = dir.resolve("stderr.txt");
        final Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            HEAP, "-cp", System.getProperty("java.class.path"), Ctk.class.getName(), "verdict", "--out",
            dir.resolve("reports").toString(), capture.toString()))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();

        final String said = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(said).isEqualTo(ExitCodes.KIT_ERROR);
        assertThat(said).contains("ctk: kit error: out of memory, with a maximum heap of")
            .contains("JAVA_TOOL_OPTIONS=-Xmx").doesNotContain("\tat ");
    }

    /** A data packet on each path of each of {@link #CONNECTIONS} connections, each with its own DestQP and SCN. */
    private static void writeManyConnections(final Path file) throws IOException {
        final FrameEncoder e = new FrameEncoder().ethernet(0x02_00_00_00_00_0BL, 0x02_00_00_00_00_0AL)
            .ipv4(0x0A00_0001, 0x0A00_0002).ecn(Ecn.ECT_0).opcode(OpcodeTable.MPRT_WRITE).payloadLength(64)
            .udpSourcePort(0xC000);
        final byte[] buffer = new byte[2048];
        try (CaptureWriter w = PcapWriter.create(file, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN,
            PcapWriter.DEFAULT_SNAP_LENGTH_BYTES)) {
            long ns = 1_767_225_600_000_000_000L;
            for (int path = 0; path < PATHS; path++) {
                for (int c = 0; c < CONNECTIONS; c++) {
                    e.begin(buffer, 0).bth().destQp(0x100 + 2 * c).psn(0);
                    e.extensions().mdeth().pathId(path).streamId(0).scn(0x100 + 2 * c + 1).msn(path).messageOffset(0)
                        .messageLength(64).virtualAddress(0x7f00_0000_0000L).rkey(0x1234).txTimestamp(path).f(1).l(1);
                    final int n = e.finish();
                    w.write(ns += 100, buffer, 0, n, n);
                }
            }
        }
    }
}
