package org.mprt.ctk.wire.ip;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class InternetChecksumTest {

    /**
     * Two datagrams of 44 bytes to UDP port 4791 as dumpcap recorded them on a Linux loopback
     * interface, where checksum offload leaves the field for a NIC that never comes: Wireshark calls
     * both checksums bad, and each is the folded pseudo-header sum.
     */
    @Test
    void shouldGiveThePartialChecksumAsASendersOffloadLeavesIt() {
        final ByteBuffer ipv4 = ByteBuffer.wrap(HexFormat.of().parseHex(
            "4500004800000000401100007f0000017f000001" + "ece212b70034fe47"));
        final ByteBuffer ipv6 = ByteBuffer.wrap(HexFormat.of().parseHex("6000000000341140"
            + "00000000000000000000000000000001" + "00000000000000000000000000000001" + "d00012b700340047"));

        assertThat(InternetChecksum.udpOffloadPartialChecksum(ipv4, 0, NetworkKind.IPV4, 52)).isEqualTo(0xFE47);
        assertThat(InternetChecksum.udpOffloadPartialChecksum(ipv6, 0, NetworkKind.IPV6, 52)).isEqualTo(0x0047);
    }
}
