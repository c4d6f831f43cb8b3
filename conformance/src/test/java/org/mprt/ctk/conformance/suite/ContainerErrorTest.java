package org.mprt.ctk.conformance.suite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A feature Cucumber could not run is told in one line, with the file and line when the message has them. */
class ContainerErrorTest {

    @Test
    void shouldGiveTheFileAndLineOfUnreadableGherkin() {
        final String message = "TestEngine with ID 'cucumber' encountered a critical issue during test discovery:\n\n"
            + "(1) [ERROR] Failed to parse resource at: file:///work/features/x.feature\n"
            + "(9:3): expected: #EOF, #StepLine, got 'Scenario without a colon'\n"
            + "    Source: FileSource [file = /work/features/x.feature, filePosition = null]";

        assertThat(ContainerError.describe("Cucumber", message))
            .isEqualTo("/work/features/x.feature:9: the Gherkin cannot be read: expected: #EOF, #StepLine, got 'Scenario without a colon'");
    }

    @Test
    void shouldPutAnyOtherMessageOnOneLine() {
        assertThat(ContainerError.describe("x.feature", "first line\n\n  second line\n")).isEqualTo("x.feature: first line second line");
        assertThat(ContainerError.describe("x.feature", null)).isEqualTo("x.feature: null");
    }
}
