package org.mprt.ctk.dut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mprt.ctk.wire.Profile;

class DeviceUnderTestsTest {

    @TempDir
    Path services;

    /** A provider that calls its device by a name of its own choosing. */
    public static class Named implements DeviceUnderTestProvider {
        private final String name;

        Named(final String name) {
            this.name = name;
        }

        public Named() {
            this("lab-nic");
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public DeviceUnderTest create(final Profile profile) {
            return null;
        }
    }

    public static final class Spaced extends Named {
        public Spaced() {
            super("lab nic");
        }
    }

    public static final class Reference extends Named {
        public Reference() {
            super("reference");
        }
    }

    /** A class loader that finds the providers named, as if a jar on the class path listed them. */
    private ClassLoader listing(final Class<?>... providers) throws IOException {
        final Path file = services.resolve("META-INF/services/" + DeviceUnderTestProvider.class.getName());
        Files.createDirectories(file.getParent());
        final StringBuilder lines = new StringBuilder();
        for (final Class<?> p : providers) {
            lines.append(p.getName()).append('\n');
        }
        Files.writeString(file, lines);
        return new URLClassLoader(new URL[] {services.toUri().toURL()}, getClass().getClassLoader());
    }

    @Test
    void shouldGiveTheReferenceOfEachProfileByDefaultAndAProviderByItsName() throws IOException {
        final ClassLoader loader = listing(Named.class);

        assertThat(DeviceUnderTests.named(DeviceUnderTests.REFERENCE, loader).create(Profile.ROCEV2).name())
            .isEqualTo("reference RoCEv2 baseline");
        assertThat(DeviceUnderTests.named(DeviceUnderTests.REFERENCE, loader).create(Profile.MPRT).name())
            .isEqualTo("reference MPRT node");
        assertThat(DeviceUnderTests.named("lab-nic", loader)).isInstanceOf(Named.class);
    }

    @Test
    void shouldNameEveryDeviceThereIsWhenAskedForOneThatIsNot() throws IOException {
        assertThatThrownBy(() -> DeviceUnderTests.named("lab-nci", listing(Named.class)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("unknown device under test 'lab-nci': expected one of reference, lab-nic (a device of one's own");
    }

    @Test
    void shouldRefuseANameWithASpaceAndANameTakenTwice() throws IOException {
        assertThatThrownBy(() -> DeviceUnderTests.named("lab-nic", listing(Spaced.class)))
            .hasMessage(Spaced.class.getName() + " names its device 'lab nic': expected letters, digits, '-', '.' and '_'");
        assertThatThrownBy(() -> DeviceUnderTests.named("lab-nic", listing(Named.class, Reference.class)))
            .hasMessage("more than one device under test is called reference (" + Reference.class.getName()
                + "): expected each provider's name to be its own");
    }
}
