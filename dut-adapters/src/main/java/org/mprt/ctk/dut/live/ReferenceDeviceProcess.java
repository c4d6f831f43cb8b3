package org.mprt.ctk.dut.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.mprt.Deviation;
import org.mprt.ctk.reference.mprt.MprtConfig;
import org.mprt.ctk.reference.mprt.MprtNode;
import org.mprt.ctk.reference.verbs.Connection;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.MemoryRegion;

/**
 * The kit's reference MPRT node as an external device (dut-adapters/README.md, "An external device"):
 * a process that keeps the contract in either role, as a device of one's own would, and the example to
 * read when writing one. {@code ctk live --dut-command "java -cp ctk.jar org.mprt.ctk.dut.live.ReferenceDeviceProcess"}
 * runs it; {@code --deviate NAME} makes it one of the reference's mutants.
 *
 * <p>It reads the setup line and starts the node on the addresses given, running the section 14 table
 * the line gives. As a receiver it registers a region of region_bytes, opens its end of the connection
 * and writes its descriptor; at the finish line it writes the SHA-256 of that region. As a sender it
 * opens its end and writes its descriptor; at the start line it writes region_bytes of seeded random
 * bytes into the peer's region in messages of message_bytes, says when they have completed, and at the
 * finish line writes the SHA-256 of what it wrote. Either finish answer also says the longest its host
 * stalled the process since the descriptor ({@link StallWatch}). Then it exits 0. A setup it cannot use
 * is said on standard error, with exit code 2.
 */
public final class ReferenceDeviceProcess {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long the sender waits for its WRITEs to complete, as the kit's own sender does. */
    private static final Duration PATIENCE = LiveTransfer.PATIENCE;
    private static final long CONTENT_SEED = 4;

    private ReferenceDeviceProcess() {
    }

    public static void main(final String[] args) throws IOException {
        final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        final JsonNode setup = setup(in.readLine());
        final MprtConfig.Builder timed = configured(setup.path("timers"));
        final MprtConfig config = (args.length == 2 && args[0].equals("--deviate")
            ? timed.deviate(Deviation.valueOf(args[1])) : timed).build();
        final boolean sends = setup.path("role").asText().equals(ExternalDevice.Role.SENDER.word());
        final List<IpAddress> addresses = new ArrayList<>();
        setup.path("addresses").forEach(a -> addresses.add(IpAddress.ipv4(a.asText())));
        final int regionBytes = setup.path("region_bytes").asInt();
        final ConnectionDescriptor peer;
        try {
            peer = DescriptorJson.read(setup.path("peer"), "the setup line's peer");
        } catch (final ExternalDeviceException e) {
            refuse(e.getMessage());
            return;
        }
        // Ready means ready to be judged in real time: the code that answers packets is loaded and compiled first.
        Rehearsal.run(config, setup.path("paths").asInt(), setup.path("streams").asInt());
        final RealTimeLoop loop = new RealTimeLoop("reference device");
        try {
            final InterfaceNode node = InterfaceNode.start(loop, sends ? "node A" : "node B", setup.path("interface").asText(),
                addresses, setup.path("line_rate_bps").asLong(),
                (ports, timers) -> new MprtNode(ports, timers, new SplittableRandom(sends ? 1 : 2), config));
            final End end = loop.call(() -> End.open(node, setup, peer, sends), RealTimeLoop.STARTING);
            out.println(JSON.createObjectNode().set("descriptor", DescriptorJson.write(end.own())));
            // From ready to finish: how long this host kept the process from answering, which the kit reports.
            final StallWatch stalls = StallWatch.start();
            SeededWrites writes = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                final JsonNode message = JSON.readTree(line);
                if (sends && message.path("start").asBoolean()) {
                    writes = loop.call(() -> SeededWrites.post(node.device(), end.connection(), peer.regions().get(0),
                        regionBytes, setup.path("message_bytes").asInt(), setup.path("streams").asInt(), CONTENT_SEED),
                        RealTimeLoop.STARTING);
                    out.println(JSON.createObjectNode().put("completed", loop.await(writes::completed, PATIENCE)));
                } else if (message.path("finish").asBoolean()) {
                    final SeededWrites written = writes;
                    final String digest = sends ? written == null ? RegionDigest.of(new byte[0]) : written.sentDigest()
                        : loop.call(() -> RegionDigest.of(end.region()), RealTimeLoop.STARTING);
                    stalls.close();
                    out.println(JSON.createObjectNode().put("region_sha256", digest)
                        .put("longest_stall_ns", stalls.longestNs()));
                    loop.call(() -> {
                        node.close();
                        return null;
                    }, RealTimeLoop.STARTING);
                    loop.close();
                    System.exit(0);
                }
            }
            System.err.println("standard input ended before the finish line");
            System.exit(1);
        } finally {
            loop.close();
        }
    }

    /** The node's end of the connection: its descriptor, its connection, and a receiver's region. */
    private record End(ConnectionDescriptor own, Connection connection, MemoryRegion region) {

        /** Opens the node's end; on the loop's thread. */
        static End open(final InterfaceNode node, final JsonNode setup, final ConnectionDescriptor peer, final boolean sends) {
            final MemoryRegion region = sends ? null : node.device().registerRegion(setup.path("region_bytes").asInt());
            final ConnectionDescriptor own = ConnectionDescriptor.spread(setup.path("connection_number").asInt(),
                node.ports(), setup.path("paths").asInt(), setup.path("streams").asInt(), setup.path("pmtu").asInt(),
                sends ? List.of() : List.of(region));
            return new End(own, node.device().openConnection(own, peer), region);
        }
    }

    /** The setup line, when it is one this example can run; else the process ends with exit code 2. */
    private static JsonNode setup(final String line) {
        JsonNode setup = null;
        try {
            setup = line == null ? null : JSON.readTree(line);
        } catch (final JsonProcessingException e) {
            refuse("expected a JSON setup line, got " + line);
        }
        if (setup == null || setup.path("contract").asInt() != ExternalDevice.CONTRACT
            || !List.of("sender", "receiver").contains(setup.path("role").asText())) {
            refuse("expected a setup line of contract " + ExternalDevice.CONTRACT + " for a sender or a receiver, got "
                + line);
        }
        return setup;
    }

    /**
     * The reference's configuration with the setup line's section 14 table; a table it cannot run ends
     * the process with exit code 2, saying why.
     */
    private static MprtConfig.Builder configured(final JsonNode timers) {
        final Map<String, Number> table = new LinkedHashMap<>();
        timers.fields().forEachRemaining(e -> {
            if (!e.getValue().isNumber()) {
                refuse("the setup line's timers: " + e.getKey() + " " + e.getValue() + ": expected a number");
            }
            table.put(e.getKey(), e.getValue().numberValue());
        });
        try {
            final MprtConfig.Builder builder = LiveTransfer.SOFTWARE_TIMERS.toBuilder().specTable(table);
            builder.build();
            return builder;
        } catch (final IllegalArgumentException e) {
            refuse("the setup line's timers " + timers + ": " + e.getMessage());
            return null;
        }
    }

    private static void refuse(final String why) {
        System.err.println(why);
        System.exit(2);
    }
}
