/**
 * Faults a scenario puts on a link: down (blackhole, flapping), random and burst loss, one-bit
 * corruption, extra delay and jitter; all drawn from the link's own generator.
 */
package org.mprt.ctk.fabric.impairment;
