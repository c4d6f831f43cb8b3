package org.mprt.ctk.verdict.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.verdict.state.CapturePoint;
import org.mprt.ctk.verdict.state.CaptureState;
import org.mprt.ctk.verdict.state.Timers;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.ip.Ecn;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * MPRT-CONN-002 remembers packets by address pair and path for at most {@link ConnectionNamingRule#MAX_LOGS}
 * pairs: past the cap it keeps nothing for a new pair, not even its empty table, so that a capture of
 * ever new address pairs does not grow its memory (a million pairs had held 200 MB of empty tables).
 */
class ConnectionNamingCapTest {

    @Test
    void shouldKeepATableForNoMoreAddressPairsThanItHasLogs(@TempDir final Path dir) throws Exception {
        final Path capture = dir.resolve("pairs.pcap");
        final int pairs = ConnectionNamingRule.MAX_LOGS + 100;
        final byte[] frame = new byte[512];
        try (PcapWriter w = PcapWriter.create(capture, LinkType.ETHERNET, ByteOrder.LITTLE_ENDIAN, 65535)) {
            for (int n = 0; n < pairs; n++) {
                // One data packet from each of as many source addresses, all of one connection direction
                // (the state's cap on directions would otherwise hide the later ones from the rule).
                final FrameEncoder e = new FrameEncoder().ethernet(0x02_00_00_00_00_0BL, 0x02_00_00_00_00_0AL)
                    .ipv4(0x0B00_0000 + n, 0x0A00_0002).ecn(Ecn.ECT_0).udpSourcePort(0xC000)
                    .opcode(OpcodeTable.MPRT_WRITE).payloadLength(64);
                e.begin(frame, 0).bth().destQp(0x100).psn(n);
                e.extensions().mdeth().scn(0x200).msn(n).messageLength(64).f(1).l(1).txTimestamp(n);
                final int length = e.finish();
                w.write(1_767_225_600_000_000_000L + n * 1000L, frame, 0, length, length);
            }
        }
        final ConnectionNamingRule rule = new ConnectionNamingRule();

        try (CaptureReader reader = CaptureReader.open(capture)) {
            Judge.run(reader, List.of(rule), new CaptureState(CapturePoint.inferred(), false, Timers.defaults()));
        }

        assertThat(rule.planesHeld()).isEqualTo(ConnectionNamingRule.MAX_LOGS);
    }
}
