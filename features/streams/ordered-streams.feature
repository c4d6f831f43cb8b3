@stream
Feature: Ordered streams and their completions
  A sender uses each stream's MSNs in order (mprt-v0.1.md section 6.1). A receiver reports a
  message complete, by a stream record's CMSN, only once every byte of it and of every earlier
  message of its stream has been accepted, and never moves a CMSN back (section 6.2).

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links

  @MPRT-STREAM-001
  Scenario Outline: The device sends the messages of <streams> streams in MSN order
    Given a connection between the tester and the device under test with 8 paths and <streams> streams
    When this traffic runs:
      | sender            | operation  | stream | messages | size   |
      | device under test | RDMA WRITE | every  | 3        | 12 KiB |
      | device under test | SEND       | every  | 2        | 1 KiB  |
    Then MPRT-STREAM-001 passes

    Examples:
      | streams |
      | 1       |
      | 8       |

  @MPRT-STREAM-003 @MPRT-STREAM-004
  Scenario Outline: The device reports completions only of whole messages under <loss> loss
    Given a connection between the tester and the device under test with 4 paths and 4 streams
    And every switch link loses <loss> of the packets
    And the connections use a PMTU of 1024 bytes
    When the tester sends 4 RDMA WRITEs of 8 KiB on every stream to the device under test
    Then MPRT-STREAM-003 passes
    And MPRT-STREAM-004 passes

    Examples:
      | loss |
      | 0%   |
      | 2%   |
      | 5%   |

  @MPRT-STREAM-003 @mutant
  Scenario: A device that completes a message when its last packet arrives is caught at its ACKs
    Given a connection between the tester and the device under test with 4 paths and 4 streams
    And the device under test is the mutant CMSN_BEFORE_PLACED
    And every switch link loses 5% of the packets
    And the connections use a PMTU of 1024 bytes
    When the tester sends 4 RDMA WRITEs of 8 KiB on every stream to the device under test
    Then MPRT-STREAM-003 fails at ACKs the device under test sent
