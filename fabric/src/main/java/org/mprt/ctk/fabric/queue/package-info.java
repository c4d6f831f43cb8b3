/** Egress queues: serialisation at a bit rate, a byte buffer with tail drop, and RED-like ECN marking. */
package org.mprt.ctk.fabric.queue;
