@wire
Feature: The MDETH of every data packet
  Every data packet carries its whole placement in its MDETH (mprt-v0.1.md section 3.4): path,
  stream, message, offset and length, and for a WRITE the address and rkey, so that it can be
  placed on arrival. The rules hold for any PMTU, path count and mix of WRITEs and SENDs.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-WIRE-030 @MPRT-WIRE-031 @MPRT-WIRE-033 @MPRT-WIRE-034
  Scenario Outline: Messages are cut into packets of at most a <pmtu>-byte PMTU
    Given a connection between the tester and the device under test with 4 paths and 2 streams
    And the connections use a PMTU of <pmtu> bytes
    When this traffic runs:
      | sender            | operation  | stream | messages | size        |
      | device under test | RDMA WRITE | every  | 3        | 10000 bytes |
      | device under test | SEND       | every  | 3        | 5000 bytes  |
    Then MPRT-WIRE-030 passes
    And MPRT-WIRE-031 passes
    And MPRT-WIRE-033 passes
    And MPRT-WIRE-034 passes

    Examples:
      | pmtu |
      | 256  |
      | 1024 |
      | 4096 |

  @MPRT-WIRE-030 @MPRT-WIRE-032 @MPRT-WIRE-034
  Scenario Outline: Data spread over <paths> paths keeps its message fields consistent
    Given a connection between the tester and the device under test with <paths> paths and 4 streams
    When the device under test sends 2 RDMA WRITEs of 32 KiB on every stream to the tester
    Then MPRT-WIRE-030 passes
    And MPRT-WIRE-032 passes
    And MPRT-WIRE-034 passes

    Examples:
      | paths |
      | 2     |
      | 8     |
      | 16    |

    @needs:paths>=64
    Examples: the most paths a connection may have
      | paths |
      | 64    |

  @MPRT-WIRE-031 @MPRT-WIRE-034
  Scenario: Retransmissions under burst loss carry the fields of the first transmission
    Given a connection between the tester and the device under test with 8 paths and 2 streams
    And every switch link loses 2% of the packets in bursts of 4 on average
    And the connections use a PMTU of 1024 bytes
    When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
    Then MPRT-WIRE-031 passes
    And MPRT-WIRE-034 passes

  @MPRT-WIRE-032 @mutant
  Scenario: A device that sets a reserved MDETH bit is caught at its data packets
    Given a connection between the tester and the device under test with 4 paths and 1 stream
    And the device under test is the mutant NON_ZERO_RESERVED
    When the device under test sends 2 RDMA WRITEs of 16 KiB on every stream to the tester
    Then MPRT-WIRE-032 fails at data packets the device under test sent
