@rocev2
Feature: The RoCEv2 baseline on the wire
  The kit judges the RoCEv2 baseline with the rules of rocev2-baseline.md: IP and UDP framing
  (section 3), the BTH (section 4), the ICRC (section 5) and RDMA WRITE lengths (section 10).
  The device under test is the kit's RC go-back-N baseline; its queue pair has one path.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 1 path and 1 stream

  @ROCE-WIRE-001 @ROCE-WIRE-004 @ROCE-WIRE-005 @ROCE-ICRC-001
  Scenario: UDP port 4791, IP, UDP lengths and ICRC of requests and acknowledgements
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | device under test | RDMA WRITE | every  | 4        | 32 KiB |
      | tester            | SEND       | every  | 4        | 6 KiB  |
    Then ROCE-WIRE-001 passes
    And ROCE-WIRE-004 passes
    And ROCE-WIRE-005 passes
    And ROCE-ICRC-001 passes

  @ROCE-WIRE-002 @ROCE-WIRE-003 @ROCE-WIRE-006
  Scenario: One UDP source port per queue pair, in the usual range, with a zero UDP checksum
    When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
    Then ROCE-WIRE-002 passes
    And ROCE-WIRE-003 passes
    And ROCE-WIRE-006 passes

  @ROCE-BTH-001 @ROCE-BTH-002 @ROCE-BTH-003 @ROCE-BTH-005
  Scenario Outline: BTH fields of <size> messages
    When the device under test sends 4 <operation> of <size> on every stream to the tester
    Then ROCE-BTH-001 passes
    And ROCE-BTH-002 passes
    And ROCE-BTH-003 passes
    And ROCE-BTH-005 passes

    Examples:
      | operation   | size        |
      | RDMA WRITEs | 1 byte      |
      | RDMA WRITEs | 4097 bytes  |
      | SENDs       | 10003 bytes |

  @ROCE-BTH-004 @ROCE-RETH-001 @ROCE-RETH-002
  Scenario Outline: Go-back-N under <loss> loss still sends whole messages with the right lengths
    Given every switch link loses <loss> of the packets
    And the connections use a PMTU of 1024 bytes
    When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
    Then ROCE-BTH-004 passes
    And ROCE-RETH-001 passes
    And ROCE-RETH-002 passes

    Examples:
      | loss |
      | 0%   |
      | 1%   |
      | 5%   |
