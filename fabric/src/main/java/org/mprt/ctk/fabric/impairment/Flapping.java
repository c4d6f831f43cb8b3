package org.mprt.ctk.fabric.impairment;

/**
 * A link that goes down for {@code downNs} at the start of every period of {@code periodNs},
 * beginning at {@code startNs}: it is down exactly when {@code t >= startNs} and
 * {@code (t - startNs) % periodNs < downNs}, so the windows are {@code [startNs + k * periodNs,
 * startNs + k * periodNs + downNs)} for k = 0, 1, ...
 */
public record Flapping(long startNs, long periodNs, long downNs) {

    public Flapping {
        if (startNs < 0 || periodNs <= 0 || downNs < 0 || downNs > periodNs) {
            throw new IllegalArgumentException("need startNs >= 0, periodNs > 0 and 0 <= downNs <= periodNs, got "
                + startNs + "/" + periodNs + "/" + downNs);
        }
    }

    public boolean isDown(final long timeNs) {
        return timeNs >= startNs && (timeNs - startNs) % periodNs < downNs;
    }
}
