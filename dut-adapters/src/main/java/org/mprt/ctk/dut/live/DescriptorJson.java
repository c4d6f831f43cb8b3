package org.mprt.ctk.dut.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.mprt.ctk.reference.attachment.IpAddress;
import org.mprt.ctk.reference.verbs.ConnectionDescriptor;
import org.mprt.ctk.reference.verbs.PathSpec;
import org.mprt.ctk.reference.verbs.PlaneAddress;
import org.mprt.ctk.reference.verbs.RegionDescriptor;

/**
 * A connection descriptor (mprt-v0.1.md section 5.1) as the JSON object an external device and the
 * kit exchange (dut-adapters/README.md, "An external device"):
 * <pre>
 * {"connection_number": 513,
 *  "planes": [{"plane": 0, "ip": "127.77.1.2", "mac": "02:00:7f:4d:01:02"}, ...],
 *  "paths": [{"plane": 0, "udp_source_port": 49152}, ...],
 *  "streams": 1, "pmtu": 4096,
 *  "regions": [{"rkey": 4096, "base_address": 0, "length": 1048576}]}
 * </pre>
 * A plane's port is its place in "planes"; "vlan" (802.1Q ID) may follow "mac", untagged without it.
 */
public final class DescriptorJson {

    private static final HexFormat MAC = HexFormat.ofDelimiter(":");

    private DescriptorJson() {
    }

    public static ObjectNode write(final ConnectionDescriptor d) {
        final ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("connection_number", d.connectionNumber());
        final ArrayNode planes = o.putArray("planes");
        for (final PlaneAddress p : d.planes()) {
            final ObjectNode plane = planes.addObject().put("plane", p.planeIndex()).put("ip", p.ipAddress().toString())
                .put("mac", mac(p.macAddress()));
            if (p.vlanId() >= 0) {
                plane.put("vlan", p.vlanId());
            }
        }
        final ArrayNode paths = o.putArray("paths");
        for (final PathSpec p : d.paths()) {
            paths.addObject().put("plane", p.planeIndex()).put("udp_source_port", p.udpSourcePort());
        }
        o.put("streams", d.streamCount()).put("pmtu", d.pmtuBytes());
        final ArrayNode regions = o.putArray("regions");
        for (final RegionDescriptor r : d.regions()) {
            regions.addObject().put("rkey", r.rkey()).put("base_address", r.baseAddress()).put("length", r.lengthBytes());
        }
        return o;
    }

    /**
     * The descriptor {@code o} holds.
     *
     * @param where what holds it, for the message, such as "the device's ready line"
     * @throws ExternalDeviceException naming the field and what was expected, when a field is missing or wrong
     */
    public static ConnectionDescriptor read(final JsonNode o, final String where) {
        final List<PlaneAddress> planes = new ArrayList<>();
        final JsonNode planeArray = array(o, "planes", where);
        for (int i = 0; i < planeArray.size(); i++) {
            final JsonNode p = planeArray.get(i);
            final String at = "planes[" + i + "]";
            final int vlan = p.has("vlan") ? integer(p, "vlan", 0, 4095, where, at) : -1;
            planes.add(new PlaneAddress(integer(p, "plane", 0, 255, where, at), i, mac(p, where, at), ipv4(p, where, at), vlan));
        }
        final List<PathSpec> paths = new ArrayList<>();
        final JsonNode pathArray = array(o, "paths", where);
        for (int i = 0; i < pathArray.size(); i++) {
            final JsonNode p = pathArray.get(i);
            final String at = "paths[" + i + "]";
            paths.add(new PathSpec(integer(p, "plane", 0, 255, where, at), integer(p, "udp_source_port", 0, 0xFFFF, where, at)));
        }
        final List<RegionDescriptor> regions = new ArrayList<>();
        final JsonNode regionArray = o.has("regions") ? array(o, "regions", where) : JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < regionArray.size(); i++) {
            final JsonNode r = regionArray.get(i);
            final String at = "regions[" + i + "]";
            regions.add(new RegionDescriptor(number(r, "rkey", where, at), number(r, "base_address", where, at),
                number(r, "length", where, at)));
        }
        try {
            return new ConnectionDescriptor(integer(o, "connection_number", 0, 0xFF_FFFF, where, ""), planes, paths,
                integer(o, "streams", 0, 0xFFFF, where, ""), integer(o, "pmtu", 0, 1 << 16, where, ""), regions);
        } catch (final IllegalArgumentException e) {
            throw new ExternalDeviceException(where + ": " + e.getMessage());
        }
    }

    private static JsonNode array(final JsonNode o, final String field, final String where) {
        final JsonNode a = o.get(field);
        if (a == null || !a.isArray()) {
            throw new ExternalDeviceException(where + ": expected \"" + field + "\", an array");
        }
        return a;
    }

    private static String named(final String at, final String field) {
        return at.isEmpty() ? field : at + "." + field;
    }

    private static int integer(final JsonNode o, final String field, final int min, final int max, final String where,
                               final String at) {
        final JsonNode v = o.get(field);
        if (v == null || !v.canConvertToInt() || !v.isIntegralNumber() || v.intValue() < min || v.intValue() > max) {
            throw new ExternalDeviceException(where + ": " + named(at, field) + ": expected a whole number from " + min
                + " to " + max + ", got " + v);
        }
        return v.intValue();
    }

    private static long number(final JsonNode o, final String field, final String where, final String at) {
        final JsonNode v = o.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < 0) {
            throw new ExternalDeviceException(where + ": " + named(at, field) + ": expected a whole number, 0 or more, got " + v);
        }
        return v.longValue();
    }

    private static IpAddress ipv4(final JsonNode o, final String where, final String at) {
        final JsonNode v = o.get("ip");
        if (v == null || !v.isTextual() || !v.textValue().matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            throw new ExternalDeviceException(where + ": " + named(at, "ip") + ": expected an IPv4 address such as"
                + " 127.77.1.2, got " + v);
        }
        try {
            return IpAddress.ipv4(v.textValue());
        } catch (final IllegalArgumentException e) {
            throw new ExternalDeviceException(where + ": " + named(at, "ip") + ": " + e.getMessage());
        }
    }

    private static long mac(final JsonNode o, final String where, final String at) {
        final JsonNode v = o.get("mac");
        if (v == null || !v.isTextual() || !v.textValue().matches("\\p{XDigit}{2}(:\\p{XDigit}{2}){5}")) {
            throw new ExternalDeviceException(where + ": " + named(at, "mac") + ": expected a MAC address such as"
                + " 02:00:7f:4d:01:02, got " + v);
        }
        long mac = 0;
        for (final byte b : MAC.parseHex(v.textValue())) {
            mac = mac << 8 | b & 0xFF;
        }
        return mac;
    }

    private static String mac(final long mac) {
        final byte[] bytes = new byte[6];
        for (int i = 0; i < 6; i++) {
            bytes[i] = (byte) (mac >>> 8 * (5 - i));
        }
        return MAC.formatHex(bytes);
    }
}
