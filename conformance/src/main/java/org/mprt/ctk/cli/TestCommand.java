package org.mprt.ctk.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * Runs every test of the kit with Maven, in the kit's folder. The ./ctk launcher first installs
 * what the tests need (libpcap for the second pcap reader, tshark for the dissector cross-checks).
 */
@Command(name = "test", mixinStandardHelpOptions = true,
    description = "Run every test of the kit (unit, codec vectors, tshark cross-checks, capture replays) "
        + "with Maven. The ./ctk launcher installs libpcap and tshark first when it can.",
    footer = ExitCodes.FOOTER)
final class TestCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "MAVEN_ARG", description = "Extra arguments passed to Maven, e.g. -pl verdict")
    private List<String> mavenArgs = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>(List.of("mvn", "-B", "test"));
        command.addAll(mavenArgs);
        final Process p = new ProcessBuilder(command).directory(KitHome.get().toFile()).inheritIO().start();
        return p.waitFor() == 0 ? ExitCodes.PASS : ExitCodes.FAIL;
    }
}
