package org.mprt.ctk.fabric.address;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AddressPlanTest {

    @Test
    void shouldFollowTheDocumentedScheme() {
        assertThat(AddressPlan.ipv4(0, 0)).hasToString("10.0.0.1");
        assertThat(AddressPlan.ipv4(3, 253)).hasToString("10.3.0.254");
        assertThat(AddressPlan.ipv4(3, 254)).hasToString("10.3.1.1");
        assertThat(AddressPlan.ipv6(3, 254)).hasToString("fd00:0:0:3:0:0:0:ff");
        assertThat(MacAddress.format(AddressPlan.mac(3, 254))).isEqualTo("02:00:03:00:00:ff");
    }

    @Test
    void shouldGiveEveryHostAndPlaneItsOwnAddresses() {
        final Set<IpAddress> addresses = new HashSet<>();
        final Set<Long> macs = new HashSet<>();
        for (int plane = 0; plane < 8; plane++) {
            for (int host = 0; host < 600; host++) {
                assertThat(addresses.add(AddressPlan.ipv4(plane, host))).isTrue();
                assertThat(addresses.add(AddressPlan.ipv6(plane, host))).isTrue();
                assertThat(macs.add(AddressPlan.mac(plane, host))).isTrue();
                assertThat(MacAddress.isGroup(AddressPlan.mac(plane, host))).isFalse();
            }
        }
    }

    @Test
    void shouldParseWhatItPrints() {
        for (final IpAddress address : new IpAddress[] {AddressPlan.ipv4(2, 77), AddressPlan.ipv6(5, 1000)}) {
            assertThat(IpAddress.parse(address.toString())).isEqualTo(address);
        }
        assertThat(IpAddress.parse("10.1.2.3").ipv4Bits()).isEqualTo(0x0A01_0203);
        assertThat(IpAddress.parse("10.1.2.3").isIpv4()).isTrue();
    }

    @Test
    void shouldRecogniseLinkLocalMacControlDestinations() {
        assertThat(MacAddress.isLinkLocal(0x01_80_C2_00_00_01L)).isTrue();
        assertThat(MacAddress.isLinkLocal(0x01_80_C2_00_00_0EL)).isTrue();
        assertThat(MacAddress.isLinkLocal(0x01_80_C2_00_00_10L)).isFalse();
        assertThat(MacAddress.isLinkLocal(MacAddress.BROADCAST)).isFalse();
    }
}
