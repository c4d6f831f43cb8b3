package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkType;

class ErfDecoderTest {
    /** An ERF header up to its type: a timestamp. */
    private static final String TIMESTAMP = "0000000000000000 ";
    /** After the type: flags (interface 0), rlen, lctr, then wlen. */
    private static final String FLAGS_RLEN_LCTR = " 00 0058 0000 ";
    private static final String ETHERNET_ADDRESSES = " 0200000000aa0200000000bb ";
    /** The first bytes of an IPv4 header whose total length is 0x003c (60). */
    private static final String IPV4_OF_60 = " 4500 003c";

    @Test
    void shouldFindIpv4InTheEthernetFrameAfterTheHeaderAndPad() {
        final NetworkLayer layer = locate("02" + FLAGS_RLEN_LCTR + "0044" + " 0000" + ETHERNET_ADDRESSES + "0800" + IPV4_OF_60);

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(16 + 2 + 14);
        assertThat(layer.mirroredFrameLengthBytes()).isEqualTo(16 + 2 + 0x44);
        assertThat(layer.sourceMacOffsetBytes()).isEqualTo(16 + 2 + 6);
    }

    @Test
    void shouldFollowVlanTagsInEachEthernetRecordType() {
        for (final String type : new String[] {"02", "0b", "10", "14"}) {
            final NetworkLayer layer = locate(type + FLAGS_RLEN_LCTR + "0046" + " 0000" + ETHERNET_ADDRESSES
                + "8100 0064 86dd 6000 0000");

            assertThat(layer.kind()).as("ERF type 0x" + type).isEqualTo(NetworkLayerKind.IPV6);
            assertThat(layer.offsetBytes()).isEqualTo(16 + 2 + 18);
            assertThat(layer.outerVlanId()).isEqualTo(100);
        }
    }

    @Test
    void shouldSkipEveryExtensionHeader() {
        // Type 0x82: Ethernet with an extension header; the first of two says another follows.
        final NetworkLayer layer = locate("82" + FLAGS_RLEN_LCTR + "0044" + " 8300000000000000 0400000000000000 0000"
            + ETHERNET_ADDRESSES + "0800" + IPV4_OF_60);

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(16 + 16 + 2 + 14);
    }

    @Test
    void shouldFindAnIpPacketRecordedWithoutItsLinkLayer() {
        final NetworkLayer v4 = locate("16" + FLAGS_RLEN_LCTR + "003c" + IPV4_OF_60);
        final NetworkLayer v6 = locate("17" + FLAGS_RLEN_LCTR + "0030" + " 6000 0000");

        assertThat(v4.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(v4.offsetBytes()).isEqualTo(16);
        assertThat(v4.sourceMacOffsetBytes()).isEqualTo(-1);
        assertThat(v6.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(v6.offsetBytes()).isEqualTo(16);
    }

    @Test
    void shouldNotSayAWholeFrameWasCut() {
        // wlen 0x1a: 14 bytes of Ethernet header, 4 of IP, 4 more bytes and no FCS, all present.
        final NetworkLayer layer = locate("02" + FLAGS_RLEN_LCTR + "0016" + " 0000" + ETHERNET_ADDRESSES + "0800" + IPV4_OF_60
            + " 00000000");

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.mirroredFrameLengthBytes()).isEqualTo(-1);
    }

    @Test
    void shouldReportOtherRecordTypesAsOther() {
        final NetworkLayer atm = locate("03" + FLAGS_RLEN_LCTR + "0030" + " 00000000 4500");

        assertThat(atm.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(atm.isIp()).isFalse();
    }

    @Test
    void shouldReportARecordCutInsideItsHeadersAsTruncated() {
        assertThat(locate("02" + FLAGS_RLEN_LCTR).kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(locate("82" + FLAGS_RLEN_LCTR + "0044 8300").kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(locate("02" + FLAGS_RLEN_LCTR + "0044 0000" + ETHERNET_ADDRESSES).kind())
            .isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    private static NetworkLayer locate(final String afterTimestamp) {
        return HexFrame.locate(LinkType.ERF, HexFrame.of(TIMESTAMP + afterTimestamp));
    }
}
