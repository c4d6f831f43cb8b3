package org.mprt.ctk.conformance;

import static io.cucumber.junit.platform.engine.Constants.GLUE_PROPERTY_NAME;

import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.IncludeEngines;
import org.junit.platform.suite.api.SelectDirectories;
import org.junit.platform.suite.api.Suite;
import org.mprt.ctk.conformance.suite.SuiteSettings;

/**
 * The one runner of the conformance suite under {@code mvn test} (STYLE.md section 5): every
 * scenario of {@code features/} against the reference devices, with the settings of
 * {@code junit-platform.properties}. {@code ctk run} runs the same scenarios in its own process.
 */
@Suite
@IncludeEngines("cucumber")
@SelectDirectories("../" + SuiteSettings.FEATURES_FOLDER)
@ConfigurationParameter(key = GLUE_PROPERTY_NAME, value = SuiteSettings.GLUE)
class ConformanceSuiteTest {
}
