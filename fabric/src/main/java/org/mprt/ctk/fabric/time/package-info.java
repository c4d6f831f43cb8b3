/**
 * Virtual time: the {@link org.mprt.ctk.fabric.time.Scheduler} that orders every event of a run
 * by (time, insertion sequence), its reusable {@link org.mprt.ctk.fabric.time.Timer}s, and the
 * {@link org.mprt.ctk.fabric.time.NanoClock} endpoints read.
 */
package org.mprt.ctk.fabric.time;
