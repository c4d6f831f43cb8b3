package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkType;

class LoopbackDecoderTest {
    @Test
    void shouldReadTheNullFamilyInEitherHostByteOrder() {
        final NetworkLayer littleEndianHost = HexFrame.locate(LinkType.NULL, HexFrame.of("02000000 4500"));
        final NetworkLayer bigEndianHost = HexFrame.locate(LinkType.NULL, HexFrame.of("00000002 4500"));

        assertThat(littleEndianHost.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(littleEndianHost.offsetBytes()).isEqualTo(4);
        assertThat(littleEndianHost.etherType()).isEqualTo(EtherType.IPV4);
        assertThat(bigEndianHost.kind()).isEqualTo(NetworkLayerKind.IPV4);
    }

    @Test
    void shouldKnowTheIpv6FamilyOfEverySystem() {
        for (final String family : new String[] {"0a000000", "18000000", "1c000000", "1e000000", "0000001e"}) {
            final NetworkLayer layer = HexFrame.locate(LinkType.NULL, HexFrame.of(family + " 6000"));
            assertThat(layer.kind()).as("family %s", family).isEqualTo(NetworkLayerKind.IPV6);
            assertThat(layer.etherType()).isEqualTo(EtherType.IPV6);
        }
    }

    @Test
    void shouldReadTheLoopFamilyInNetworkOrder() {
        assertThat(loopKind("00000002 4500")).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(loopKind("00000018 6000")).isEqualTo(NetworkLayerKind.IPV6);
        // Family 2 in little-endian is 0x02000000 in network order: not a family LOOP knows.
        assertThat(loopKind("02000000 4500")).isEqualTo(NetworkLayerKind.OTHER);
    }

    @Test
    void shouldReportUnknownFamiliesAsOtherAndShortHeadersAsTruncated() {
        final NetworkLayer other = HexFrame.locate(LinkType.NULL, HexFrame.of("07000000 0000"));

        assertThat(other.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(other.etherType()).isEqualTo(EtherType.NONE);
        assertThat(other.offsetBytes()).isEqualTo(4);
        assertThat(HexFrame.locate(LinkType.NULL, HexFrame.of("020000")).kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    private static NetworkLayerKind loopKind(final String hex) {
        return HexFrame.locate(LinkType.LOOP, HexFrame.of(hex)).kind();
    }
}
