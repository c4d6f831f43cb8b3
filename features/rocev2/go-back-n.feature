@rocev2
Feature: RoCEv2 sequence numbers, acknowledgements and go-back-N
  The baseline is a reliable-connection queue pair: the requester numbers its request packets
  one after the other, the responder acknowledges only what it accepted in order and NAKs a PSN
  sequence error once, and the requester then goes back to the NAKed PSN and resends everything
  from there (rocev2-baseline.md sections 6 to 9). The device under test is the kit's baseline,
  as requester and as responder, over switch links that lose packets.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 1 path and 1 stream
    And the connections use a PMTU of 1024 bytes

  Rule: The device under test is the requester

    @ROCE-PSN-001 @ROCE-ACK-003 @ROCE-GBN-001
    Scenario Outline: The requester's PSNs and go-back-N under <loss> loss
      Given every switch link loses <loss> of the packets
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then ROCE-PSN-001 passes
      And ROCE-ACK-003 passes
      And ROCE-GBN-001 passes

      Examples:
        | loss |
        | 3%   |
        | 8%   |

    @ROCE-GBN-001 @mutant
    Scenario: A requester that resends only the NAKed PSN is caught at its requests
      Given the device under test is the mutant RESEND_ONLY_NAKED_PSN
      And every switch link loses 5% of the packets
      And the traffic is given at most 5 ms to complete
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then ROCE-GBN-001 fails at RoCEv2 packets the device under test sent

  Rule: The device under test is the responder

    @ROCE-PSN-002 @ROCE-ACK-001 @ROCE-ACK-002 @ROCE-NAK-002
    Scenario Outline: The responder's acknowledgements under <loss> loss
      Given every switch link loses <loss> of the packets
      When the tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
      Then ROCE-PSN-002 passes
      And ROCE-ACK-001 passes
      And ROCE-ACK-002 passes
      And ROCE-NAK-002 passes

      Examples:
        | loss |
        | 3%   |
        | 8%   |

    @ROCE-NAK-002 @mutant
    Scenario: A responder that NAKs every packet beyond a gap is caught at its extra NAKs
      Given the device under test is the mutant REPEAT_SEQUENCE_NAK
      And every switch link loses 5% of the packets
      When the tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
      Then ROCE-NAK-002 fails at RoCEv2 packets the device under test sent

    @ROCE-PSN-002 @mutant
    Scenario: A responder that acknowledges the PSN it expects next is caught at its ACKs
      Given the device under test is the mutant ACK_EXPECTED_PSN
      When the tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
      Then ROCE-PSN-002 fails at RoCEv2 packets the device under test sent

  Rule: The device under test is the requester over lossy links, its timer at work

    @ROCE-GBN-002 @ROCE-GBN-003 @ROCE-WIRE-007
    Scenario: The requester times out and retries as its Local ACK Timeout and RETRY_CNT allow
      Given every switch link loses 5% of the packets
      And the traffic is given at most 50 ms to complete
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then ROCE-GBN-002 passes
      And ROCE-GBN-003 passes
      And ROCE-WIRE-007 passes

    @ROCE-GBN-002 @mutant
    Scenario: A requester that times out early is caught at its early resends
      Given the device under test is the mutant EARLY_TIMEOUT
      And every switch link loses 5% of the packets
      And the traffic is given at most 50 ms to complete
      When the device under test sends 4 RDMA WRITEs of 32 KiB on every stream to the tester
      Then ROCE-GBN-002 fails at RoCEv2 packets the device under test sent

    @ROCE-GBN-004 @ROCE-GBN-003
    Scenario: The requester waits out an RNR NAK before it resends a SEND
      Given the receivers post their receive buffers 200 µs late
      When the device under test sends 4 SENDs of 4 KiB on every stream to the tester
      Then ROCE-GBN-004 passes
      And ROCE-GBN-003 passes
