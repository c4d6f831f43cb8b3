package org.mprt.ctk.reference.mprt.sack;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SackBitmapTest {

    @Test
    void shouldPutBitZeroInTheMostSignificantBitOfWordZeroAsTheMaethDoes() {
        final SackBitmap bitmap = new SackBitmap();
        bitmap.set(0);
        bitmap.set(65);
        assertThat(bitmap.word(0)).isEqualTo(0x8000_0000_0000_0000L);
        assertThat(bitmap.word(1)).isEqualTo(0x4000_0000_0000_0000L);
    }

    @Test
    void shouldShiftOutAcrossWordBoundaries() {
        final SackBitmap bitmap = new SackBitmap();
        bitmap.set(70);
        bitmap.set(200);
        bitmap.set(255);
        bitmap.shiftOut(67);
        assertThat(bitmap.get(3)).isTrue();
        assertThat(bitmap.get(133)).isTrue();
        assertThat(bitmap.get(188)).isTrue();
        assertThat(bitmap.countFrom(0)).isEqualTo(3);
        bitmap.shiftOut(256);
        assertThat(bitmap.countFrom(0)).isZero();
    }

    @Test
    void shouldCountLeadingOnesAndBitsFromAnIndex() {
        final SackBitmap bitmap = new SackBitmap();
        for (int i = 0; i < 70; i++) {
            bitmap.set(i);
        }
        bitmap.set(100);
        assertThat(bitmap.leadingOnes()).isEqualTo(70);
        assertThat(bitmap.countFrom(69)).isEqualTo(2);
        assertThat(bitmap.countFrom(70)).isEqualTo(1);
        assertThat(bitmap.countFrom(101)).isZero();
        assertThat(bitmap.countFrom(256)).isZero();
        assertThat(bitmap.highestSet()).isEqualTo(100);
    }
}
