package org.mprt.ctk.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import org.mprt.ctk.pcap.CaptureWriter;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.wire.encode.FrameEncoder;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/**
 * The capture the read benchmarks share: RoCEv2 RC WRITE packets of one QP with 1024-byte payloads
 * and an ACK every 8 packets, in a nanosecond pcap, so the numbers speak of the traffic the kit judges.
 */
final class BenchmarkCapture {

    private BenchmarkCapture() {
    }

    static void write(final Path file, final int frames) throws IOException {
        final byte[] buffer = new byte[2048];
        final FrameEncoder data = new FrameEncoder().ethernet(0x02_00_00_00_00_0BL, 0x02_00_00_00_00_0AL)
            .ipv4(0x0A00_0001, 0x0A00_0002).udpSourcePort(0xC000).opcode(OpcodeTable.RC_RDMA_WRITE_MIDDLE)
            .payloadLength(1024);
        final FrameEncoder ack = new FrameEncoder().ethernet(0x02_00_00_00_00_0AL, 0x02_00_00_00_00_0BL)
            .ipv4(0x0A00_0002, 0x0A00_0001).udpSourcePort(0xC001).opcode(OpcodeTable.RC_ACKNOWLEDGE);
        try (CaptureWriter w = PcapWriter.create(file, LinkType.ETHERNET)) {
            int psn = 0;
            for (int i = 0; i < frames; i++) {
                final int length;
                if (i % 9 == 8) {
                    ack.begin(buffer, 0).bth().destQp(0x22).psn(psn - 1);
                    ack.extensions().aeth().syndrome(0x1F).msn(i / 9);
                    length = ack.finish();
                } else {
                    data.begin(buffer, 0).bth().destQp(0x11).psn(psn++ & 0xFFFFFF);
                    length = data.finish();
                }
                w.write(1_767_225_600_000_000_000L + i * 100L, buffer, 0, length, length);
            }
        }
    }
}
