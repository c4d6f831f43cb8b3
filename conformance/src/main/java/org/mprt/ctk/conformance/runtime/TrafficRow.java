package org.mprt.ctk.conformance.runtime;

/**
 * One line of a scenario's traffic: who sends, which operation, on which streams, how many
 * messages of which size. A data table row ({@code | tester | RDMA WRITE | every | 4 | 64 KiB |})
 * or a step's words become one.
 *
 * @param sender    who posts the work requests
 * @param operation RDMA WRITE or SEND
 * @param stream    the stream, or -1 for every stream of the connection
 * @param messages  messages per stream
 * @param bytes     size of each message
 * @param startNs   when the row's messages are posted, in virtual time from the start of the traffic
 */
public record TrafficRow(Side sender, Operation operation, int stream, int messages, long bytes, long startNs) {

    /** The largest message a scenario may send: the size of the regions the testbed registers. */
    public static final long MAX_MESSAGE_BYTES = Testbed.REGION_BYTES;

    public TrafficRow {
        if (messages < 1 || messages > 4096) {
            throw new ScenarioInputException(messages + " messages: expected 1 to 4096 per stream");
        }
        if (bytes < 0 || bytes > MAX_MESSAGE_BYTES) {
            throw new ScenarioInputException("a message of " + bytes + " bytes: expected 0 to " + MAX_MESSAGE_BYTES + " bytes (1 MiB)");
        }
        if (startNs < 0) {
            throw new ScenarioInputException("traffic that starts " + startNs + " ns from the start: expected 0 or later");
        }
        if (stream < -1) {
            throw new ScenarioInputException("stream " + stream + ": expected a stream number from 0, or 'every'");
        }
    }

    /** A row posted at the start of the traffic. */
    public TrafficRow(final Side sender, final Operation operation, final int stream, final int messages, final long bytes) {
        this(sender, operation, stream, messages, bytes, 0);
    }

    /** Who posts the work requests of a row. */
    public enum Side {
        DEVICE, TESTER;

        /** {@code tester} or {@code device under test}. */
        public static Side parse(final String words) {
            return switch (words.trim()) {
                case "tester", "testers", "every tester" -> TESTER;
                case "device under test", "device", "the device under test" -> DEVICE;
                default -> throw new ScenarioInputException("sender '" + words + "': expected 'tester' or 'device under test'");
            };
        }
    }

    /** The work request a message is posted as. */
    public enum Operation {
        WRITE, SEND;

        /** {@code RDMA WRITE}, {@code WRITE} or {@code SEND}. */
        public static Operation parse(final String words) {
            return switch (words.trim()) {
                case "RDMA WRITE", "RDMA WRITEs", "WRITE", "WRITEs" -> WRITE;
                case "SEND", "SENDs" -> SEND;
                default -> throw new ScenarioInputException("operation '" + words + "': expected RDMA WRITE or SEND");
            };
        }
    }

    /** {@code every} or a stream number. */
    public static int parseStream(final String words) {
        final String w = words.trim();
        if (w.equals("every") || w.equals("all")) {
            return -1;
        }
        try {
            return Integer.parseInt(w.startsWith("stream ") ? w.substring("stream ".length()) : w);
        } catch (final NumberFormatException e) {
            throw new ScenarioInputException("stream '" + words + "': expected a stream number or 'every'");
        }
    }
}
