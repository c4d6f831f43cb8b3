package org.mprt.ctk.dut;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.regex.Pattern;
import org.mprt.ctk.wire.Profile;

/**
 * The devices a run can be pointed at by name: {@code reference}, the kit's reference of each
 * profile (the default), and every {@link DeviceUnderTestProvider} on the class path.
 */
public final class DeviceUnderTests {

    /** The kit's reference devices: the MPRT reference node and the RoCEv2 go-back-N baseline. */
    public static final String REFERENCE = "reference";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]+");

    private DeviceUnderTests() {
    }

    /**
     * The provider of {@code name} among those {@code loader} finds.
     *
     * @throws IllegalArgumentException naming every device there is, when none is called so, or when
     *                                  two providers, or a provider and the reference, share a name
     */
    public static DeviceUnderTestProvider named(final String name, final ClassLoader loader) {
        final Map<String, DeviceUnderTestProvider> all = all(loader);
        final DeviceUnderTestProvider provider = all.get(name);
        if (provider == null) {
            throw new IllegalArgumentException("unknown device under test '" + name + "': expected one of "
                + String.join(", ", all.keySet()) + " (a device of one's own is a DeviceUnderTestProvider on the class path,"
                + " listed in META-INF/services/" + DeviceUnderTestProvider.class.getName() + ")");
        }
        return provider;
    }

    /** Every device by name, the reference first. */
    static Map<String, DeviceUnderTestProvider> all(final ClassLoader loader) {
        final Map<String, DeviceUnderTestProvider> all = new LinkedHashMap<>();
        all.put(REFERENCE, new Reference());
        final List<String> clashes = new ArrayList<>();
        for (final DeviceUnderTestProvider p : ServiceLoader.load(DeviceUnderTestProvider.class, loader)) {
            if (p.name() == null || !NAME.matcher(p.name()).matches()) {
                throw new IllegalArgumentException(p.getClass().getName() + " names its device '" + p.name()
                    + "': expected letters, digits, '-', '.' and '_'");
            }
            if (all.putIfAbsent(p.name(), p) != null) {
                clashes.add(p.name() + " (" + p.getClass().getName() + ")");
            }
        }
        if (!clashes.isEmpty()) {
            throw new IllegalArgumentException("more than one device under test is called " + String.join(", ", clashes)
                + ": expected each provider's name to be its own");
        }
        return all;
    }

    /** The kit's reference of each profile. */
    private static final class Reference implements DeviceUnderTestProvider {

        @Override
        public String name() {
            return REFERENCE;
        }

        @Override
        public DeviceUnderTest create(final Profile profile) {
            return ReferenceDut.of(profile);
        }
    }
}
