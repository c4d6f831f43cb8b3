package org.mprt.ctk.dut.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mprt.ctk.reference.attachment.IpAddress;

/**
 * A virtual Ethernet cable on this host (a Linux veth pair), one end for node A and one for node B,
 * each end holding that node's address on every plane, made with {@code ip} (iproute2) and root, and
 * removed on {@link #close}. What one end sends, the other receives, through no other interface: a
 * capture on one end is a capture at that node's port, as a capture on {@code lo} is not.
 *
 * <p>The ends carry no IPv6 (no router or listener solicitations on the wire). A frame for a node's
 * made-up MAC address is not the end's own, so the host's IP stack drops it unread; libpcap still
 * sees it, promiscuous or not.
 */
public final class VethPair implements AutoCloseable {

    private static final long COMMAND_SECONDS = 10;
    /** The start of the name of every pair the kit makes: then the pid of the process that made it, then a or b. */
    static final String PREFIX = "ctk";
    /** A's end of a pair the kit made, in `ip -o link` output ("7: ctk1234a@ctk1234b: ..."): its name and pid. */
    private static final Pattern ABANDONED = Pattern.compile("(?m)^\\d+: (" + PREFIX + "(\\d+)a)@");
    /** The ends' MTU, a common jumbo frame size. */
    static final int MTU = 9000;

    private final String a;
    private final String b;

    private VethPair(final String a, final String b) {
        this.a = a;
        this.b = b;
    }

    /**
     * Makes the pair {@code a}/{@code b} (interface names, at most 15 characters), brings both ends
     * up and gives each its node's addresses.
     *
     * @throws LiveCaptureException saying what failed and what to do, when {@code ip} is missing, the
     *                              user may not make interfaces, or a name or address is taken
     */
    static VethPair make(final String a, final String b, final List<IpAddress> aAddresses,
                         final List<IpAddress> bAddresses) {
        run("ip", "link", "add", a, "type", "veth", "peer", "name", b);
        final VethPair pair = new VethPair(a, b);
        try {
            pair.configure(a, aAddresses);
            pair.configure(b, bAddresses);
            return pair;
        } catch (final RuntimeException e) {
            pair.close();
            throw e;
        }
    }

    /**
     * The pair of this process, {@code ctk<pid>a} and {@code ctk<pid>b}, made as {@link #make} does, once the
     * pairs of processes that no longer run are removed: a run killed before it could remove its own
     * leaves it, with its addresses, which another pair's would then share.
     */
    public static VethPair ofThisProcess(final List<IpAddress> aAddresses, final List<IpAddress> bAddresses) {
        removeAbandoned();
        final String name = PREFIX + ProcessHandle.current().pid();
        return make(name + "a", name + "b", aAddresses, bAddresses);
    }

    /** Removes every pair named for a process that no longer runs. */
    static void removeAbandoned() {
        final Matcher m = ABANDONED.matcher(run("ip", "-o", "link", "show", "type", "veth"));
        while (m.find()) {
            final long pid = Long.parseLong(m.group(2));
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                continue;
            }
            try {
                run("ip", "link", "del", m.group(1));
            } catch (final LiveCaptureException e) {
                // Removed meanwhile, with its peer or by another run.
            }
        }
    }

    public String a() {
        return a;
    }

    public String b() {
        return b;
    }

    /**
     * Why a veth pair cannot be made here, or empty when it can: root, {@code ip}, and the right to
     * make interfaces (a container's root may lack CAP_NET_ADMIN), found by making and removing a pair
     * once per JVM.
     */
    public static Optional<String> whyNot() {
        return Probe.PROBLEM;
    }

    /** The answer of {@link #whyNot}, found the first time it is asked for, not by every run that makes a pair. */
    private static final class Probe {
        static final Optional<String> PROBLEM = problem();
    }

    private static Optional<String> problem() {
        if (!isRoot()) {
            return Optional.of("making a veth pair needs root (user " + System.getProperty("user.name") + ")");
        }
        boolean found = false;
        for (final String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            found |= Files.isExecutable(Path.of(dir, "ip"));
        }
        if (!found) {
            return Optional.of("no ip command; install iproute2 (apt-get install -y iproute2)");
        }
        final String name = PREFIX + ProcessHandle.current().pid();
        try {
            run("ip", "link", "add", name + "p", "type", "veth", "peer", "name", name + "q");
            run("ip", "link", "del", name + "p");
            return Optional.empty();
        } catch (final LiveCaptureException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** True when this process runs with user id 0 (its effective id, the second of /proc/self/status's Uid line). */
    private static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:"))
                .map(l -> l.split("\\s+")).anyMatch(f -> f.length > 2 && f[2].equals("0"));
        } catch (final IOException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private void configure(final String end, final List<IpAddress> addresses) {
        try {
            Files.writeString(Path.of("/proc/sys/net/ipv6/conf", end, "disable_ipv6"), "1");
        } catch (final IOException e) {
            // A host without IPv6 has nothing to quiet.
        }
        // Jumbo frames: a PMTU of 4096 makes frames of some 4200 bytes.
        run("ip", "link", "set", end, "mtu", String.valueOf(MTU), "up");
        for (final IpAddress address : addresses) {
            run("ip", "addr", "add", address + "/32", "dev", end);
        }
    }

    /** Removes the pair (removing one end removes both). */
    @Override
    public void close() {
        try {
            run("ip", "link", "del", a);
        } catch (final LiveCaptureException e) {
            // Gone already: nothing to remove.
        }
    }

    /** Runs {@code command}; what it wrote. */
    private static String run(final String... command) {
        final List<String> line = List.of(command);
        try {
            final Process p = new ProcessBuilder(line).redirectErrorStream(true).start();
            final byte[] said = p.getInputStream().readAllBytes();
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new LiveCaptureException("`" + String.join(" ", line) + "` did not end within " + COMMAND_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new LiveCaptureException("`" + String.join(" ", line) + "` failed: "
                    + new String(said, StandardCharsets.UTF_8).strip());
            }
            return new String(said, StandardCharsets.UTF_8);
        } catch (final IOException e) {
            throw new LiveCaptureException("cannot run `" + String.join(" ", line) + "`: " + e.getMessage()
                + " (a veth pair needs iproute2: apt-get install -y iproute2)");
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LiveCaptureException("interrupted while running `" + String.join(" ", line) + "`");
        }
    }
}
