package org.mprt.ctk.conformance.suite;

/**
 * What the conformance suite and its runners share: the glue package and the features folder's
 * name. The {@code @Suite} runner of {@code mvn test} and {@code ctk run} both use these.
 */
public final class SuiteSettings {

    /** The package of the step definitions, parameter types and hooks. */
    public static final String GLUE = "org.mprt.ctk.conformance.glue";
    /** The features folder, relative to the kit's home. */
    public static final String FEATURES_FOLDER = "features";

    private SuiteSettings() {
    }
}
