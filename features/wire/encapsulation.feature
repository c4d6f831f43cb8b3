@wire
Feature: Encapsulation of MPRT packets
  Every MPRT packet is a RoCEv2-style UDP datagram to port 4791, in an unfragmented IP packet,
  ECN-capable when it carries data, and protected by an ICRC (mprt-v0.1.md section 3.1). The
  tester and the device under test exchange RDMA WRITEs and SENDs on two streams over four paths
  on two planes; the verdict engine judges every packet captured at the device's ports.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 4 paths and 2 streams

  @MPRT-WIRE-001 @MPRT-WIRE-003 @MPRT-WIRE-004 @MPRT-WIRE-005
  Scenario: Every packet is a well-formed UDP datagram to port 4791 in an unfragmented IP packet
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | tester            | RDMA WRITE | every  | 2        | 32 KiB |
      | device under test | RDMA WRITE | every  | 2        | 32 KiB |
      | device under test | SEND       | every  | 4        | 3 KiB  |
    Then MPRT-WIRE-001 passes
    And MPRT-WIRE-003 passes
    And MPRT-WIRE-004 passes
    And MPRT-WIRE-005 passes

  @MPRT-WIRE-006 @MPRT-WIRE-007
  Scenario Outline: Data packets are ECN-capable and carry a valid ICRC under <loss> random loss
    Given every switch link loses <loss> of the packets
    And the connections use a PMTU of 1024 bytes
    When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
    Then MPRT-WIRE-006 passes
    And MPRT-WIRE-007 passes

    Examples:
      | loss |
      | 0%   |
      | 1%   |
      | 5%   |

  @MPRT-WIRE-001 @MPRT-WIRE-003 @MPRT-WIRE-007 @needs:ipv6
  Scenario: UDP port, lengths and ICRC hold over IPv6
    Given the fabric runs IPv6 only
    When the tester sends 4 RDMA WRITEs of 16 KiB on every stream to the device under test
    Then MPRT-WIRE-001 passes
    And MPRT-WIRE-003 passes
    And MPRT-WIRE-007 passes

  @MPRT-WIRE-007 @mutant
  Scenario: A device that sends a wrong ICRC is caught at its data packets
    Given the device under test is the mutant BAD_ICRC
    And the traffic is given at most 1 ms to complete
    When the device under test sends 1 RDMA WRITE of 16 KiB on every stream to the tester
    Then MPRT-WIRE-007 fails at data packets the device under test sent

  @MPRT-WIRE-006 @mutant
  Scenario: A device that sends data Not-ECT is caught at its data packets
    Given the device under test is the mutant NOT_ECN_CAPABLE
    When the device under test sends 2 RDMA WRITEs of 16 KiB on every stream to the tester
    Then MPRT-WIRE-006 fails at data packets the device under test sent
