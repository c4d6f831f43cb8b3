@wire
Feature: A path keeps its UDP source port while it has packets in flight
  The UDP source port is the ECMP entropy of a path: every packet of a path sent while the path has
  unacknowledged packets carries the same source port, so that the switches keep the path on one
  route and its packets in order (mprt-v0.1.md section 10.1). The device under test sends over
  eight paths while the fabric loses packets or one of its paths fails and heals.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 8 paths and 2 streams

  @MPRT-WIRE-002
  Scenario: Each path keeps its source port under 2% loss
    Given every switch link loses 2% of the packets
    When the device under test sends 4 RDMA WRITEs of 64 KiB on every stream to the tester
    Then MPRT-WIRE-002 passes

  @MPRT-WIRE-002
  Scenario: Each path keeps its source port while one of them flaps
    Given the links of the device's path 2 flap, down for 50 µs in every 200 µs
    When the device under test sends 8 RDMA WRITEs of 32 KiB on every stream to the tester
    Then MPRT-WIRE-002 passes
