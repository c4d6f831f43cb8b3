package org.mprt.ctk.fabric.tap;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.fabric.endpoint.CountingEndpoint;
import org.mprt.ctk.fabric.impairment.Delay;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.fabric.link.Link;
import org.mprt.ctk.fabric.topology.Topology;

class DeterminismTest {

    @TempDir
    Path directory;

    @Test
    void shouldWriteByteIdenticalCapturesForTheSameSeed() throws IOException {
        final String first = sha256(runScenario(42, directory.resolve("first.pcap")));
        final String second = sha256(runScenario(42, directory.resolve("second.pcap")));

        assertThat(second).isEqualTo(first);
    }

    @Test
    void shouldWriteADifferentCaptureForAnotherSeed() throws IOException {
        final Path first = runScenario(42, directory.resolve("seed42.pcap"));
        final Path other = runScenario(43, directory.resolve("seed43.pcap"));

        assertThat(Files.size(first)).isGreaterThan(24);
        assertThat(sha256(other)).isNotEqualTo(sha256(first));
    }

    /** 8 hosts on 2 planes, loss and jitter between switches, all-to-all traffic; the capture of host 0. */
    private static Path runScenario(final long seed, final Path file) {
        final Topology topology = Topology.builder().hosts(8).planes(2).hostsPerLeaf(2).spinesPerPlane(2).seed(seed).build();
        for (final Link link : topology.links()) {
            if (link.name().contains("spine")) {
                link.impairments().loss(LossModel.bernoulli(0.05)).delay(Delay.jittered(0, 200));
            }
        }
        final CountingEndpoint[] endpoints = new CountingEndpoint[8];
        for (int h = 0; h < 8; h++) {
            endpoints[h] = new CountingEndpoint();
            topology.host(h).attach(endpoints[h]);
        }
        // Traffic is fixed, so that only the fabric's own draws (ECMP seeds, loss, jitter) follow the seed.
        final SplittableRandom traffic = new SplittableRandom(7);
        try (PcapTap tap = PcapTap.onHost(topology.host(0), file)) {
            for (int round = 0; round < 5; round++) {
                for (int from = 0; from < 8; from++) {
                    for (int to = 0; to < 8; to++) {
                        if (from != to) {
                            final CountingEndpoint sender = endpoints[from];
                            final int host = to;
                            final int plane = traffic.nextInt(2);
                            final int port = 0xC000 + traffic.nextInt(0x4000);
                            topology.scheduler().at(round * 10_000L + traffic.nextInt(5_000),
                                () -> sender.sendTo(host, plane, port, 256));
                        }
                    }
                }
            }
            topology.scheduler().runUntilIdle(1_000_000_000L);
            assertThat(tap.framesWritten()).isPositive();
        }
        return file;
    }

    private static String sha256(final Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (final NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
