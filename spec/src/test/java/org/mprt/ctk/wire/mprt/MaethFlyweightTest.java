package org.mprt.ctk.wire.mprt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** mprt-v0.1.md section 3.5: SACK bit i is PSN cack + 1 + i, first bit most significant; stream records follow. */
class MaethFlyweightTest {

    private final byte[] bytes = new byte[MaethFlyweight.LAYOUT.length(MaethFlyweight.MAX_RECORDS)];
    private final MaethFlyweight maeth = new MaethFlyweight().wrap(bytes, 0);

    @Test
    void shouldPutSackBitZeroInTheMostSignificantBitOfByte16() {
        maeth.sackBit(0, 1);
        assertThat(bytes[16] & 0xFF).isEqualTo(0x80);
        maeth.sackBit(9, 1);
        assertThat(bytes[17] & 0xFF).isEqualTo(0x40);
        maeth.sackBit(255, 1);
        assertThat(bytes[47] & 0xFF).isEqualTo(0x01);
        assertThat(maeth.sackBitmapWord(0)).isEqualTo(0x8040_0000_0000_0000L);
        assertThat(maeth.sackBitmapWord(3)).isEqualTo(1L);
        assertThat(maeth.sackBitmap(new long[MaethFlyweight.SACK_BITMAP_WORDS])).containsExactly(0x8040_0000_0000_0000L, 0, 0, 1L);
        maeth.sackBit(0, 0);
        assertThat(bytes[16]).isZero();
    }

    @Test
    void shouldMapSackBitsToPsnsAfterTheCumulativePsnAcrossTheWrap() {
        final int cack = 0xFFFFFE;
        maeth.sack(cack, 0xFFFFFF).sack(cack, 0).sack(cack, 254);
        assertThat(maeth.sackBit(0)).isEqualTo(1);
        assertThat(maeth.sackBit(1)).isEqualTo(1);
        assertThat(maeth.sackBit(255)).isEqualTo(1);
        assertThat(maeth.isSacked(cack, 0xFFFFFF)).isTrue();
        assertThat(maeth.isSacked(cack, 0)).isTrue();
        assertThat(maeth.isSacked(cack, 1)).isFalse();
        assertThat(maeth.isSacked(cack, cack)).isFalse();
        assertThat(maeth.isSacked(cack, 254)).isTrue();
        assertThat(maeth.isSacked(cack, 253)).isFalse();
        assertThat(maeth.isSacked(cack, 255)).isFalse();
        assertThatThrownBy(() -> maeth.sack(cack, 255)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldLayStreamRecordsEightBytesApartAfterTheFixedPart() {
        maeth.recordCount(2).recordStreamId(0, 7).recordCmsn(0, 0xFFFF_FFFFL).recordStreamId(1, 0x0102).recordCmsn(1, 3);
        assertThat(maeth.lengthBytes()).isEqualTo(64);
        assertThat(bytes[48 + 1]).isEqualTo((byte) 7);
        assertThat(bytes[52] & 0xFF).isEqualTo(0xFF);
        assertThat(bytes[56]).isEqualTo((byte) 1);
        assertThat(bytes[57]).isEqualTo((byte) 2);
        assertThat(bytes[63]).isEqualTo((byte) 3);
        assertThat(maeth.recordCmsn(0)).isEqualTo(0xFFFF_FFFFL);
        assertThatThrownBy(() -> maeth.recordCmsn(16)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
