package org.mprt.ctk.reference.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.attachment.IpAddress;

class VerbsTest {

    private final MemoryRegistry registry = new MemoryRegistry(new SplittableRandom(1));

    @Test
    void shouldContainOnlyRangesInsideTheRegionWithUnsignedAddresses() {
        final MemoryRegion region = registry.register(4096);
        final long base = region.baseAddress();
        assertThat(region.contains(base, 4096)).isTrue();
        assertThat(region.contains(base + 4095, 1)).isTrue();
        assertThat(region.contains(base + 4095, 2)).isFalse();
        assertThat(region.contains(base - 1, 1)).isFalse();
        assertThat(region.contains(0xFFFF_FFFF_FFFF_FFF0L, 32)).isFalse();
        assertThat(region.contains(base + 4096, 0)).isTrue();
    }

    @Test
    void shouldGiveDistinctRkeysAndNonOverlappingAddresses() {
        final MemoryRegion first = registry.register(5000);
        final MemoryRegion second = registry.register(10);
        assertThat(first.rkey()).isNotEqualTo(second.rkey()).isNotZero();
        assertThat(second.baseAddress()).isGreaterThan(first.baseAddress() + first.lengthBytes());
        assertThat(registry.lookup(second.rkey())).isSameAs(second);
    }

    @Test
    void shouldExposeARegionToOneConnectionOnly() {
        final MemoryRegion region = registry.register(64);
        final PlaneAddress plane = new PlaneAddress(0, 0, 2, IpAddress.ipv4("10.0.0.1"), -1);
        final ConnectionDescriptor first = new ConnectionDescriptor(5, List.of(plane), List.of(new PathSpec(0, 0xC000)), 1,
            1024, List.of(region.descriptor()));
        final ConnectionDescriptor second = new ConnectionDescriptor(6, List.of(plane), List.of(new PathSpec(0, 0xC000)), 1,
            1024, List.of(region.descriptor()));
        registry.bind(first);
        assertThat(region.connectionNumber()).isEqualTo(5);
        assertThatThrownBy(() -> registry.bind(second)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void shouldRefuseDescriptorsTheSpecForbids() {
        final PlaneAddress plane = new PlaneAddress(0, 0, 2, IpAddress.ipv4("10.0.0.1"), -1);
        final List<PathSpec> onePath = List.of(new PathSpec(0, 0xC000));
        assertThatThrownBy(() -> new ConnectionDescriptor(1, List.of(plane), onePath, 1, 1024, List.of()))
            .hasMessageContaining("connection number");
        assertThatThrownBy(() -> new ConnectionDescriptor(2, List.of(plane), onePath, 1, 1000, List.of()))
            .hasMessageContaining("PMTU");
        assertThatThrownBy(() -> new ConnectionDescriptor(2, List.of(plane),
            List.of(new PathSpec(0, 0xC000), new PathSpec(0, 0xC000)), 1, 1024, List.of()))
            .hasMessageContaining("share UDP port");
        assertThatThrownBy(() -> new ConnectionDescriptor(2, List.of(plane), List.of(new PathSpec(1, 0xC000)), 1, 1024,
            List.of())).hasMessageContaining("unknown plane");
    }

    @Test
    void shouldParseAndPrintDottedQuads() {
        assertThat(IpAddress.ipv4("10.1.2.3").ipv4()).isEqualTo(0x0A010203);
        assertThat(IpAddress.ipv4("192.168.0.1")).hasToString("192.168.0.1");
    }
}
