package org.mprt.ctk.dut.fabric;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.mprt.ctk.fabric.impairment.Delay;
import org.mprt.ctk.fabric.impairment.LossModel;
import org.mprt.ctk.fabric.topology.Topology;

/**
 * The goodput of each end-to-end case relative to the lossless case, for MPRT and for the RoCEv2
 * baseline, in virtual time (so the numbers are properties of the protocols in this fabric, not of
 * the machine). A benchmark command, not a test:
 *
 * <pre>mvn -q -pl dut-adapters -am test-compile exec:java ... (see dut-adapters/README.md)</pre>
 */
public final class GoodputReport {

    private GoodputReport() {
    }

    public static void main(final String[] args) {
        final int bytes = args.length > 0 ? Integer.parseInt(args[0]) : 32 * 1024 * 1024;
        final Map<String, Consumer<Topology>> cases = new LinkedHashMap<>();
        cases.put("lossless", t -> { });
        cases.put("0.1 % random loss", Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(0.001))));
        cases.put("1 % random loss", Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(0.01))));
        cases.put("5 % random loss", Impair.everySwitchLink(i -> i.loss(LossModel.bernoulli(0.05))));
        cases.put("burst loss (GE, ~1.2 %)", Impair.everySwitchLink(i -> i.loss(LossModel.gilbertElliott(0.005, 0.2, 0.5, 0.0))));
        cases.put("1 % corruption", Impair.everySwitchLink(i -> i.corruption(0.01)));
        cases.put("reordering (2 slow spines)", Impair.spine(0, 0, i -> i.delay(Delay.jittered(20_000, 5_000)))
            .andThen(Impair.spine(1, 2, i -> i.delay(Delay.fixed(8_000)))));
        cases.put("path 0 failed", Impair.failPath(0));
        cases.put("paths 0, 1, 2 failed", Impair.failPath(0).andThen(Impair.failPath(1)).andThen(Impair.failPath(2)));
        cases.put("path 0 down 20 us..1 ms", Impair.pathOutage(0, 20_000, 1_000_000));
        System.out.printf("%d-byte RDMA WRITE from one host to another, 2 planes x 4 spines, 100 Gb/s links, "
            + "MPRT over 8 paths, RoCEv2 over 1%n%n", bytes);
        System.out.printf("%-28s %12s %8s %12s %8s%n", "case", "MPRT Gb/s", "ratio", "RoCEv2 Gb/s", "ratio");
        double mprtBase = 0;
        double roceBase = 0;
        for (final Map.Entry<String, Consumer<Topology>> c : cases.entrySet()) {
            final FabricTransfer.Result m = run(FabricTransfer.Transport.MPRT, bytes, c.getValue());
            final FabricTransfer.Result r = run(FabricTransfer.Transport.ROCEV2, bytes, c.getValue());
            if (mprtBase == 0) {
                mprtBase = m.goodputBps();
                roceBase = r.goodputBps();
            }
            System.out.printf("%-28s %s %s%n", c.getKey(), cell(m, mprtBase), cell(r, roceBase));
        }
        final FabricTransfer incast = new FabricTransfer();
        incast.senders = 16;
        incast.bytesPerSender = bytes / 16;
        final FabricTransfer.Result i = incast.run();
        System.out.printf("%nincast, 16 senders x %d bytes to one receiver over MPRT: %.1f Gb/s total at the receiver "
            + "(%s)%n", bytes / 16, i.goodputBps() / 1e9, i.completed() && i.intact() ? "all intact" : "INCOMPLETE");
    }

    /** Goodput and ratio, or what ended a transfer that did not deliver every byte. */
    private static String cell(final FabricTransfer.Result r, final double base) {
        if (r.completed() && r.intact()) {
            return String.format("%12.1f %8.2f", r.goodputBps() / 1e9, r.goodputBps() / base);
        }
        return String.format("%21s", "failed: " + r.statuses().get(0));
    }

    private static FabricTransfer.Result run(final FabricTransfer.Transport transport, final int bytes,
                                             final Consumer<Topology> impairments) {
        final FabricTransfer t = new FabricTransfer();
        t.transport = transport;
        t.bytesPerSender = bytes;
        t.impairments = impairments;
        return t.run();
    }
}
