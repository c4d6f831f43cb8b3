package org.mprt.ctk.verdict.report;

import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import org.mprt.ctk.pcap.CaptureReader;
import org.mprt.ctk.pcap.Frame;
import org.mprt.ctk.pcap.link.NetworkLayer;
import org.mprt.ctk.verdict.JudgedWith;
import org.mprt.ctk.verdict.rule.Judge;
import org.mprt.ctk.wire.FieldSpec;
import org.mprt.ctk.wire.HeaderLayout;
import org.mprt.ctk.wire.decode.DecodeStatus;
import org.mprt.ctk.wire.decode.DecodedPacket;
import org.mprt.ctk.wire.decode.FieldCatalog;
import org.mprt.ctk.wire.ethernet.VlanTagFlyweight;

/**
 * The frames a verdict page cites, decoded field by field: the capture is read once more after the
 * judgement (the judge's pass keeps no frame), and each cited frame's headers are listed from the
 * codec's field tables ({@link FieldCatalog#layouts()}), as {@code field id = value}, the fields the
 * verdicts name highlighted. Only the cited frames are decoded, so the cost of the page does not
 * depend on the capture's length beyond one read.
 */
final class FrameTables {

    /** A frame the page shows: the requirements that cite it and the field IDs their explanations name. */
    record Cited(Set<String> requirements, Set<String> fieldIds) {
    }

    private FrameTables() {
    }

    /**
     * The IP source address of each of {@code frames} that decodes as an IP packet, reading the capture up
     * to the last of them: which node sent the frames a failure cites.
     */
    static Map<Long, InetAddress> sources(final Path capture, final SortedSet<Long> frames) throws IOException {
        final Map<Long, InetAddress> sources = new HashMap<>();
        if (frames.isEmpty() || !Files.isReadable(capture)) {
            return sources;
        }
        final Frame frame = new Frame();
        final NetworkLayer network = new NetworkLayer();
        final DecodedPacket packet = new DecodedPacket();
        try (CaptureReader reader = CaptureReader.open(capture)) {
            while (reader.next(frame) && frame.frameNumber() <= frames.last()) {
                if (frames.contains(frame.frameNumber()) && Judge.decode(frame, network, packet) != null) {
                    sources.put(frame.frameNumber(), source(packet));
                }
            }
        }
        return sources;
    }

    private static InetAddress source(final DecodedPacket packet) {
        final byte[] address = new byte[16];
        return address(address, packet.copySourceAddress(address, 0));
    }

    private static InetAddress destination(final DecodedPacket packet) {
        final byte[] address = new byte[16];
        return address(address, packet.copyDestinationAddress(address, 0));
    }

    /** The first {@code length} bytes of {@code bytes}: an IPv4 (4) or IPv6 (16) address. */
    private static InetAddress address(final byte[] bytes, final int length) {
        try {
            return InetAddress.getByAddress(Arrays.copyOf(bytes, length));
        } catch (final UnknownHostException e) {
            throw new IllegalStateException("an address of " + length + " bytes", e);
        }
    }

    static void write(final Path capture, final SortedMap<Long, Cited> cited, final JudgedWith with, final Writer w)
        throws IOException {
        if (cited.isEmpty()) {
            return;
        }
        if (!Files.isReadable(capture)) {
            w.write("<p>The capture " + HtmlReport.esc(capture.toString()) + " cannot be read any more: its frames are"
                + " not decoded here.</p>\n");
            return;
        }
        final Frame frame = new Frame();
        final NetworkLayer network = new NetworkLayer();
        final DecodedPacket packet = new DecodedPacket();
        long firstNs = Long.MIN_VALUE;
        try (CaptureReader reader = CaptureReader.open(capture)) {
            while (reader.next(frame)) {
                if (firstNs == Long.MIN_VALUE) {
                    firstNs = frame.timestampNs();
                }
                final Cited c = cited.get(frame.frameNumber());
                if (c != null) {
                    frame(frame, firstNs, network, packet, c, with, w);
                }
                if (frame.frameNumber() >= cited.lastKey()) {
                    break;
                }
            }
        }
    }

    private static void frame(final Frame frame, final long firstNs, final NetworkLayer network, final DecodedPacket packet,
                              final Cited cited, final JudgedWith with, final Writer w) throws IOException {
        w.write("<div class=\"frame\" id=\"frame-" + frame.frameNumber() + "\"><h3>Frame " + frame.frameNumber() + "</h3>\n<p>");
        w.write(String.format(Locale.ROOT, "%.3f µs after the first frame · %d bytes captured of %d",
            (frame.timestampNs() - firstNs) / 1000.0, frame.capturedLengthBytes(), frame.originalLengthBytes()));
        final DecodeStatus status = Judge.decode(frame, network, packet);
        if (status != null) {
            final InetAddress from = source(packet);
            w.write(" · from " + HtmlReport.esc(from.getHostAddress()) + " to "
                + HtmlReport.esc(destination(packet).getHostAddress())
                + (with.isScripted(from) ? " (sent by the scripted tester, on purpose)" : ""));
        }
        w.write(" · cited by ");
        boolean first = true;
        for (final String id : cited.requirements()) {
            w.write((first ? "" : ", ") + "<a href=\"#verdict-" + HtmlReport.esc(id) + "\">" + HtmlReport.esc(id) + "</a>");
            first = false;
        }
        w.write("</p>\n");
        if (status == null) {
            w.write("<p>Not an IP frame (link layer " + HtmlReport.esc(String.valueOf(frame.linkType())) + ").</p></div>\n");
            return;
        }
        w.write("<p>Decoded" + encapsulation(network) + ": " + HtmlReport.esc(status.toString()) + (packet.error().isSet() ? ", "
            + HtmlReport.esc(packet.error().message()) : "") + "</p>\n<table class=\"fields\">\n"
            + "<tr><th>field id</th><th>value</th><th>name</th></tr>\n");
        final int end = frame.dataOffset() + frame.capturedLengthBytes();
        for (final HeaderLayout layout : FieldCatalog.layouts()) {
            final int occurrences = layout == VlanTagFlyweight.LAYOUT ? packet.vlanCount() : 1;
            for (int k = 0; k < occurrences; k++) {
                final int offset = packet.headerOffset(layout, k);
                if (offset >= 0 && offset + layout.length() <= end) {
                    header(layout, packet, offset, end, cited.fieldIds(), w);
                }
            }
        }
        w.write("</table></div>\n");
    }

    /** Where the decoded packet was found when a mirror or tunnel had wrapped it, e.g. " inside ERSPAN type II". */
    private static String encapsulation(final NetworkLayer network) {
        if (network.encapsulations() == 0) {
            return "";
        }
        return " inside " + HtmlReport.esc(network.encapsulation().label())
            + (network.encapsulations() > 1 ? " (" + network.encapsulations() + " encapsulations deep)" : "");
    }

    private static void header(final HeaderLayout layout, final DecodedPacket p, final int offset, final int end,
                               final Set<String> named, final Writer w) throws IOException {
        w.write("<tr class=\"layer\"><td colspan=\"3\">" + HtmlReport.esc(layout.name()) + " <span class=\"ref\">("
            + HtmlReport.esc(layout.specReference()) + ")</span></td></tr>\n");
        for (final FieldSpec f : layout.fields()) {
            row(f, p, offset, named, w);
        }
        if (layout.hasRecords()) {
            final int records = Math.min(layout.recordCount(p.buffer(), offset), layout.maxRecords());
            for (int k = 0; k < records; k++) {
                final int at = offset + layout.length(k);
                if (at + layout.recordLength() > end) {
                    break;
                }
                for (final FieldSpec f : layout.recordFields()) {
                    row(f, p, at, named, w, "[" + k + "]");
                }
            }
        }
    }

    private static void row(final FieldSpec f, final DecodedPacket p, final int offset, final Set<String> named,
                            final Writer w) throws IOException {
        row(f, p, offset, named, w, "");
    }

    private static void row(final FieldSpec f, final DecodedPacket p, final int offset, final Set<String> named,
                            final Writer w, final String index) throws IOException {
        final String value = f.appendValue(p.buffer(), offset, new StringBuilder()).toString();
        w.write("<tr" + (named.contains(f.id()) ? " class=\"named\"" : "") + "><td><code>" + HtmlReport.esc(f.id() + index)
            + "</code></td><td><code>" + HtmlReport.esc(value) + "</code></td><td>" + HtmlReport.esc(f.name()) + "</td></tr>\n");
    }

    /** The field IDs an explanation names: dotted lower-case words the field catalogue knows. */
    static void fieldIds(final String explanation, final Set<String> into) {
        for (final String word : explanation.split("[^a-z0-9_.]+")) {
            final String id = word.endsWith(".") ? word.substring(0, word.length() - 1) : word;
            if (id.indexOf('.') > 0 && FieldCatalog.byId(id) != null) {
                into.add(id);
            }
        }
    }
}
