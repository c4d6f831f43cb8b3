package org.mprt.ctk.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.mprt.ctk.reference.harness.TestFabric;
import org.mprt.ctk.reference.harness.TestPort;
import org.mprt.ctk.reference.harness.VirtualScheduler;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtConnection;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.CompletionStatus;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.ConnectionPair;
import org.mprt.ctk.reference.verbs.MemoryRegion;
import org.mprt.ctk.reference.verbs.OutOfBand;
import org.mprt.ctk.reference.verbs.WorkCompletion;
import org.mprt.ctk.reference.verbs.WorkOpcode;

/** The example of README.md runs here, and the README shows exactly this code. */
class ReadmeExampleTest {

    // Built from parts so that this file holds each marker only once, around the example.
    private static final String BEGIN = "// README example " + "begins";
    private static final String END = "// README example " + "ends";

    @Test
    void shouldRunTheReadmeExample() {
        // README example begins
        VirtualScheduler scheduler = new VirtualScheduler();           // any TimerService
        TestFabric fabric = new TestFabric(scheduler, 7, 2);            // any network of NicPorts, here 2 planes
        List<TestPort> portsA = fabric.addNode("A");
        List<TestPort> portsB = fabric.addNode("B");
        SplittableRandom seed = new SplittableRandom(7);
        MprtNode a = new MprtNode(portsA, scheduler, seed.split(), MprtConfig.defaults());
        MprtNode b = new MprtNode(portsB, scheduler, seed.split(), MprtConfig.defaults());
        fabric.attach("A", a);                                           // frames for A go to a.onFrame(...)
        fabric.attach("B", b);

        MemoryRegion source = a.registerRegion(1 << 20);
        MemoryRegion target = b.registerRegion(1 << 20);
        MemoryRegion inbox = b.registerRegion(4096);
        source.put(0, "hello, multipath".getBytes(StandardCharsets.US_ASCII));

        // Out of band: 4 paths per direction over both planes, 2 streams, PMTU 4096, B exposes target.
        ConnectionDescriptor atA = ConnectionDescriptor.spread(0x10, portsA, 4, 2, 4096, List.of());
        ConnectionDescriptor atB = ConnectionDescriptor.spread(0x20, portsB, 4, 2, 4096, List.of(target));
        ConnectionPair<MprtConnection, MprtConnection> pair = OutOfBand.connect(a, atA, b, atB);
        MprtConnection ab = pair.first();
        MprtConnection ba = pair.second();

        ba.postReceive(1, 1, inbox, 0, 4096);                                     // stream 1, RSN 0
        ab.postWrite(2, 0, source, 0, 1 << 20, target.baseAddress(), target.rkey()); // stream 0
        ab.postSend(3, 1, source, 0, 16);                                          // stream 1
        scheduler.runUntil(() -> ab.completionQueue().size() == 2, 1_000_000_000L);

        assertThat(target.checksum()).isEqualTo(source.checksum());
        assertThat(inbox.get(0, 16)).isEqualTo("hello, multipath".getBytes(StandardCharsets.US_ASCII));
        assertThat(ab.completionQueue().drain()).extracting(WorkCompletion::status)
            .containsOnly(CompletionStatus.SUCCESS);
        assertThat(ba.completionQueue().drain()).extracting(WorkCompletion::opcode)
            .containsExactlyInAnyOrder(WorkOpcode.RECV_RDMA_WRITE, WorkOpcode.RECV);
        // README example ends
    }

    @Test
    void shouldShowTheSameCodeInTheReadme() throws IOException {
        final String test = Files.readString(Path.of("src/test/java/org/mprt/ctk/reference/ReadmeExampleTest.java"));
        final String readme = Files.readString(Path.of("README.md"));
        final String fromTest = test.substring(test.indexOf(BEGIN) + BEGIN.length(), test.indexOf(END));
        final String fromReadme = readme.substring(readme.indexOf(BEGIN) + BEGIN.length(), readme.indexOf(END));
        assertThat(normalise(fromReadme)).isEqualTo(normalise(fromTest));
    }

    private static List<String> normalise(final String code) {
        return code.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }
}
