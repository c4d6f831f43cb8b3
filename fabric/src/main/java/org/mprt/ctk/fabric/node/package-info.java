/**
 * The nodes of the fabric: hosts with one NIC port per plane, and switches that forward IP frames
 * by destination with ECMP over equal-cost ports.
 */
package org.mprt.ctk.fabric.node;
