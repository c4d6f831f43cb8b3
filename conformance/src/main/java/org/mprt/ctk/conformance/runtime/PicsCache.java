package org.mprt.ctk.conformance.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mprt.ctk.dut.PicsDocument;
import org.mprt.ctk.pics.Pics;
import org.mprt.ctk.pics.PicsException;

/**
 * Reads each device's PICS once per run, held to spec/pics/pics-schema.yaml by the verdict engine's
 * reader. Read-only once loaded, so scenarios on parallel threads share it.
 */
public final class PicsCache {

    private static final Map<String, Pics> LOADED = new ConcurrentHashMap<>();

    private PicsCache() {
    }

    public static Pics of(final PicsDocument document) {
        return LOADED.computeIfAbsent(document.source() + "\n" + document.yaml(), key -> load(document));
    }

    private static Pics load(final PicsDocument document) {
        try {
            return Pics.parse(document.source(), document.yaml().getBytes(StandardCharsets.UTF_8));
        } catch (final PicsException e) {
            throw new ScenarioInputException("the PICS " + document.source() + " is not valid: " + e.getMessage());
        }
    }
}
