package org.mprt.ctk.reference.mprt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.Frame;
import org.mprt.ctk.reference.harness.Incast;
import org.mprt.ctk.reference.harness.MprtPair;
import org.mprt.ctk.reference.mprt.wire.MprtFrameWriter;
import org.mprt.ctk.wire.ip.NetworkKind;
import org.mprt.ctk.wire.opcode.OpcodeTable;

/** mprt-v0.1.md sections 10.3, 11 and 12: ECN AIMD per path, load moving off marked paths, guidance. */
class MprtCongestionTest {

    private static final long WINDOW_NS = 20_000;

    @Test
    void shouldCutTheWindowOfAMarkedPathAndPutFewerPacketsOnIt() {
        final MprtPair pair = MprtPair.builder().paths(2).regionBytes(1 << 20).pmtu(4096).build();
        pair.fabric.markCeIf(f -> f.isMprtData() && f.pathId() == 0);
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);

        final long onMarked = pair.framesFrom("A").stream().filter(f -> f.isMprtData() && f.pathId() == 0).count();
        final long onClean = pair.framesFrom("A").stream().filter(f -> f.isMprtData() && f.pathId() == 1).count();
        assertThat(onMarked * 3).isLessThan(onClean);
        assertThat(pair.ab.sender().path(0).window().cwndBytes()).isEqualTo(4096);
        assertThat(pair.ab.sender().path(0).window().ecnFraction()).isGreaterThan(0.5);
        assertThat(pair.ab.sender().path(1).window().cwndBytes()).isGreaterThan(16 * 4096);
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }

    @Test
    void shouldKeepEveryGuidanceWindowWithinTheAdvertisedRate() {
        final long guidanceMbps = 10_000;
        final MprtPair pair = MprtPair.builder().regionBytes(1 << 20).pmtu(4096).build();
        pair.fabric.rewriteIf(f -> f.is(OpcodeTable.MPRT_ACK),
            packet -> packet.extensions().maeth().guidanceRateMbps(guidanceMbps));
        pair.writeAll(1);
        pair.awaitCompletionsAtA(1, 100_000_000);

        final long firstAckNs = pair.framesFrom("B").get(0).timeNs();
        final List<Frame> data = pair.framesFrom("A").stream()
            .filter(f -> f.isMprtData() && f.timeNs() >= firstAckNs + 10_000).toList();
        final long bound = (long) (guidanceMbps / 8_000.0 * WINDOW_NS * 1.1)
            + MprtFrameWriter.dataDatagramBytes(NetworkKind.IPV4, 4096);
        assertThat(maxIpBytesInAnyWindow(data)).isLessThanOrEqualTo(bound);
        assertThat(pair.scheduler.nowNs()).isGreaterThan(700_000);
        assertThat(pair.destination.checksum()).isEqualTo(pair.source.checksum());
    }

    @Test
    void shouldAdvertiseAFairShareToEachOfSeveralSendersAndNeverZero() {
        final Incast incast = new Incast(3, 256 * 1024, MprtConfig.defaults(), MprtConfig.defaults());
        incast.writeAll();
        incast.scheduler.runUntil(incast::allComplete, 100_000_000);

        final List<Frame> acks = incast.fabric.captured().stream()
            .filter(f -> f.node().equals("R") && f.is(OpcodeTable.MPRT_ACK)).toList();
        assertThat(acks).extracting(f -> f.maeth().guidanceRateMbps()).doesNotContain(0L).contains(100_000L / 3);
        assertThat(acks).allSatisfy(ack -> assertThat(ack.maeth().guidanceRateMbps()).isGreaterThanOrEqualTo(100_000L / 3));
        for (int i = 0; i < 3; i++) {
            assertThat(incast.destinations.get(i).checksum()).isEqualTo(incast.sources.get(i).checksum());
        }
        assertThat(incast.fabric.captured()).noneMatch(f -> f.etherType() == 0x8808);
    }

    static long maxIpBytesInAnyWindow(final List<Frame> data) {
        long max = 0;
        long bytes = 0;
        int first = 0;
        for (final Frame frame : data) {
            bytes += frame.decoded().datagramLength();
            while (frame.timeNs() - data.get(first).timeNs() >= WINDOW_NS) {
                bytes -= data.get(first++).decoded().datagramLength();
            }
            max = Math.max(max, bytes);
        }
        return max;
    }
}
