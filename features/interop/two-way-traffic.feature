@interop
Feature: The device under test and the kit's reference peer work together both ways
  Two implementations interoperate when each sends and receives at once: on one connection the
  device under test is the sender of some messages and the receiver of others, on several streams
  and paths, while the fabric loses and reorders packets. One capture at the device's ports holds
  both directions; the verdict engine judges the direction the device sends at its sender's port
  and the direction it receives at its receiver's port.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 8 paths and 4 streams

  @MPRT-CONN-002 @MPRT-PATH-001 @MPRT-STREAM-001 @MPRT-STREAM-003 @MPRT-STREAM-004 @MPRT-SACK-003 @MPRT-SACK-004 @MPRT-LOSS-002 @MPRT-WIRE-007
  Scenario Outline: WRITEs and SENDs both ways under <loss> loss
    Given every switch link loses <loss> of the packets
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | device under test | RDMA WRITE | every  | 4        | 16 KiB |
      | tester            | RDMA WRITE | every  | 4        | 16 KiB |
      | device under test | SEND       | every  | 2        | 2 KiB  |
      | tester            | SEND       | every  | 2        | 2 KiB  |
    Then MPRT-CONN-002 passes
    And MPRT-PATH-001 passes
    And MPRT-STREAM-001 passes
    And MPRT-STREAM-003 passes
    And MPRT-STREAM-004 passes
    And MPRT-SACK-003 passes
    And MPRT-SACK-004 passes
    And MPRT-LOSS-002 passes
    And MPRT-WIRE-007 passes

    Examples:
      | loss |
      | 0%   |
      | 1%   |
      | 5%   |

  @MPRT-SACK-003 @mutant
  Scenario: A peer whose ACKs claim holes is caught while it also sends
    Given the device under test is the mutant SACK_UNRECEIVED_PSN
    And every switch link loses 5% of the packets
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | device under test | RDMA WRITE | every  | 4        | 16 KiB |
      | tester            | RDMA WRITE | every  | 8        | 64 KiB |
    Then MPRT-SACK-003 fails at ACKs the device under test sent
