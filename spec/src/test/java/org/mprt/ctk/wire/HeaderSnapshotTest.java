package org.mprt.ctk.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.bth.BthFlyweight;
import org.mprt.ctk.wire.ip.Ipv4Flyweight;
import org.mprt.ctk.wire.ip.UdpFlyweight;
import org.mprt.ctk.wire.mprt.MaethFlyweight;
import org.mprt.ctk.wire.mprt.MdethFlyweight;

/**
 * A memoizing IPv4, UDP, BTH, MDETH or MAETH view takes its fields from the header's words once per packet when told
 * to remember them, and otherwise remembers each field it reads: held to the field table's own reads over
 * random headers, and, both ways, to a plain view of the same bytes.
 */
class HeaderSnapshotTest {

    @Test
    void aFieldFromAWordIsTheFieldAsRead() {
        final Random random = new Random(4791);
        final byte[] bytes = new byte[48];
        for (int run = 0; run < 200; run++) {
            random.nextBytes(bytes);
            final ByteBuffer b = ByteBuffer.wrap(bytes);
            for (final HeaderLayout layout : List.of(BthFlyweight.LAYOUT, MdethFlyweight.WRITE_LAYOUT, MdethFlyweight.SEND_LAYOUT,
                MaethFlyweight.LAYOUT, Ipv4Flyweight.LAYOUT, UdpFlyweight.LAYOUT)) {
                for (final FieldSpec f : layout.fields()) {
                    if (f.bitWidth() > 64) {
                        continue;
                    }
                    final int first = (f.bitOffset() + f.bitWidth() - 1) / 8 - 7;
                    for (int w = Math.max(0, first); w <= f.bitOffset() / 8; w++) {
                        assertThat(b.getLong(w) >>> f.shiftIn(w) & f.maxValue()).as("%s from the word at %d", f.id(), w)
                            .isEqualTo(f.read(b, 0));
                    }
                }
            }
        }
    }

    @Test
    void aMemoizingViewReadsWhatAPlainViewReads() {
        final Random random = new Random(17);
        final byte[] bytes = new byte[64];
        final MdethFlyweight memo = new MdethFlyweight().memoizing();
        final MdethFlyweight plain = new MdethFlyweight();
        final BthFlyweight bthMemo = new BthFlyweight().memoizing();
        final BthFlyweight bthPlain = new BthFlyweight();
        final MaethFlyweight ackMemo = new MaethFlyweight().memoizing();
        final MaethFlyweight ackPlain = new MaethFlyweight();
        final long[] memoWords = new long[MaethFlyweight.SACK_BITMAP_WORDS];
        final long[] plainWords = new long[MaethFlyweight.SACK_BITMAP_WORDS];
        final ByteBuffer b = ByteBuffer.wrap(bytes);
        for (int run = 0; run < 500; run++) {
            random.nextBytes(bytes);
            final int at = random.nextInt(16);
            memo.forget();
            bthMemo.forget();
            memo.wrap(b, at);
            plain.wrap(b, at);
            bthMemo.wrap(b, at);
            bthPlain.wrap(b, at);
            ackMemo.forget();
            ackMemo.wrap(b, at);
            ackPlain.wrap(b, at);
            final boolean remembered = run % 2 == 0;
            if (remembered) {
                memo.remember();
                bthMemo.remember();
                ackMemo.remember();
            }
            for (int twice = 0; twice < 2; twice++) {
                assertThat(List.of(memo.pathId(), memo.f(), memo.l(), memo.r(), memo.streamId(), memo.scn()))
                    .isEqualTo(List.of(plain.pathId(), plain.f(), plain.l(), plain.r(), plain.streamId(), plain.scn()));
                assertThat(List.of(memo.msn(), memo.messageOffset(), memo.messageLength(), memo.txTimestamp()))
                    .isEqualTo(List.of(plain.msn(), plain.messageOffset(), plain.messageLength(), plain.txTimestamp()));
                assertThat(List.of(memo.resv5(), memo.resv8())).isEqualTo(List.of(plain.resv5(), plain.resv8()));
                assertThat(List.of(memo.virtualAddress(), memo.rkey(), memo.rsn(), memo.reserved24(), memo.reserved28()))
                    .isEqualTo(List.of(plain.virtualAddress(), plain.rkey(), plain.rsn(), plain.reserved24(), plain.reserved28()));
                assertThat(List.of(bthMemo.resv6(), bthMemo.resv7())).isEqualTo(List.of(bthPlain.resv6(), bthPlain.resv7()));
                assertThat(List.of(ackMemo.pathId(), ackMemo.e(), ackMemo.resv7(), ackMemo.ceCount(), ackMemo.recordCount(),
                    ackMemo.scn())).isEqualTo(List.of(ackPlain.pathId(), ackPlain.e(), ackPlain.resv7(), ackPlain.ceCount(),
                    ackPlain.recordCount(), ackPlain.scn()));
                assertThat(List.of(ackMemo.echoTimestamp(), ackMemo.guidanceRateMbps()))
                    .isEqualTo(List.of(ackPlain.echoTimestamp(), ackPlain.guidanceRateMbps()));
                assertThat(ackMemo.sackBitmap(memoWords)).isEqualTo(ackPlain.sackBitmap(plainWords));
                for (int w = 0; w < MaethFlyweight.SACK_BITMAP_WORDS; w++) {
                    assertThat(ackMemo.sackBitmapWord(w)).isEqualTo(ackPlain.sackBitmapWord(w));
                }
                assertThat(List.of(bthMemo.opcode(), bthMemo.se(), bthMemo.m(), bthMemo.padCnt(), bthMemo.tver(),
                    bthMemo.pKey(), bthMemo.fecn(), bthMemo.becn(), bthMemo.destQp(), bthMemo.ackReq(), bthMemo.psn()))
                    .isEqualTo(List.of(bthPlain.opcode(), bthPlain.se(), bthPlain.m(), bthPlain.padCnt(), bthPlain.tver(),
                        bthPlain.pKey(), bthPlain.fecn(), bthPlain.becn(), bthPlain.destQp(), bthPlain.ackReq(),
                        bthPlain.psn()));
            }
            final Ipv4Flyweight ipMemo = new Ipv4Flyweight().memoizing().wrap(b, at);
            if (remembered) {
                ipMemo.remember();
            }
            final Ipv4Flyweight ipPlain = new Ipv4Flyweight().wrap(b, at);
            assertThat(List.of(ipMemo.version(), ipMemo.ihl(), ipMemo.dscp(), ipMemo.ecn(), ipMemo.totalLength(),
                ipMemo.identification(), ipMemo.flagReserved(), ipMemo.df(), ipMemo.mf(), ipMemo.fragmentOffset(),
                ipMemo.ttl(), ipMemo.protocol(), ipMemo.headerChecksum(), ipMemo.source(), ipMemo.destination()))
                .isEqualTo(List.of(ipPlain.version(), ipPlain.ihl(), ipPlain.dscp(), ipPlain.ecn(), ipPlain.totalLength(),
                    ipPlain.identification(), ipPlain.flagReserved(), ipPlain.df(), ipPlain.mf(), ipPlain.fragmentOffset(),
                    ipPlain.ttl(), ipPlain.protocol(), ipPlain.headerChecksum(), ipPlain.source(), ipPlain.destination()));
            final UdpFlyweight udpMemo = new UdpFlyweight().memoizing().wrap(b, at);
            if (remembered) {
                udpMemo.remember();
            }
            final UdpFlyweight udpPlain = new UdpFlyweight().wrap(b, at);
            assertThat(List.of(udpMemo.sourcePort(), udpMemo.destinationPort(), udpMemo.length(), udpMemo.checksum()))
                .isEqualTo(List.of(udpPlain.sourcePort(), udpPlain.destinationPort(), udpPlain.length(), udpPlain.checksum()));
            // Written through the view, the snapshot no longer holds and the view reads the buffer.
            memo.pathId(run & 0x3F);
            assertThat(memo.pathId()).isEqualTo(run & 0x3F).isEqualTo(plain.pathId());
            // So too a SACK bitmap written a bit or a word at a time.
            ackMemo.sackBit(run & 0xFF, ackMemo.sackBit(run & 0xFF) ^ 1);
            assertThat(ackMemo.sackBitmap(memoWords)).isEqualTo(ackPlain.sackBitmap(plainWords));
            ackMemo.remember();
            ackMemo.sackBitmapWord(run & 3, run);
            assertThat(ackMemo.sackBitmapWord(run & 3)).isEqualTo(run).isEqualTo(ackPlain.sackBitmapWord(run & 3));
        }
    }
}
