package org.mprt.ctk.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.FieldSpec.Base;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.decode.FieldCatalog;
import org.mprt.ctk.wire.ethernet.EthernetFlyweight;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;
import org.mprt.ctk.wire.icrc.Icrc;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.Ipv6Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;
import org.mprt.ctk.wire.mprt.MnethFlyweight;
import org.mprt.ctk.wire.mprt.MpethFlyweight;
import org.mprt.ctk.wire.roce.AethFlyweight;
import org.mprt.ctk.wire.roce.AtomicAckEthFlyweight;
import org.mprt.ctk.wire.roce.AtomicEthFlyweight;
import org.mprt.ctk.wire.roce.CnpFlyweight;
import org.mprt.ctk.wire.roce.DethFlyweight;
import org.mprt.ctk.wire.roce.IethFlyweight;
import org.mprt.ctk.wire.roce.ImmDtFlyweight;
import org.mprt.ctk.wire.roce.RethFlyweight;

/** The field tables give the lengths the specs give, and their IDs follow the naming rule. */
class HeaderTablesTest {

    @Test
    void shouldGiveEveryHeaderTheLengthOfItsSpec() {
        final Map<HeaderLayout, Integer> lengths = Map.ofEntries(
            Map.entry(EthernetFlyweight.LAYOUT, 14), Map.entry(VlanTagFlyweight.LAYOUT, 4),
            Map.entry(Ipv4Flyweight.LAYOUT, 20), Map.entry(Ipv6Flyweight.LAYOUT, 40), Map.entry(UdpFlyweight.LAYOUT, 8),
            Map.entry(BthFlyweight.LAYOUT, 12), Map.entry(RethFlyweight.LAYOUT, 16), Map.entry(AethFlyweight.LAYOUT, 4),
            Map.entry(ImmDtFlyweight.LAYOUT, 4), Map.entry(IethFlyweight.LAYOUT, 4), Map.entry(DethFlyweight.LAYOUT, 8),
            Map.entry(AtomicEthFlyweight.LAYOUT, 28), Map.entry(AtomicAckEthFlyweight.LAYOUT, 8),
            Map.entry(CnpFlyweight.LAYOUT, 16), Map.entry(MdethFlyweight.WRITE_LAYOUT, 36),
            Map.entry(MdethFlyweight.SEND_LAYOUT, 36), Map.entry(MaethFlyweight.LAYOUT, 48),
            Map.entry(MnethFlyweight.LAYOUT, 16), Map.entry(MpethFlyweight.LAYOUT, 16), Map.entry(Icrc.LAYOUT, 4));
        assertThat(lengths.keySet()).containsExactlyInAnyOrderElementsOf(FieldCatalog.layouts());
        lengths.forEach((layout, length) -> assertThat(layout.length()).as(layout.id()).isEqualTo(length));
        assertThat(MaethFlyweight.LAYOUT.recordLength()).isEqualTo(8);
        assertThat(MaethFlyweight.LAYOUT.maxRecords()).isEqualTo(16);
        assertThat(MaethFlyweight.LAYOUT.length(16)).isEqualTo(48 + 128);
        assertThat(MaethFlyweight.SACK_BITMAP_BITS).isEqualTo(256);
    }

    @Test
    void shouldNameEveryFieldWithItsHeadersDottedLowerCasePrefix() {
        final Set<String> ids = new HashSet<>();
        for (final HeaderLayout layout : FieldCatalog.layouts()) {
            for (final FieldSpec field : layout.fields()) {
                // A one-field header (the ICRC) names its field by the header's ID.
                assertThat(field.id()).matches("[a-z0-9_.]+");
                assertThat(field.id().equals(layout.id()) || field.id().startsWith(layout.id() + ".")).as(field.id()).isTrue();
                ids.add(field.id());
            }
            for (final FieldSpec field : layout.recordFields()) {
                assertThat(field.id()).startsWith(layout.id() + ".record.");
                ids.add(field.id());
            }
        }
        assertThat(FieldCatalog.fields()).hasSize(ids.size());
        assertThat(FieldCatalog.byId("bth.psn")).isSameAs(BthFlyweight.PSN);
        assertThat(FieldCatalog.byId("mprt.mdeth.path_id")).isSameAs(MdethFlyweight.PATH_ID);
        assertThat(FieldCatalog.byId("roce.aeth.syndrome")).isSameAs(AethFlyweight.SYNDROME);
    }

    @Test
    void shouldPlaceFieldsWhereTheSpecsTablesPutThem() {
        assertThat(BthFlyweight.PSN_FIELD_OFFSET).isEqualTo(9);
        assertThat(BthFlyweight.DEST_QP_FIELD_OFFSET).isEqualTo(5);
        assertThat(BthFlyweight.PAD_CNT.bitOffset()).isEqualTo(10);
        assertThat(BthFlyweight.TVER.bitOffset()).isEqualTo(12);
        assertThat(BthFlyweight.ACK_REQ.bitOffset()).isEqualTo(64);
        assertThat(MdethFlyweight.TX_TIMESTAMP_FIELD_OFFSET).isEqualTo(32);
        assertThat(MdethFlyweight.RKEY_FIELD_OFFSET).isEqualTo(28);
        assertThat(MdethFlyweight.RSN_FIELD_OFFSET).isEqualTo(20);
        assertThat(MaethFlyweight.SACK_BITMAP_FIELD_OFFSET).isEqualTo(16);
        assertThat(MaethFlyweight.RECORD_CMSN.byteOffset()).isEqualTo(4);
        assertThat(MnethFlyweight.MESSAGE_OFFSET_FIELD_OFFSET).isEqualTo(12);
        assertThat(MpethFlyweight.SCN_FIELD_OFFSET).isEqualTo(5);
        assertThat(MpethFlyweight.RESERVED.bitWidth()).isEqualTo(32);
        assertThat(BthFlyweight.RESV6.reserved()).isTrue();
        assertThat(MdethFlyweight.RESERVED_28.reserved()).isTrue();
    }

    @Test
    void shouldRefuseATableWithAGapOrAnOverlap() {
        final FieldSpec a = FieldSpec.field("x.a", "a", 0, 8, Base.DEC);
        final FieldSpec gap = FieldSpec.field("x.b", "b", 2, 8, Base.DEC);
        final FieldSpec overlap = FieldSpec.field("x.c", "c", 0, 3, 4, Base.DEC);
        assertThatThrownBy(() -> HeaderLayout.of("x", "x", "test", a, gap)).hasMessageContaining("x.b starts at bit 16");
        assertThatThrownBy(() -> HeaderLayout.of("x", "x", "test", a, overlap)).hasMessageContaining("expected 8");
    }

    @Test
    void shouldRefuseACountFieldOutsideTheHeader() {
        final FieldSpec count = FieldSpec.field("x.count", "count", 0, 8, Base.DEC);
        final FieldSpec record = FieldSpec.field("x.r", "r", 0, 8, Base.DEC);
        final FieldSpec elsewhere = FieldSpec.field("y.count", "count", 0, 8, Base.DEC);
        assertThat(HeaderLayout.withRecords("x", "x", "test", List.of(count), count, 4, List.of(record)).countField())
            .isSameAs(count);
        assertThatThrownBy(() -> HeaderLayout.withRecords("x", "x", "test", List.of(count), elsewhere, 4, List.of(record)))
            .hasMessage("x: count field is not part of the header");
    }

    @Test
    void shouldReadAndWriteBitFieldsWithoutTouchingTheirNeighbours() {
        final ByteBuffer buffer = ByteBuffer.allocate(12);
        for (int i = 0; i < 12; i++) {
            buffer.put(i, (byte) 0xFF);
        }
        BthFlyweight.PAD_CNT.write(buffer, 0, 1);
        assertThat(buffer.get(1) & 0xFF).isEqualTo(0b1101_1111);
        assertThat(BthFlyweight.TVER.read(buffer, 0)).isEqualTo(15);
        BthFlyweight.PSN.write(buffer, 0, 0x123456);
        assertThat(buffer.get(8) & 0xFF).isEqualTo(0xFF);
        assertThat(BthFlyweight.PSN.read(buffer, 0)).isEqualTo(0x123456);
        assertThatThrownBy(() -> BthFlyweight.PSN.write(buffer, 0, 1 << 24)).hasMessageContaining("bth.psn");
    }

    @Test
    void shouldReadTheIcrcRowLeastSignificantByteFirst() {
        final ByteBuffer buffer = ByteBuffer.wrap(new byte[] {0x25, (byte) 0x9c, (byte) 0xc2, 0x16});
        assertThat(Icrc.read(buffer, 0)).isEqualTo(0x16c29c25);
    }

    @Test
    void shouldDescribeAHeaderFromItsTable() {
        final BthFlyweight bth = new BthFlyweight().wrap(new byte[12], 0).opcode(0xC0).pKey(0xFFFF).destQp(0x102).psn(17);
        assertThat(bth.toString()).isEqualTo("Base Transport Header [opcode=0xc0 se=0 m=0 pad_cnt=0 tver=0 p_key=0xffff fecn=0 "
            + "becn=0 resv6=0x0 dest_qp=0x102 ack_req=0 resv7=0x0 psn=17]");
    }

    @Test
    void shouldRefuseToWrapAHeaderThatDoesNotFit() {
        assertThatThrownBy(() -> new RethFlyweight().wrap(new byte[20], 5)).isInstanceOf(IndexOutOfBoundsException.class)
            .hasMessageContaining("roce.reth");
    }
}
