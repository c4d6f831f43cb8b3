package org.mprt.ctk.verdict;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The judge is independent of the judged (ARCHITECTURE.md, principle 2): the verdict engine reads
 * the spec's codec and the pcap reader, never the reference implementation, the fabric or an adapter.
 */
class IndependenceTest {

    @Test
    void shouldNeverReachTheReferenceImplementationTheFabricOrTheAdapters() {
        final JavaClasses verdict = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.mprt.ctk.verdict");
        noClasses().that().resideInAPackage("org.mprt.ctk.verdict..")
            .should().dependOnClassesThat().resideInAnyPackage("org.mprt.ctk.reference..", "org.mprt.ctk.fabric..",
                "org.mprt.ctk.dut..", "org.mprt.ctk.conformance..")
            .check(verdict);
    }
}
