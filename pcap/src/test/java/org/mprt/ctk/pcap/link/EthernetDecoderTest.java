package org.mprt.ctk.pcap.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.pcap.LinkType;

class EthernetDecoderTest {
    private static final String MACS = "0200000000aa 0200000000bb ";
    private static final String IPV4_START = "4500 0054";
    private static final String IPV6_START = "6000 0000";

    @Test
    void shouldFindIpv4RightAfterAnUntaggedHeader() {
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "0800 " + IPV4_START));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(14);
        assertThat(layer.etherType()).isEqualTo(EtherType.IPV4);
        assertThat(layer.vlanTagCount()).isZero();
        assertThat(layer.outerVlanId()).isEqualTo(NetworkLayer.NO_VLAN);
        assertThat(layer.innerVlanId()).isEqualTo(NetworkLayer.NO_VLAN);
    }

    @Test
    void shouldFindIpv6RightAfterAnUntaggedHeader() {
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "86dd " + IPV6_START));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(layer.offsetBytes()).isEqualTo(14);
    }

    @Test
    void shouldStepOverOne8021qTagAndKeepOnlyTheVlanId() {
        // TCI 0x6064: priority 3, DEI 0, VLAN 100.
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "8100 6064 0800 " + IPV4_START));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(18);
        assertThat(layer.vlanTagCount()).isEqualTo(1);
        assertThat(layer.outerVlanId()).isEqualTo(100);
        assertThat(layer.innerVlanId()).isEqualTo(NetworkLayer.NO_VLAN);
    }

    @Test
    void shouldStepOverAnS802dot1adTagThenAC8021qTag() {
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "88a8 0fff 8100 0001 86dd " + IPV6_START));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(layer.offsetBytes()).isEqualTo(22);
        assertThat(layer.vlanTagCount()).isEqualTo(2);
        assertThat(layer.outerVlanId()).isEqualTo(4095);
        assertThat(layer.innerVlanId()).isEqualTo(1);
    }

    @Test
    void shouldStepOverLegacyQinqTagsAndCountEveryTag() {
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "9100 000a 8100 0014 8100 001e 0800 " + IPV4_START));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(26);
        assertThat(layer.vlanTagCount()).isEqualTo(3);
        assertThat(layer.outerVlanId()).isEqualTo(10);
        assertThat(layer.innerVlanId()).isEqualTo(20);
    }

    @Test
    void shouldStepOverTheTimestampHeaderOfAMirroringAristaSwitch() {
        // Subtype 1, version 0x0010 (64-bit TAI timestamp), then IPv4.
        final NetworkLayer stamped64 = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "d28b 0001 0010 6553f10038aa77c1 0800 4500"));
        // Version 0x0120 (48-bit UTC timestamp), then a VLAN tag and IPv6.
        final NetworkLayer stamped48 = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "d28b 0001 0120 f10038aa77c1 8100 0064 86dd 6000"));

        assertThat(stamped64.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(stamped64.offsetBytes()).isEqualTo(14 + 14);
        assertThat(stamped48.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(stamped48.offsetBytes()).isEqualTo(14 + 12 + 4);
        assertThat(stamped48.outerVlanId()).isEqualTo(100);
    }

    @Test
    void shouldLeaveAnAristaHeaderOfUnknownFormAsTheFramesEtherType() {
        final NetworkLayer unknownVersion = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "d28b 0001 0011 6553f10038aa77c1 0800 4500"));
        final NetworkLayer otherSubtype = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "d28b 0002 0010 6553f10038aa77c1 0800 4500"));
        final NetworkLayer cut = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "d28b 0001 0010 6553f100"));

        assertThat(unknownVersion.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(unknownVersion.etherType()).isEqualTo(EtherType.ARISTA);
        assertThat(otherSubtype.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(cut.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    @Test
    void shouldFindThePacketAfterAnMplsLabelStack() {
        // Label 16, S set, TTL 64; then IPv4.
        final NetworkLayer one = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "8847 00010140 4500"));
        // Two labels, the second with S, after a VLAN tag; then IPv6.
        final NetworkLayer two = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "8100 0064 8847 00010040 00011140 6000 0000"));
        // A pseudowire's control word (first four bits 0) after the stack.
        final NetworkLayer pseudowire = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of(MACS + "8847 00010140 00000000 0200000000aa"));

        assertThat(one.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(one.offsetBytes()).isEqualTo(14 + 4);
        assertThat(one.etherType()).isEqualTo(EtherType.IPV4);
        assertThat(two.kind()).isEqualTo(NetworkLayerKind.IPV6);
        assertThat(two.offsetBytes()).isEqualTo(14 + 4 + 8);
        assertThat(pseudowire.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(pseudowire.etherType()).isEqualTo(EtherType.MPLS);
    }

    @Test
    void shouldReportAnMplsStackCutShortAsTruncated() {
        final NetworkLayer inLabels = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "8847 00010040 0001"));
        final NetworkLayer afterLabels = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "8847 00010140"));

        assertThat(inLabels.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(afterLabels.kind()).isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    @Test
    void shouldReportMacControlFramesSuchAsPfc() {
        // 802.1Qbb PFC: MAC Control opcode 0x0101, class-enable vector, eight pause times.
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET,
            HexFrame.of("0180c2000001 0200000000bb 8808 0101 0008 0000 0000 0000 ffff"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(layer.etherType()).isEqualTo(EtherType.MAC_CONTROL);
        assertThat(layer.isMacControl()).isTrue();
        assertThat(layer.offsetBytes()).isEqualTo(14);
        assertThat(layer.sourceMacOffsetBytes()).isEqualTo(6);
    }

    @Test
    void shouldReportAnIeee8023LengthAsOther() {
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "0026 4242 03"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.OTHER);
        assertThat(layer.etherType()).isEqualTo(0x26).isLessThanOrEqualTo(EtherType.LARGEST_IEEE_802_3_LENGTH);
    }

    @Test
    void shouldReportTruncationInsideTheHeaderOrATag() {
        assertThat(HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "08")).kind())
            .isEqualTo(NetworkLayerKind.TRUNCATED);
        assertThat(HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "8100 0064 08")).kind())
            .isEqualTo(NetworkLayerKind.TRUNCATED);
    }

    @Test
    void shouldAcceptAHeaderWithNothingAfterIt() {
        final NetworkLayer layer = HexFrame.locate(LinkType.ETHERNET, HexFrame.of(MACS + "0800"));

        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(14);
    }

    @Test
    void shouldReadAFrameInsideALargerBufferWhateverItsByteOrder() {
        final ByteBuffer buffer = HexFrame.of("ffffffff " + MACS + "8100 0064 0800 " + IPV4_START + " eeee")
            .order(ByteOrder.LITTLE_ENDIAN);
        final NetworkLayer layer = new NetworkLayer();

        final boolean located = NetworkLayerLocator.locate(LinkType.ETHERNET, buffer, 4, 22, layer);

        assertThat(located).isTrue();
        assertThat(layer.kind()).isEqualTo(NetworkLayerKind.IPV4);
        assertThat(layer.offsetBytes()).isEqualTo(18);
        assertThat(layer.outerVlanId()).isEqualTo(100);
    }

    @Test
    void shouldTellLinuxLoopbackFramesByTheirZeroAddresses() {
        final NetworkLayer lo = HexFrame.locate(LinkType.ETHERNET, HexFrame.of("000000000000 000000000000 0800 4500"));
        final NetworkLayer halfZero = HexFrame.locate(LinkType.ETHERNET, HexFrame.of("000000000000 0200000000bb 0800 4500"));
        final NetworkLayer openBsdLoop = HexFrame.locate(LinkType.LOOP, HexFrame.of("00000002 4500"));
        final NetworkLayer bsdNull = HexFrame.locate(LinkType.NULL, HexFrame.of("02000000 4500"));

        assertThat(lo.isOnLoopbackDevice()).isTrue();
        assertThat(halfZero.isOnLoopbackDevice()).isFalse();
        assertThat(openBsdLoop.isOnLoopbackDevice()).isTrue();
        assertThat(bsdNull.isOnLoopbackDevice()).as("NULL also frames macOS utun").isFalse();
    }
}
