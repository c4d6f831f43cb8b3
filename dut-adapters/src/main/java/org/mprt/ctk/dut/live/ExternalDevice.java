package org.mprt.ctk.dut.live;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;

/**
 * The kit's side of the contract with a device under test that runs as a process of its own
 * (dut-adapters/README.md, "An external device"): the kit starts the command, writes it one JSON line
 * with the connection to set up, reads back the device's descriptor, and once the transfer is over
 * asks it for the SHA-256 of the region it received into, after which the device exits.
 *
 * <p>Every wait has a deadline: a device that says nothing, exits early, or writes something else
 * than the contract's line ends the run with an {@link ExternalDeviceException}, and the process and
 * its descendants are killed, so that a device that hangs never hangs the kit. Lines on the device's
 * standard output that do not start with '{' are passed over, as log lines; its standard error goes
 * to a file whose last lines each failure quotes.
 */
public final class ExternalDevice implements AutoCloseable {

    /** What the external device is in the transfer, the setup line's "role". */
    public enum Role {
        /** Node A: it writes into the kit's node B. */
        SENDER,
        /** Node B: the kit's node A writes into it. */
        RECEIVER;

        /** The role as the setup line says it. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The version of the contract, the setup line's "contract". */
    public static final int CONTRACT = 1;
    /** How long a device may take to say it is ready: a JVM that starts, compiles and opens libpcap. */
    public static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    /** How long a device may take to report its region and exit. */
    public static final Duration FINISH_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration KILL_PATIENCE = Duration.ofSeconds(5);
    private static final int QUOTED_ERROR_LINES = 10;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String READY = "{\"descriptor\": ...}, that it is ready";
    private static final String DIGEST = "{\"region_sha256\": \"...\"}";

    private final String command;
    private final Process process;
    private final Path errorLog;
    /** The device's output lines, then {@link #END} when it closed its standard output. */
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();

    private record Line(String text) {
    }

    private static final Line END = new Line(null);

    private ExternalDevice(final String command, final Process process, final Path errorLog) {
        this.command = command;
        this.process = process;
        this.errorLog = errorLog;
        final Thread reader = new Thread(this::readOutput, "output of " + command);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code command} through {@code /bin/sh -c}, its standard error written to {@code errorLog}.
     *
     * @throws ExternalDeviceException when the process cannot be started
     */
    public static ExternalDevice start(final String command, final Path errorLog) {
        try {
            final Process process = new ProcessBuilder("/bin/sh", "-c", command)
                .redirectError(errorLog.toFile()).start();
            return new ExternalDevice(command, process, errorLog);
        } catch (final IOException e) {
            throw new ExternalDeviceException("the device under test (" + command + ") could not be started: "
                + e.getMessage());
        }
    }

    /**
     * Writes the setup line and waits for the device's {"descriptor": {...}} line.
     *
     * @throws ExternalDeviceException when the device does not answer so within {@code timeout}
     */
    public ConnectionDescriptor setUp(final ObjectNode setup, final Duration timeout) {
        send(setup, "the setup line");
        final JsonNode answer = answered(await("descriptor", READY, timeout), READY, timeout);
        try {
            return DescriptorJson.read(answer.get("descriptor"), "its descriptor line");
        } catch (final ExternalDeviceException e) {
            throw refused(e.getMessage());
        }
    }

    /**
     * The failure of a device whose descriptor the kit cannot use, for {@code why}: the device is killed,
     * and the message names it and quotes its standard error, as every failure of the contract does.
     */
    public ExternalDeviceException refused(final String why) {
        return failure("wrote a descriptor the kit cannot use: " + why);
    }

    /** Writes {"start": true}: a sending device may now post its WRITEs, the kit's receiver being ready. */
    public void start() {
        send(JsonNodeFactory.instance.objectNode().put("start", true), "{\"start\": true}");
    }

    /**
     * Waits for a sending device's {"completed": true}: every WRITE it posted has completed.
     *
     * @return false when it did not say so within {@code timeout} (it may still answer {@link #finish})
     * @throws ExternalDeviceException when it exits or writes something else
     */
    public boolean awaitCompleted(final Duration timeout) {
        final JsonNode answer = await("completed", "{\"completed\": true}", timeout);
        return answer != null && answer.get("completed").asBoolean();
    }

    /**
     * What a device answers to {"finish": true}: the SHA-256 of its region, 64 lower-case hexadecimal
     * digits, and, when it says, the longest its host kept its process from running during the transfer
     * (the optional "longest_stall_ns"), which the capture cannot tell from the device's own lateness.
     */
    public record Finished(String regionSha256, OptionalLong longestStallNs) {
    }

    /**
     * Writes {"finish": true}, waits for {"region_sha256": "..."} and for the device to exit with 0.
     *
     * @throws ExternalDeviceException when the device does not answer so, or exit, within {@code timeout}
     */
    public Finished finish(final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        send(JsonNodeFactory.instance.objectNode().put("finish", true), "{\"finish\": true}");
        final JsonNode answer = answered(await("region_sha256", DIGEST, timeout), DIGEST, timeout);
        final JsonNode digest = answer.get("region_sha256");
        if (!digest.isTextual() || !digest.textValue().matches("\\p{XDigit}{64}")) {
            throw failure("wrote region_sha256 " + digest + ": expected 64 hexadecimal digits");
        }
        final JsonNode stall = answer.get("longest_stall_ns");
        if (stall != null && !(stall.canConvertToLong() && stall.isIntegralNumber() && stall.longValue() >= 0)) {
            throw failure("wrote longest_stall_ns " + stall + ": expected a whole number of nanoseconds, 0 or more");
        }
        try {
            if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw failure("did not exit within " + timeout.toSeconds() + " s of reporting its region");
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("was still running when the kit was interrupted");
        }
        if (process.exitValue() != 0) {
            throw failure("exited with code " + process.exitValue() + " after reporting its region; expected 0");
        }
        return new Finished(digest.textValue().toLowerCase(Locale.ROOT),
            stall == null ? OptionalLong.empty() : OptionalLong.of(stall.longValue()));
    }

    /** Kills the device and its descendants when they still run. */
    @Override
    public void close() {
        // The shell first, so that it does not report its children's deaths into the device's standard error.
        final List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(KILL_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void send(final ObjectNode message, final String what) {
        try {
            final OutputStream in = process.getOutputStream();
            in.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (final IOException e) {
            throw failure(exitedOrNot("closed its standard input before the kit wrote " + what));
        }
    }

    /** {@code answer}, when there is one: a device that said nothing in time has broken the contract. */
    private JsonNode answered(final JsonNode answer, final String what, final Duration timeout) {
        if (answer == null) {
            throw failure("did not write " + what + " within " + timeout.toSeconds() + " s");
        }
        return answer;
    }

    /** The next JSON line of the device, which must hold {@code key}; null when none came within {@code timeout}. */
    private JsonNode await(final String key, final String what, final Duration timeout) {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            final Line line;
            try {
                line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw failure("was still running when the kit was interrupted");
            }
            if (line == null) {
                return null;
            }
            if (line == END) {
                throw failure(exitedOrNot("closed its standard output before it wrote " + what));
            }
            if (!line.text().stripLeading().startsWith("{")) {
                continue;
            }
            final JsonNode node;
            try {
                node = JSON.readTree(line.text());
            } catch (final JsonProcessingException e) {
                throw failure("wrote a line that is not JSON where the kit expected " + what + ": " + line.text());
            }
            if (!node.isObject() || !node.has(key)) {
                throw failure("wrote " + line.text() + " where the kit expected " + what);
            }
            return node;
        }
    }

    private String exitedOrNot(final String what) {
        try {
            if (process.waitFor(KILL_PATIENCE.toMillis(), TimeUnit.MILLISECONDS)) {
                return "exited with code " + process.exitValue() + " (it " + what + ")";
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return what;
    }

    private void readOutput() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(new Line(line));
            }
        } catch (final IOException e) {
            // The process was killed under the reader; END says the output ended.
        }
        lines.add(END);
    }

    /** Kills the device and says why, with the last lines of its standard error. */
    private ExternalDeviceException failure(final String why) {
        close();
        return new ExternalDeviceException("the device under test (" + command + ") " + why + errorTail());
    }

    private String errorTail() {
        try {
            final List<String> all = Files.readAllLines(errorLog, StandardCharsets.UTF_8);
            if (all.isEmpty()) {
                return "";
            }
            final List<String> last = all.subList(Math.max(0, all.size() - QUOTED_ERROR_LINES), all.size());
            return "; the last lines of its standard error (" + errorLog + "):\n  " + String.join("\n  ", last);
        } catch (final IOException e) {
            return "";
        }
    }
}
