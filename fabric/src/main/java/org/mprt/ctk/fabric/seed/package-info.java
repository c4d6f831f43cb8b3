/** The run seed and the per-component random generators split off it. */
package org.mprt.ctk.fabric.seed;
