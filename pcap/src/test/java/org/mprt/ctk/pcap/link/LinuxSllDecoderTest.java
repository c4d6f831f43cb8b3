package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkDirection;
import org.mprt.ctk.pcap.LinkType;

class LinuxSllDecoderTest {
    /** Packet type 0 (to us), ARPHRD_ETHER, 6-byte address padded to 8. */
    private static final String SLL_PREFIX = "0000 0001 0006 0200000000bb0000 ";

    @Test
    void shouldFindIpv4AfterTheSixteenByteHeader() {
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of(SLL_PREFIX + "0800 4500"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(16);
        assertThat(layer.etherType()).isEqualTo(EtherType.IPV4);
        assertThat(layer.sourceMacOffsetBytes()).isEqualTo(6);
    }

    @Test
    void shouldGiveNoSourceAddressForALinkLayerAddressThatIsNotAMac() {
        // ARPHRD_IPGRE (778), a 4-byte address.
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of("0000 030a 0004 c0a8000100000000 0800 4500"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.sourceMacOffsetBytes()).isEqualTo(-1);
    }

    @Test
    void shouldStepOverAVlanTagKeptInTheCookedPayload() {
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of(SLL_PREFIX + "8100 00c8 86dd 6000"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(layer.offsetBytes()).isEqualTo(20);
        assertThat(layer.outerVlanId()).isEqualTo(200);
    }

    @Test
    void shouldReportLinuxProtocolCodesAsOther() {
        // LINUX_SLL_P_802_2 (4): an 802.2 LLC frame, no EtherType.
        final NetworkLayer layer = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of(SLL_PREFIX + "0004 4242"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(layer.etherType()).isEqualTo(4);
    }

    @Test
    void shouldReportAHeaderShorterThanSixteenBytesAsTruncated() {
        assertThat(HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of(SLL_PREFIX + "08")).kind())
            .isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    @Test
    void shouldTellWhichWayTheHostSawTheFrameFromItsPacketType() {
        final NetworkLayer received = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of(SLL_PREFIX + "0800 4500"));
        final NetworkLayer sent = HexFrame.locate(LinkType.LINUX_SLL, HexFrame.of("0004 0001 0006 0200000000aa0000 0800 4500"));

        assertThat(received.direction()).isEqualTo(LinkDirection.INBOUND);
        assertThat(sent.direction()).isEqualTo(LinkDirection.OUTBOUND);
    }
}
