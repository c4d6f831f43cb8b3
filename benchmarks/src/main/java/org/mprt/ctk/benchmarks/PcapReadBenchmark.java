package org.mprt.ctk.benchmarks;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.Pcaps;

/**
 * Reading a whole capture: the kit's reader, as it reads (chunks copied into one buffer) and with
 * the file memory-mapped instead, against pcap4j's two ways of reading a file (the raw-listener
 * loop, and getNextRawPacket). Each operation reads every frame and touches one byte of each, so
 * no reader can skip the data.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PcapReadBenchmark {

    @Param("1000000")
    public int frames;

    private Path file;

    @Setup(Level.Trial)
    public void writeCapture() throws IOException {
        file = Files.createTempFile("ctk-bench", ".pcap");
        BenchmarkCapture.write(file, frames);
    }

    @TearDown(Level.Trial)
    public void deleteCapture() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public long kitReader() throws IOException {
        return lastBytes(CaptureReader.open(file));
    }

    @Benchmark
    public long kitMappedReader() throws IOException {
        return lastBytes(CaptureReader.openMapped(file));
    }

    private static long lastBytes(final CaptureReader opened) throws IOException {
        long sum = 0;
        final Frame frame = new Frame();
        try (CaptureReader reader = opened) {
            while (reader.next(frame)) {
                sum += frame.byteAt(frame.capturedLengthBytes() - 1);
            }
        }
        return sum;
    }

    @Benchmark
    public long pcap4jLoop() throws Exception {
        final long[] sum = {0};
        final PcapHandle handle = Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO);
        try {
            handle.loop(-1, (org.pcap4j.core.RawPacketListener) packet -> sum[0] += packet[packet.length - 1]);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            handle.close();
        }
        return sum[0];
    }

    @Benchmark
    public long pcap4jGetNextRawPacket() throws Exception {
        long sum = 0;
        final PcapHandle handle = Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO);
        try {
            while (true) {
                final byte[] packet;
                try {
                    packet = handle.getNextRawPacketEx();
                } catch (final EOFException end) {
                    break;
                }
                sum += packet[packet.length - 1];
            }
        } finally {
            handle.close();
        }
        return sum;
    }
}
