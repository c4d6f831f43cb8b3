@conn
Feature: Both ends are named in every packet
  Every MPRT packet a node sends on a connection carries the peer's number in BTH.DestQP and its
  own in the SCN, so that every ACK, NAK and PROBE_REPLY carries the reverse of the pair of the
  packet it answers (mprt-v0.1.md section 5.2).

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-CONN-002
  Scenario: Data and answers in both directions name both ends
    Given a connection between the tester and the device under test with 4 paths and 2 streams
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | tester            | RDMA WRITE | every  | 2        | 32 KiB |
      | device under test | RDMA WRITE | every  | 2        | 32 KiB |
      | device under test | SEND       | every  | 2        | 2 KiB  |
    Then MPRT-CONN-002 passes

  @MPRT-CONN-002
  Scenario: Each of four connections of an incast is named by its own pair
    Given 4 testers, each with a connection to the device under test with 2 paths and 1 stream
    When every tester sends 2 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-CONN-002 passes
