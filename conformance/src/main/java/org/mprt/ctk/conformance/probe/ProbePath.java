package org.mprt.ctk.conformance.probe;

/**
 * A path of one of a probe's connections, as a scenario names it: {@code path 1}, or
 * {@code path 1 of connection 2} in a probe with several connections.
 *
 * @param connection the probe connection, 0 for the first
 * @param pathId     the path's path_id on that connection
 */
public record ProbePath(int connection, int pathId) {

    @Override
    public String toString() {
        return "path " + pathId + (connection == 0 ? "" : " of connection " + connection);
    }
}
