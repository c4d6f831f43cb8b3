package org.mprt.ctk.verdict.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.wire.sequence.SerialNumber;

class PathRecordTest {

    private final PathRecord path = new PathRecord(0);
    private final long[] none = new long[4];

    private void send(final int from, final int count) {
        for (int i = 0; i < count; i++) {
            path.sent(SerialNumber.add24(from, i), false, null, i + 1, i * 100L);
        }
    }

    @Test
    void shouldTellWhetherItsPsnsWereFirstSentInPsnOrder() {
        send(0, 5);
        path.sent(2, true, null, 6, 500);
        path.sent(7, false, null, 7, 600);

        assertThat(path.firstSentInPsnOrder()).as("a retransmission and a skip keep the order").isTrue();

        path.sent(5, false, null, 8, 700);

        assertThat(path.firstSentInPsnOrder()).as("PSN 5 first captured after PSN 7").isFalse();
        path.sent(8, false, null, 9, 800);
        assertThat(path.firstSentInPsnOrder()).as("lost for good").isFalse();
    }

    @Test
    void shouldWalkBackToItsLowestUnacknowledgedPsnUntilItAbandonsOne() {
        send(0, 10);
        assertThat(path.unacknowledgedBack()).isEqualTo(10);

        path.acknowledged(5, none, 11, 2_000, 3);

        assertThat(path.unacknowledgedBack()).as("PSNs 6 to 9").isEqualTo(4);
        assertThat(path.owedBack()).isEqualTo(4);

        path.abandonBefore(3, 3_000);

        assertThat(path.unacknowledgedBack()).isEqualTo(4);
        assertThat(path.owedBack()).as("PSNs 0 to 2, acknowledged and abandoned, may still be owed").isEqualTo(10);

        path.acknowledged(9, none, 12, 4_000, 3);
        assertThat(path.unacknowledgedBack()).isZero();
    }

    @Test
    void shouldKeepTheSilenceAtItsFailureAndTellWhenItHasBeenReadmittedSince() {
        send(0, 3);
        path.acknowledged(0, none, 4, 1_000, 3);

        path.abandonBefore(3, 200_000);

        assertThat(path.silenceAbandonedNs()).as("silent from the ACK progress at 1 µs").isEqualTo(199_000);
        assertThat(path.isAbandonedPsn(1)).isTrue();
        assertThat(path.isReadmittedSince(1)).as("not carried data since").isFalse();

        path.sent(3, true, null, 5, 300_000);

        assertThat(path.isReadmittedSince(1)).as("PSN 3, the probed PSN, carried").isTrue();
        assertThat(path.isReadmittedSince(3)).isFalse();
        assertThat(path.unacknowledged()).isEqualTo(1);

        path.abandonBefore(4, 400_000);

        assertThat(path.isReadmittedSince(1)).as("failed again").isFalse();
        assertThat(path.silenceAbandonedNs()).as("PSN 3 unacknowledged since 300 µs").isEqualTo(100_000);
    }

    @Test
    void shouldForgetARefusedPsnThatWasAllItHeldSoThatTheFirstAcceptedOneAnchorsIt() {
        path.sent(SerialNumber.HALF_24 - 1, false, null, 1, 100);
        path.refused(SerialNumber.HALF_24 - 1);

        assertThat(path.hasData()).isFalse();
        assertThat(path.sent(0, false, null, 3, 300)).as("PSN 0, 2^23 - 1 before the refused PSN").isTrue();
        assertThat(path.captured(0)).isEqualTo(Presence.YES);
        assertThat(path.lowestPsn()).isZero();
        assertThat(path.boundaryPsn()).isZero();
        assertThat(path.unacknowledged()).isEqualTo(1);
        assertThat(path.isAwaitingFirstProgress()).isTrue();
    }

    @Test
    void shouldKeepARefusedPsnAmongOthers() {
        send(0, 3);
        path.sent(300, false, null, 4, 400);

        path.refused(300);

        assertThat(path.captured(300)).as("the receiver refused it, but it was sent").isEqualTo(Presence.YES);
        assertThat(path.highestPsn()).isEqualTo(300);
        path.refused(2);
        assertThat(path.captured(2)).isEqualTo(Presence.YES);
    }

    @Test
    void shouldNotTellItsPsnsInOrderOnceTheClockStepsBack() {
        send(0, 3);

        path.sent(3, false, null, 4, 150);

        assertThat(path.firstSentInPsnOrder()).isFalse();
    }

    @Test
    void shouldCountPsnsUnacknowledgedUntilAnAckCoversThem() {
        send(0, 10);
        final long[] sack = {1L << 61, 0, 0, 0};

        path.acknowledged(3, sack, 11, 2_000, 1);

        assertThat(path.unacknowledged()).isEqualTo(5);
        assertThat(path.ackedFrame(path.slot(3))).isEqualTo(11);
        assertThat(path.ackedFrame(path.slot(6))).isEqualTo(11);
        assertThat(path.ackedFrame(path.slot(4))).isZero();
        assertThat(path.lastAckAcknowledges(6)).isTrue();
        assertThat(path.lastAckAcknowledges(5)).isFalse();
    }

    @Test
    void shouldWalkBackOverItsOwnPsnsOnlyWhileItHoldsFewerThanTheRing() {
        assertThat(path.heldBack(0)).isZero();
        send(SerialNumber.MASK_24 - 4, 12);

        assertThat(path.heldBack(path.highestPsn())).isEqualTo(12);
        assertThat(path.heldBack(SerialNumber.MASK_24)).isEqualTo(5);
        assertThat(path.heldBack(SerialNumber.MASK_24 - 5)).isZero();

        send(SerialNumber.add24(path.highestPsn(), 1), 3 * PathRecord.RING);
        assertThat(path.heldBack(path.highestPsn())).isEqualTo(PathRecord.RING);

        // More than half the PSN space later, the lowest PSN held is still told apart in serial order.
        for (int sent = 0; sent < SerialNumber.HALF_24 + PathRecord.RING; sent += PathRecord.MAX_ADVANCE) {
            path.sent(SerialNumber.add24(path.highestPsn(), PathRecord.MAX_ADVANCE), false, null, 1, 1);
            if (path.heldBack(path.highestPsn()) != PathRecord.RING) {
                assertThat(path.heldBack(path.highestPsn())).as("after %d PSNs", sent).isEqualTo(PathRecord.RING);
            }
        }
        assertThat(path.slot(SerialNumber.add24(path.highestPsn(), -PathRecord.MAX_ADVANCE))).isNotNegative();
    }

    @Test
    void shouldFindEveryPsnItHoldsWithinTheWalkBackFromAnyOfThem() {
        final Random random = new Random(7);
        for (int round = 0; round < 40; round++) {
            final PathRecord p = new PathRecord(0);
            int next = random.nextBoolean() ? SerialNumber.MASK_24 - random.nextInt(3000) : random.nextInt(1 << 24);
            for (int step = 0; step < 600; step++) {
                final int r = random.nextInt(10);
                if (r < 6 || !p.hasData()) {
                    p.sent(next, false, null, step, step);
                    next = SerialNumber.add24(next, 1 + (r == 0 ? random.nextInt(40) : 0));
                } else {
                    // A resend from up to twice the ring back: some are held again, some are too old to follow.
                    p.sent(SerialNumber.add24(p.highestPsn(), -random.nextInt(2 * PathRecord.RING)), true, null, step, step);
                }
                assertWalksReachEveryHeldPsn(p);
            }
        }
    }

    private static void assertWalksReachEveryHeldPsn(final PathRecord p) {
        final int highest = p.highestPsn();
        assertThat(p.heldBack(highest)).isBetween(1, PathRecord.RING);
        for (int back = 0; back < 2 * PathRecord.RING; back++) {
            final int q = SerialNumber.add24(highest, -back);
            if (p.slot(q) >= 0) {
                assertThat(back).as("PSN %d, %d back from the highest %d", q, back, highest)
                    .isLessThan(p.heldBack(highest));
                final int from = SerialNumber.add24(q, back / 2);
                assertThat(SerialNumber.distance24(q, from)).as("PSN %d from %d", q, from).isLessThan(p.heldBack(from));
            }
        }
    }

    @Test
    void shouldForgetPsnsThatFallOutOfItsWindowAndSayItCannotTell() {
        send(0, PathRecord.RING + 10);

        assertThat(path.captured(5)).isEqualTo(Presence.UNKNOWN);
        assertThat(path.captured(PathRecord.RING + 5)).isEqualTo(Presence.YES);
        assertThat(path.unacknowledged()).isEqualTo(PathRecord.RING);
    }

    @Test
    void shouldClearANakByTheNextTransmissionAndEveryMarkWhenTheSlotTakesAnotherPsn() {
        path.sent(7, false, null, 1, 10);
        path.nakked(7, 20);
        path.abandonBefore(8, 30);
        assertThat(path.isNakked(path.slot(7))).isTrue();
        assertThat(path.isAbandoned(path.slot(7))).isTrue();
        assertThat(path.isInFlight(path.slot(7))).isFalse();

        path.sent(7, true, null, 2, 40);
        assertThat(path.isNakked(path.slot(7))).as("a resend after the NAK").isFalse();
        assertThat(path.isAbandoned(path.slot(7))).as("abandoned stays").isTrue();
        assertThat(path.psnAt(path.slot(7))).isEqualTo(7);

        // PSN 7 + RING lands in PSN 7's slot: a new PSN, none of the old one's marks.
        for (int p = 8; p <= 7 + PathRecord.RING; p++) {
            path.sent(p, false, null, p, p * 10L);
        }
        final int slot = path.slot(7 + PathRecord.RING);
        assertThat(path.slot(7)).isEqualTo(-1);
        assertThat(path.psnAt(slot)).isEqualTo(7 + PathRecord.RING);
        assertThat(path.isNakked(slot)).isFalse();
        assertThat(path.isAbandoned(slot)).isFalse();
        assertThat(path.isInFlight(slot)).isTrue();
        assertThat(path.transmissions(slot)).isEqualTo(1);
    }

    @Test
    void shouldKeepWhatItHeldOfEveryPsnWhenItsSlotsGrow() {
        // 40 PSNs, more than the first slots; an ACK, a NAK and a resend mark some of them.
        for (int p = 500; p < 540; p++) {
            path.sent(p, false, null, p, p * 10L);
        }
        path.acknowledged(509, none, 1000, 10_000, 3);
        path.nakked(520, 11_000);
        path.sent(530, true, null, 1001, 12_000);
        // Then the PSNs span four times the first slots, and a resend comes from before them all.
        for (int p = 540; p < 700; p++) {
            path.sent(p, false, null, p, p * 10L);
        }
        path.sent(300, true, null, 1002, 13_000);

        for (int p = 500; p < 700; p++) {
            assertThat(path.captured(p)).as("PSN %d", p).isEqualTo(Presence.YES);
            assertThat(path.firstFrame(path.slot(p))).as("PSN %d", p).isEqualTo(p);
            assertThat(path.ackedFrame(path.slot(p))).as("PSN %d", p).isEqualTo(p < 510 ? 1000 : 0);
        }
        assertThat(path.isNakked(path.slot(520))).isTrue();
        assertThat(path.isNakked(path.slot(521))).isFalse();
        assertThat(path.transmissions(path.slot(530))).isEqualTo(2);
        assertThat(path.lastFrame(path.slot(530))).isEqualTo(1001);
        assertThat(path.captured(300)).isEqualTo(Presence.YES);
        assertThat(path.lowestPsn()).isEqualTo(300);
        assertThat(path.unacknowledged()).isEqualTo(191);
    }

    @Test
    void shouldTellASkippedPsnFromOneSentBeforeTheCapture() {
        path.sent(10, false, null, 1, 0);
        path.sent(12, false, null, 2, 100);

        assertThat(path.captured(11)).isEqualTo(Presence.NO);
        assertThat(path.captured(9)).isEqualTo(Presence.UNKNOWN);
        assertThat(path.boundaryPsn()).isEqualTo(10);
    }

    @Test
    void shouldNotFollowAPsnThatJumpsPastHalfItsRing() {
        send(0, 3);

        assertThat(path.sent(2 + PathRecord.MAX_ADVANCE + 1, false, null, 9, 900)).isFalse();
        assertThat(path.highestPsn()).isEqualTo(2);
    }

    @Test
    void shouldAcknowledgeAcrossTheWrapOfThe24BitPsnSpace() {
        send(SerialNumber.MASK_24 - 1, 4);

        path.acknowledged(SerialNumber.MASK_24, none, 5, 1_000, 1);

        assertThat(path.ackedFrame(path.slot(SerialNumber.MASK_24 - 1))).isEqualTo(5);
        assertThat(path.ackedFrame(path.slot(0))).isZero();
        assertThat(PathRecord.acknowledges(SerialNumber.MASK_24, new long[] {1L << 63, 0, 0, 0}, 0)).isTrue();
    }

    @Test
    void shouldStopCountingAbandonedPsnsAsUnacknowledged() {
        send(0, 4);

        path.abandonBefore(4, 500);

        assertThat(path.unacknowledged()).isZero();
        assertThat(path.isAbandoned(path.slot(2))).isTrue();
    }

    private void sendBytes(final int psn, final int payloadBytes, final long ns) {
        final Segment s = new Segment(0, psn, 0, payloadBytes, payloadBytes, Segment.NOT_KEPT, 0xC0, psn + 1, 0, psn, ns);
        path.sent(psn, false, s, psn + 1, ns);
    }

    @Test
    void shouldCountBytesInFlightUntilAnAckAcknowledgesThemOrDetectsThemLost() {
        for (int psn = 0; psn < 4; psn++) {
            sendBytes(psn, 1000, psn * 100L);
        }
        assertThat(path.inFlightBytes()).isEqualTo(4000);
        assertThat(path.isAwaitingFirstProgress()).isTrue();

        // cack 0, PSN 2 SACKed: PSN 0 and 2 acknowledged, PSN 1 detected lost (PSN 2 first sent after it), PSN 3 in flight
        path.acknowledged(0, new long[] {1L << 62, 0, 0, 0}, 9, 1_000, 1);

        assertThat(path.inFlightBytes()).isEqualTo(1000);
        assertThat(path.isInFlight(path.slot(3))).isTrue();
        assertThat(path.lastProgressNs()).isEqualTo(1_000);
        assertThat(path.isAwaitingFirstProgress()).isFalse();

        // the retransmission of PSN 1 is in flight again
        path.sent(1, true, path.segment(path.slot(1)), 10, 1_100);
        assertThat(path.inFlightBytes()).isEqualTo(2000);
    }

    @Test
    void shouldTellSinceWhenThePathHasHadUnacknowledgedData() {
        sendBytes(0, 100, 1_000);
        sendBytes(1, 100, 2_000);
        assertThat(path.unacknowledgedSinceNs()).isEqualTo(1_000);

        path.acknowledged(1, none, 3, 5_000, 1);
        assertThat(path.unacknowledgedSinceNs()).isEqualTo(PathRecord.NEVER);

        sendBytes(2, 100, 6_000);
        assertThat(path.unacknowledgedSinceNs()).isEqualTo(6_000);
        path.abandonBefore(3, 7_000);
        assertThat(path.unacknowledgedSinceNs()).isEqualTo(PathRecord.NEVER);
        assertThat(path.inFlightBytes()).isZero();
        assertThat(path.isAwaitingFirstProgress()).isTrue();
    }

    /** Word by word it finds what PSN by PSN finds: the lowest PSN acknowledged before and not after. */
    @Test
    void firstUnacknowledgedAgreesWithAPsnByPsnWalk() {
        final Random random = new Random(11);
        final int[] deltas = {0, 1, 5, 63, 64, 65, 127, 200, 255, 256, 300, SerialNumber.HALF_24, SerialNumber.HALF_24 + 7,
            SerialNumber.MASK_24};
        int found = 0;
        for (int round = 0; round < 20_000; round++) {
            final int before = random.nextBoolean() ? random.nextInt(1 << 24) : SerialNumber.MASK_24 - random.nextInt(300);
            final int delta = random.nextInt(4) == 0 ? random.nextInt(1 << 24) : deltas[random.nextInt(deltas.length)];
            final int cack = SerialNumber.add24(before, delta);
            final long[] earlier = bitmap(random);
            final long[] later = random.nextInt(3) == 0 ? shiftedCopy(earlier, delta, random) : bitmap(random);
            int expected = -1;
            for (int bit = 0; bit < PathRecord.WINDOW && expected < 0; bit++) {
                final int psn = SerialNumber.add24(before, bit + 1);
                if (PathRecord.acknowledges(before, earlier, psn) && !PathRecord.acknowledges(cack, later, psn)) {
                    expected = psn;
                }
            }
            found += expected >= 0 ? 1 : 0;
            assertThat(PathRecord.firstUnacknowledged(before, earlier, cack, later))
                .as("before %d, cack %d", before, cack).isEqualTo(expected);
        }
        assertThat(found).as("rounds with a PSN no longer acknowledged").isGreaterThan(1000);
    }

    private static long[] bitmap(final Random random) {
        final long[] words = new long[4];
        for (int w = 0; w < 4; w++) {
            words[w] = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> -1L;
                case 2 -> 1L << random.nextInt(64);
                default -> random.nextLong();
            };
        }
        return words;
    }

    /** The earlier bitmap as seen from the later cack, with a bit dropped now and then: what a conforming or a reneging ACK sends. */
    private static long[] shiftedCopy(final long[] earlier, final int delta, final Random random) {
        final long[] later = new long[4];
        for (int k = 0; k < PathRecord.WINDOW; k++) {
            final int i = k + delta;
            if (delta < SerialNumber.HALF_24 && i < PathRecord.WINDOW && ((earlier[i >>> 6] >>> (63 - (i & 63))) & 1) != 0
                && random.nextInt(50) != 0) {
                later[k >>> 6] |= 1L << (63 - (k & 63));
            }
        }
        return later;
    }

    /** The highest PSN an ACK acknowledges is one it acknowledges, and none after it is (across the 2^24 wrap). */
    @Test
    void shouldFindTheHighestPsnAnAckAcknowledges() {
        final Random random = new Random(61);
        for (int run = 0; run < 20_000; run++) {
            final int cack = run % 4 == 0 ? SerialNumber.MASK_24 - random.nextInt(300) : random.nextInt(SerialNumber.MODULUS_24);
            final long[] words = new long[4];
            for (int w = 0; w < words.length; w++) {
                words[w] = random.nextInt(3) == 0 ? 0 : random.nextLong() >>> random.nextInt(64);
            }
            final int top = PathRecord.highestAcknowledged(cack, words);
            assertThat(PathRecord.acknowledges(cack, words, top)).as("run %d", run).isTrue();
            for (int d = 1; d <= PathRecord.WINDOW + 8; d++) {
                assertThat(PathRecord.acknowledges(cack, words, SerialNumber.add24(top, d))).as("run %d, top + %d", run, d).isFalse();
            }
        }
    }
}
