package org.mprt.ctk.verdict.captures;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;
import org.mprt.ctk.verdict.CaptureJudge;
import org.mprt.ctk.verdict.DirectionSummary;
import org.mprt.ctk.verdict.Judgement;
import org.mprt.ctk.verdict.state.CaptureSide;

/**
 * Two nodes on one host with addresses of their own (10.0.0.1 and 10.0.0.2 on plane 0, as a
 * software implementation tested on one machine has them) talk over the loopback device, which
 * Linux frames with both MAC addresses zero: the capture stands at both ends, though no address says
 * so. The same frames with real MAC addresses say nothing of the kind.
 */
class LoopbackDeviceTest {

    @Test
    void framesOnTheLoopbackDevicePutTheCaptureAtBothEnds(@TempDir final Path dir) throws Exception {
        final List<byte[]> onLo = new ArrayList<>();
        final List<byte[]> onWire = new WireCaptures().mprtClean();
        for (final byte[] frame : onWire) {
            final byte[] copy = frame.clone();
            ByteBuffer.wrap(copy).putInt(0, 0).putLong(4, 0);
            onLo.add(copy);
        }

        final Judgement lo = judge(dir, "lo.pcap", onLo);
        final Judgement wire = judge(dir, "wire.pcap", onWire);

        assertThat(lo.directions()).isNotEmpty().allSatisfy(d -> {
            assertThat(d.side()).isEqualTo(CaptureSide.BOTH_ENDS);
            assertThat(d.why()).contains("loopback device");
        });
        assertThat(wire.directions()).extracting(DirectionSummary::side).doesNotContain(CaptureSide.BOTH_ENDS);
    }

    private static Judgement judge(final Path dir, final String name, final List<byte[]> frames) throws Exception {
        final CaptureFile file = CaptureFile.spaced(name, LinkType.ETHERNET, PcapWriter.DEFAULT_SNAP_LENGTH_BYTES, frames);
        file.write(dir);
        return CaptureJudge.standard().judge(dir.resolve(name));
    }
}
