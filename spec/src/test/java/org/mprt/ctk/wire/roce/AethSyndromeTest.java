package org.mprt.ctk.wire.roce;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The AETH syndrome as PEERS.md section 6 and Linux ib_hdrs.h give it. */
class AethSyndromeTest {

    @Test
    void shouldReadAnAckWithItsCreditCount() {
        assertThat(AethSyndrome.kind(0x06)).isEqualTo(AethSyndrome.Kind.ACK);
        assertThat(AethSyndrome.creditCount(0x06)).isEqualTo(6);
        assertThat(AethSyndrome.creditCount(0x1F)).isEqualTo(AethSyndrome.CREDIT_COUNT_INVALID);
        assertThat(AethSyndrome.ack(31)).isEqualTo(0x1F);
    }

    @Test
    void shouldReadAnRnrNakWithItsTimer() {
        assertThat(AethSyndrome.kind(0x2E)).isEqualTo(AethSyndrome.Kind.RNR_NAK);
        assertThat(AethSyndrome.rnrTimer(0x2E)).isEqualTo(14);
        assertThat(AethSyndrome.rnrNak(14)).isEqualTo(0x2E);
    }

    @Test
    void shouldReadTheFiveNakCodes() {
        assertThat(AethSyndrome.kind(0x60)).isEqualTo(AethSyndrome.Kind.NAK);
        assertThat(AethSyndrome.NakCode.of(0x60)).isEqualTo(AethSyndrome.NakCode.PSN_SEQUENCE_ERROR);
        assertThat(AethSyndrome.NakCode.of(0x61)).isEqualTo(AethSyndrome.NakCode.INVALID_REQUEST);
        assertThat(AethSyndrome.NakCode.of(0x62)).isEqualTo(AethSyndrome.NakCode.REMOTE_ACCESS_ERROR);
        assertThat(AethSyndrome.NakCode.of(0x63)).isEqualTo(AethSyndrome.NakCode.REMOTE_OPERATIONAL_ERROR);
        assertThat(AethSyndrome.NakCode.of(0x64)).isEqualTo(AethSyndrome.NakCode.INVALID_RD_REQUEST);
        assertThat(AethSyndrome.NakCode.of(0x65)).isNull();
        assertThat(AethSyndrome.nak(AethSyndrome.NakCode.REMOTE_ACCESS_ERROR)).isEqualTo(0x62);
    }

    @Test
    void shouldReportTheReservedOpAndBit() {
        assertThat(AethSyndrome.kind(0x40)).isEqualTo(AethSyndrome.Kind.RESERVED);
        assertThat(AethSyndrome.reservedBit(0x86)).isEqualTo(1);
    }
}
