/**
 * Topologies: N hosts by P planes, each plane a leaf-spine (or a single switch), built
 * deterministically from a seed, with the routes that name a path's links.
 */
package org.mprt.ctk.fabric.topology;
