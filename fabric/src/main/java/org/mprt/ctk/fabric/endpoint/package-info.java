/**
 * The contract between the fabric and the transport endpoints that run on its hosts: an
 * {@link org.mprt.ctk.fabric.endpoint.Endpoint} gets an
 * {@link org.mprt.ctk.fabric.endpoint.EndpointContext} (scheduler and ports) and frames; it sends
 * through {@link org.mprt.ctk.fabric.endpoint.NicPort#send(byte[], int)}.
 */
package org.mprt.ctk.fabric.endpoint;
