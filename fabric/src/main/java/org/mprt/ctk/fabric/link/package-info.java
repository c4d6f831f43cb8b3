/**
 * Links: one direction of a cable, made of the transmitting port's egress queue, the wire's
 * impairments and the propagation pipe, with observer points at both ends for taps.
 */
package org.mprt.ctk.fabric.link;
