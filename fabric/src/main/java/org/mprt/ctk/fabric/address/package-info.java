/** Addresses of the fabric: IP and MAC values, the deterministic address plan, and the 5-tuple ECMP hashes. */
package org.mprt.ctk.fabric.address;
