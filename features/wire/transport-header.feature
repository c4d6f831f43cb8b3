@wire
Feature: The Base Transport Header as MPRT uses it
  MPRT reuses the RoCEv2 BTH (mprt-v0.1.md sections 3.2 and 3.3): TVer 0, P_Key 0xFFFF, the
  reserved bits zero, a DestQP that names a real connection, a PadCnt that matches the pad bytes,
  AckReq only on data packets, and only the opcodes of the MPRT table.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 4 paths and 4 streams

  @MPRT-WIRE-010 @MPRT-WIRE-011 @MPRT-WIRE-013 @MPRT-WIRE-020
  Scenario: BTH fields of data packets and ACKs in both directions
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | tester            | RDMA WRITE | every  | 2        | 16 KiB |
      | tester            | SEND       | every  | 2        | 2 KiB  |
      | device under test | RDMA WRITE | every  | 2        | 16 KiB |
    Then MPRT-WIRE-010 passes
    And MPRT-WIRE-011 passes
    And MPRT-WIRE-013 passes
    And MPRT-WIRE-020 passes

  @MPRT-WIRE-012
  Scenario Outline: PadCnt matches the pad of a <size> payload
    When the device under test sends 3 RDMA WRITEs of <size> on every stream to the tester
    Then MPRT-WIRE-012 passes

    Examples:
      | size        |
      | 1 byte      |
      | 2 bytes     |
      | 3 bytes     |
      | 4097 bytes  |
      | 10003 bytes |

  @MPRT-WIRE-010 @MPRT-WIRE-020
  Scenario: BTH fields hold while packets are lost, retransmitted and acknowledged again
    Given every switch link loses 2% of the packets
    And the connections use a PMTU of 1024 bytes
    When the tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then MPRT-WIRE-010 passes
    And MPRT-WIRE-020 passes

  @MPRT-WIRE-012 @mutant
  Scenario: A device that pads one byte too many is caught at its data packets
    Given the device under test is the mutant WRONG_PADCNT
    When the device under test sends 2 RDMA WRITEs of 4097 bytes on every stream to the tester
    Then MPRT-WIRE-012 fails at data packets the device under test sent
