package org.mprt.ctk.dut.live;

import java.nio.file.Files;
import java.nio.file.Path;
import org.mprt.ctk.reference.mprt.Deviation;

/**
 * Records the live captures of {@code captures/live/}: two reference MPRT nodes on {@code lo}, one
 * RDMA WRITE of 256 KiB in four messages, and the same with a sender whose data is Not-ECT, each with
 * the PICS the nodes run with. A live capture cannot be written again byte for byte, so these are
 * recorded once, like a capture from a real NIC, and their expectations written from what they hold.
 *
 * <p>Run (root, libpcap): {@code mvn -q -pl dut-adapters exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=org.mprt.ctk.dut.live.LoopbackCaptures}
 */
public final class LoopbackCaptures {

    private LoopbackCaptures() {
    }

    public static void main(final String[] args) throws Exception {
        final Path folder = Path.of(args.length > 0 ? args[0] : "../captures/live");
        Files.createDirectories(folder);
        record(folder, "mprt-loopback", new LiveTransfer());
        record(folder, "mprt-loopback-not-ect", new LiveTransfer()
            .sender(LiveTransfer.SOFTWARE_TIMERS.toBuilder().deviate(Deviation.NOT_ECN_CAPABLE).build()));
    }

    private static void record(final Path folder, final String name, final LiveTransfer transfer) throws Exception {
        final LiveTransfer.Result result = transfer.bytes(256 * 1024, 64 * 1024).run(folder.resolve(name + ".pcap"));
        if (!result.completed() || !result.intact() || result.capture().frames() != result.framesExpected()) {
            throw new IllegalStateException(name + ": " + result);
        }
        Files.writeString(folder.resolve(name + ".pics.yaml"), LiveTransfer.pics());
        System.out.println(name + ": " + result);
    }
}
