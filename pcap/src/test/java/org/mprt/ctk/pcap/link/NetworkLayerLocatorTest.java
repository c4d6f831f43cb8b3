package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.pcap.PcapWriter;

class NetworkLayerLocatorTest {
    /** Linux SLL up to its protocol type: packet type, ARPHRD_ETHER, address length 6, address. */
    private static final String SLL_ADDRESSES = "0000" + "0001" + "0006" + "0200000000bb0000";

    @TempDir
    Path tempDir;

    @Test
    void shouldUnwrapFramesAsTheReaderDeliversThem() throws IOException {
        final Path file = tempDir.resolve("sll.pcap");
        try (PcapWriter writer = PcapWriter.create(file, LinkType.LINUX_SLL)) {
            writer.write(1L, HexFormat.of().parseHex(SLL_ADDRESSES + "0800" + "45000014"));
            writer.write(2L, HexFormat.of().parseHex(SLL_ADDRESSES + "8100" + "0064" + "86dd" + "6000"));
        }
        final NetworkLayer layer = new NetworkLayer();
        final Frame frame = new Frame();

        try (CaptureReader reader = CaptureReader.open(file)) {
            assertThat(reader.next(frame)).isTrue();
            assertThat(NetworkLayerLocator.locate(frame, layer)).isTrue();
            assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
            assertThat(layer.offsetBytes()).isEqualTo(16);
            assertThat(frame.byteAt(layer.offsetBytes())).isEqualTo((byte) 0x45);

            assertThat(reader.next(frame)).isTrue();
            assertThat(NetworkLayerLocator.locate(frame, layer)).isTrue();
            assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV6);
            assertThat(layer.outerVlanId()).isEqualTo(100);
        }
    }

    @Test
    void shouldLeaveUnknownLinkTypesNotUnwrapped() {
        final NetworkLayer layer = HexFrame.locate(LinkType.UNKNOWN, HexFrame.of("4500 0014"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.NOT_UNWRAPPED);
        assertThat(layer.isLocated()).isFalse();
    }

    @Test
    void shouldForgetThePreviousFrame() {
        final NetworkLayer layer = new NetworkLayer();
        final ByteBuffer tagged = HexFrame.of("0200000000aa0200000000bb 8100 0064 0800 4500");
        final ByteBuffer untagged = HexFrame.of("0200000000aa0200000000bb 0806 0001");

        NetworkLayerLocator.locate(LinkType.ETHERNET, tagged, 0, tagged.limit(), layer);
        final boolean located = NetworkLayerLocator.locate(LinkType.ETHERNET, untagged, 0, untagged.limit(), layer);

        assertThat(located).isTrue();
        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(layer.etherType()).isEqualTo(0x0806);
        assertThat(layer.vlanTagCount()).isZero();
        assertThat(layer.outerVlanId()).isEqualTo(NetworkLayer.NO_VLAN);
    }

    @Test
    void shouldRefuseAFrameOutsideItsBuffer() {
        final ByteBuffer buffer = ByteBuffer.allocate(10);

        assertThatThrownBy(() -> NetworkLayerLocator.locate(LinkType.ETHERNET, buffer, 4, 7, new NetworkLayer()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("frame of 7 bytes at index 4");
    }
}
