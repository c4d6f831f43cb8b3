package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.LinkType;

class LinuxSll2DecoderTest {
    /** After the protocol type: reserved, interface index 3, ARPHRD_ETHER, packet type 4 (outgoing), address. */
    private static final String SLL2_REST = " 0000 00000003 0001 04 06 0200000000aa0000 ";

    @Test
    void shouldFindIpv6AfterTheTwentyByteHeader() {
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL2, HexFrame.of("86dd" + SLL2_REST + "6000 0000"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(layer.offsetBytes()).isEqualTo(20);
        assertThat(layer.etherType()).isEqualTo(EtherType.IPV6);
        assertThat(layer.sourceMacOffsetBytes()).isEqualTo(12);
    }

    @Test
    void shouldFindIpv4AfterTheTwentyByteHeader() {
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL2, HexFrame.of("0800" + SLL2_REST + "4500"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(20);
    }

    @Test
    void shouldReportOtherProtocolsWithTheirEtherType() {
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL2, HexFrame.of("0806" + SLL2_REST + "0001"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(layer.etherType()).isEqualTo(0x0806);
    }

    @Test
    void shouldReportAHeaderShorterThanTwentyBytesAsTruncated() {
        final NetworkLayer layer =
            HexFrame.locate(LinkType.LINUX_SLL2, HexFrame.of("0800 0000 00000003 0001 04 06 0200000000aa00"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    @Test
    void shouldTellWhichWayTheHostSawTheFrameFromItsPacketType() {
        final NetworkLayer sent = HexFrame.locate(LinkType.LINUX_SLL2, HexFrame.of("0800" + SLL2_REST + "4500"));
        final NetworkLayer received = HexFrame.locate(LinkType.LINUX_SLL2,
            HexFrame.of("0800 0000 00000003 0001 00 06 0200000000bb0000 4500"));
        final NetworkLayer overheard = HexFrame.locate(LinkType.LINUX_SLL2,
            HexFrame.of("0800 0000 00000003 0001 03 06 0200000000bb0000 4500"));
        final NetworkLayer ethernet = HexFrame.locate(LinkType.ETHERNET, HexFrame.of("0200000000aa0200000000bb 0800 4500"));

        assertThat(sent.direction()).isEqualTo(LinkDirection.OUTBOUND);
        assertThat(received.direction()).isEqualTo(LinkDirection.INBOUND);
        assertThat(overheard.direction()).isEqualTo(LinkDirection.NEITHER);
        assertThat(ethernet.direction()).isEqualTo(LinkDirection.NOT_STATED);
    }

    @Test
    void shouldTellAFrameOnTheLoopbackDeviceByItsArphrdType() {
        final NetworkLayer lo = HexFrame.locate(LinkType.LINUX_SLL2,
            HexFrame.of("0800 0000 00000001 0304 00 06 000000000000 0000 4500"));
        final NetworkLayer ether = HexFrame.locate(LinkType.LINUX_SLL2, HexFrame.of("0800" + SLL2_REST + "4500"));
        final NetworkLayer cookedV1 = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of("0000 0304 0006 0000000000000000 0800 4500"));

        assertThat(lo.isOnLoopbackDevice()).isTrue();
        assertThat(ether.isOnLoopbackDevice()).isFalse();
        assertThat(cookedV1.isOnLoopbackDevice()).isTrue();
    }
}
