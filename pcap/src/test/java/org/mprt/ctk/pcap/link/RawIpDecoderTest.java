package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkType;

class RawIpDecoderTest {
    @Test
    void shouldTellIpv4FromIpv6ByTheVersionNibble() {
        final NetworkLayer ipv4 = HexFrame.locate(LinkType.RAW, HexFrame.of("4500 0014"));
        final NetworkLayer ipv6 = HexFrame.locate(LinkType.RAW, HexFrame.of("6000 0000"));

        assertThat(ipv4.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(ipv4.offsetBytes()).isZero();
        assertThat(ipv4.etherType()).isEqualTo(EtherType.IPV4);
        assertThat(ipv6.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(ipv6.etherType()).isEqualTo(EtherType.IPV6);
        assertThat(HexFrame.locate(LinkType.RAW, HexFrame.of("4500 0014")).sourceMacOffsetBytes()).isEqualTo(-1);
    }

    @Test
    void shouldReportOtherVersionsAsOtherWithoutEtherType() {
        final NetworkLayer layer = HexFrame.locate(LinkType.RAW, HexFrame.of("f000"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(layer.etherType()).isEqualTo(EtherType.NONE);
        assertThat(layer.isLocated()).isTrue();
    }

    @Test
    void shouldTrustTheVersionThatTheLinkTypeDeclares() {
        assertThat(HexFrame.locate(LinkType.IPV4, HexFrame.of("6000")).kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(HexFrame.locate(LinkType.IPV6, HexFrame.of("4500")).kind()).isEqualTo(NetworkLayerKind.IPV6);
    }

    @Test
    void shouldReportAnEmptyFrameAsTruncated() {
        assertThat(HexFrame.locate(LinkType.RAW, HexFrame.of("")).kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
    }
}
