package org.mprt.ctk.fabric.tap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.fabric.address.AddressPlan;
import org.mprt.ctk.fabric.endpoint.CountingEndpoint;
import org.mprt.ctk.fabric.frame.FrameHeaders;
import org.mprt.ctk.fabric.frame.TestFrames;
import org.mprt.ctk.fabric.topology.Topology;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.LinkType;
import org.mprt.ctk.wire.ip.Ecn;

class PcapTapTest {

    private static final long RUN_LIMIT_NS = 1_000_000_000L;
    /** (1226 + 24) bytes * 8 / 100 Gb/s: exactly 100 ns on the wire. */
    private static final int FRAME_LENGTH = 1_226;

    @TempDir
    Path directory;

    @Test
    void shouldRecordEgressAndIngressFramesWithVirtualTimestamps() throws IOException {
        final Topology topology = Topology.builder().hosts(2).singleSwitch().build();
        final List<CountingEndpoint> endpoints = attachAll(topology);
        final Path egress = directory.resolve("h0-egress.pcap");
        final Path ingress = directory.resolve("h1-ingress.pcap");
        final List<byte[]> sent = new ArrayList<>();
        try (PcapTap sender = PcapTap.onPort(topology.host(0).port(0), TapDirection.EGRESS, egress);
             PcapTap receiver = PcapTap.onPort(topology.host(1).port(0), TapDirection.INGRESS, ingress)) {
            for (int i = 0; i < 3; i++) {
                final byte[] frame = frameTo(1, 0, 0);
                sent.add(frame);
                endpoints.get(0).sendRaw(0, frame);
            }
            topology.scheduler().runUntilIdle(RUN_LIMIT_NS);
            assertThat(sender.framesWritten()).isEqualTo(3);
            assertThat(receiver.framesWritten()).isEqualTo(3);
        }

        final List<Captured> leaving = read(egress);
        final List<Captured> arriving = read(ingress);
        assertThat(leaving).extracting(Captured::virtualNs).containsExactly(100L, 200L, 300L);
        // Two hops of 100 ns on the wire and 500 ns of propagation each.
        assertThat(arriving).extracting(Captured::virtualNs).containsExactly(1_200L, 1_300L, 1_400L);
        for (int i = 0; i < 3; i++) {
            assertThat(leaving.get(i).bytes()).isEqualTo(sent.get(i));
            assertThat(arriving.get(i).bytes()).isEqualTo(sent.get(i));
        }
        assertThat(Instant.ofEpochSecond(0, leaving.get(0).timestampNs())).isEqualTo(Instant.parse("2026-01-01T00:00:00.000000100Z"));
    }

    @Test
    void shouldLeaveNoFileBehindWhenAborted() throws IOException {
        final Topology topology = Topology.builder().hosts(2).singleSwitch().build();
        final List<CountingEndpoint> endpoints = attachAll(topology);
        final Path file = directory.resolve("aborted.pcap");
        final PcapTap tap = PcapTap.onPort(topology.host(0).port(0), TapDirection.EGRESS, file);
        endpoints.get(0).sendRaw(0, frameTo(1, 0, 0));
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);
        assertThat(tap.framesWritten()).isEqualTo(1);

        tap.abort();
        tap.close();
        endpoints.get(0).sendRaw(0, frameTo(1, 0, 0));
        topology.scheduler().runUntilIdle(RUN_LIMIT_NS);

        assertThat(tap.framesWritten()).as("detached").isEqualTo(1);
        try (var left = Files.list(directory)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void shouldRecordEveryPortOfAHostInOneCapture() throws IOException {
        final Topology topology = Topology.builder().hosts(2).planes(2).singleSwitch().build();
        final List<CountingEndpoint> endpoints = attachAll(topology);
        final Path file = directory.resolve("dut.pcap");
        try (PcapTap dut = PcapTap.onHost(topology.host(0), file)) {
            for (int plane = 0; plane < 2; plane++) {
                endpoints.get(0).sendRaw(plane, frameTo(1, plane, 0));
                endpoints.get(1).sendRaw(plane, frameTo(0, plane, 1));
            }
            topology.scheduler().runUntilIdle(RUN_LIMIT_NS);
            assertThat(dut.framesWritten()).isEqualTo(4);
        }

        final List<Captured> frames = read(file);
        assertThat(frames).extracting(Captured::virtualNs).containsExactly(100L, 100L, 1_200L, 1_200L);
        assertThat(frames).extracting(c -> FrameHeaders.fiveTuple(c.bytes(), c.bytes().length).source())
            .containsExactly(AddressPlan.ipv4(0, 0), AddressPlan.ipv4(1, 0), AddressPlan.ipv4(0, 1), AddressPlan.ipv4(1, 1));
    }

    @Test
    void shouldCaptureFramesAsTheyAreOnThatWire() throws IOException {
        final Topology topology = Topology.builder().hosts(3).singleSwitch().ecn(0, 0, 1.0).build();
        final List<CountingEndpoint> endpoints = attachAll(topology);
        topology.hostUplink(2, 0).impairments().corruption(1.0);
        final Path senderSide = directory.resolve("h2-egress.pcap");
        final Path receiverSide = directory.resolve("h1-ingress.pcap");
        try (PcapTap sender = PcapTap.onPort(topology.host(2).port(0), TapDirection.EGRESS, senderSide);
             PcapTap receiver = PcapTap.onPort(topology.host(1).port(0), TapDirection.INGRESS, receiverSide)) {
            endpoints.get(0).sendRaw(0, frameTo(1, 0, 0));
            endpoints.get(2).sendRaw(0, frameTo(1, 0, 2));
            topology.scheduler().runUntilIdle(RUN_LIMIT_NS);
            assertThat(sender.framesWritten()).isEqualTo(1);
            assertThat(receiver.framesWritten()).isEqualTo(2);
        }

        final Captured leftHost2 = read(senderSide).get(0);
        assertThat(TestFrames.icrcMatches(leftHost2.bytes(), FRAME_LENGTH)).isTrue();
        final List<Captured> arrived = read(receiverSide);
        assertThat(arrived).hasSize(2);
        // Both arrive at the switch at 600 ns: host 0's frame goes first, host 2's waits behind it and is marked.
        assertThat(FrameHeaders.ecn(arrived.get(0).bytes(), 14)).isEqualTo(Ecn.ECT_0);
        assertThat(TestFrames.icrcMatches(arrived.get(0).bytes(), FRAME_LENGTH)).isTrue();
        assertThat(FrameHeaders.ecn(arrived.get(1).bytes(), 14)).isEqualTo(Ecn.CE);
        assertThat(TestFrames.icrcMatches(arrived.get(1).bytes(), FRAME_LENGTH)).isFalse();
        assertThat(topology.hostDownlink(1, 0).counters().ecnMarks()).isEqualTo(1);
    }

    private static byte[] frameTo(final int host, final int plane, final int fromHost) {
        final byte[] frame = TestFrames.roce(AddressPlan.mac(plane, fromHost), AddressPlan.mac(plane, host),
            AddressPlan.ipv4(plane, fromHost), AddressPlan.ipv4(plane, host), 0xC000, FRAME_LENGTH - TestFrames.HEADERS_LENGTH, 0);
        assertThat(frame).hasSize(FRAME_LENGTH);
        return frame;
    }

    private static List<CountingEndpoint> attachAll(final Topology topology) {
        final List<CountingEndpoint> endpoints = new ArrayList<>();
        for (int h = 0; h < topology.hostCount(); h++) {
            final CountingEndpoint endpoint = new CountingEndpoint();
            topology.host(h).attach(endpoint);
            endpoints.add(endpoint);
        }
        return endpoints;
    }

    private record Captured(long timestampNs, byte[] bytes) {
        long virtualNs() {
            return CaptureEpoch.virtualNs(timestampNs);
        }
    }

    private static List<Captured> read(final Path file) throws IOException {
        final List<Captured> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReader.open(file)) {
            final Frame frame = new Frame();
            while (reader.next(frame)) {
                assertThat(frame.linkType()).isEqualTo(LinkType.ETHERNET);
                assertThat(frame.isTruncated()).isFalse();
                frames.add(new Captured(frame.timestampNs(), frame.copyData()));
            }
        }
        return frames;
    }
}
