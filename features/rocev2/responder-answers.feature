@rocev2 @probe
Feature: A RoCEv2 responder answers every request that asks for it (scripted probes)
  A responder answers a request packet that has AckReq set with an ACK or NAK whose PSN is at or
  after that packet's PSN within RESPONSE_BOUND (rocev2-baseline.md section 7), and answers a
  duplicate request (a PSN before its ePSN) with an ACK at or after the duplicate's PSN, never
  with a NAK (section 8). The tester sends requests in PSN order, each with AckReq set, then
  duplicates of requests the responder executed; every answer is read at the responder's port.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe queue pair from the tester to the device under test
    And the connections use a PMTU of 1024 bytes
    And probe answers are timed with a tolerance of 0 ns

  @ROCE-ACK-004
  Scenario Outline: Every <name> packet with AckReq is answered in time, in one-packet and three-packet messages and duplicates
    Given the device under test has posted 4 receive buffers of 4 KiB
    When the tester sends <operation> Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 or later within RESPONSE_BOUND
    When the tester sends <operation> First of 1 KiB with PSN 1, the start of a message of 3 KiB
    And the tester expects an ACK for PSN 1 or later within RESPONSE_BOUND
    When the tester sends <operation> Middle of 1 KiB with PSN 2
    And the tester expects an ACK for PSN 2 or later within RESPONSE_BOUND
    When the tester sends <operation> Last of 1 KiB with PSN 3
    And the tester expects an ACK for PSN 3 or later within RESPONSE_BOUND
    When the tester sends <operation> Only of 0 bytes with PSN 4
    And the tester expects an ACK for PSN 4 or later within RESPONSE_BOUND
    When the tester sends the same packet again
    And the tester expects an ACK for PSN 4 or later within RESPONSE_BOUND
    Then ROCE-ACK-004 passes

    Examples:
      | name       | operation     |
      | RDMA WRITE | an RDMA WRITE |
      | SEND       | a SEND        |

  @ROCE-ACK-004
  Scenario Outline: <out of sequence> is answered with a NAK invalid request for its own PSN
    Given the device under test has posted 4 receive buffers of 4 KiB
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 or later within RESPONSE_BOUND
    When the tester sends <request> of 1 KiB with PSN 1
    And the tester expects a NAK INVALID_REQUEST for PSN 1 or later within RESPONSE_BOUND
    Then ROCE-ACK-004 passes

    Examples:
      | out of sequence                                | request                |
      | An RDMA WRITE Middle that follows no First     | an RDMA WRITE Middle   |
      | An RDMA WRITE Last that follows no First       | an RDMA WRITE Last     |
      | A SEND Middle that follows no First            | a SEND Middle          |

  @ROCE-ACK-004
  Scenario: A SEND Last inside an RDMA WRITE message is answered with a NAK invalid request
    When the tester sends an RDMA WRITE First of 1 KiB with PSN 0, the start of a message of 3 KiB
    And the tester expects an ACK for PSN 0 or later within RESPONSE_BOUND
    When the tester sends a SEND Last of 1 KiB with PSN 1
    And the tester expects a NAK INVALID_REQUEST for PSN 1 or later within RESPONSE_BOUND
    Then ROCE-ACK-004 passes

  @ROCE-NAK-003
  Scenario Outline: A duplicate <name> is acknowledged again, never NAKed
    Given the device under test has posted 4 receive buffers of 4 KiB
    When the tester sends <operation> Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends <operation> Only of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 2 within RESPONSE_BOUND
    When the tester sends the same packet again
    And the tester expects an ACK for PSN 1 or later within RESPONSE_BOUND
    When the tester sends <operation> Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 or later within RESPONSE_BOUND
    # The duplicates executed nothing: PSN 2 is still the one the responder expects.
    When the tester sends <operation> Only of 1 KiB with PSN 2
    And the tester expects an ACK for PSN 2 with MSN 3 within RESPONSE_BOUND
    And the tester expects no NAK from the device under test since the probe began, within RESPONSE_BOUND
    Then ROCE-NAK-003 passes

    Examples:
      | name       | operation     |
      | RDMA WRITE | an RDMA WRITE |
      | SEND       | a SEND        |

  @ROCE-NAK-003
  Scenario: A duplicate of the middle of a message already executed is acknowledged, never NAKed
    When the tester sends an RDMA WRITE First of 1 KiB with PSN 0, the start of a message of 3 KiB
    And the tester sends an RDMA WRITE Middle of 1 KiB with PSN 1
    And the tester sends an RDMA WRITE Last of 1 KiB with PSN 2
    And the tester expects an ACK for PSN 2 with MSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Middle of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 or later within RESPONSE_BOUND
    And the tester expects no NAK from the device under test since the probe began, within RESPONSE_BOUND
    Then ROCE-NAK-003 passes

  @ROCE-PSN-002 @ROCE-ACK-004 @mutant
  Scenario: A responder that acknowledges the PSN it expects next answers in time but is caught claiming an unreceived PSN
    Given the device under test is the mutant ACK_EXPECTED_PSN
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 or later within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 or later within RESPONSE_BOUND
    # ROCE-ACK-004 allows an ACK at or after the request's PSN; ROCE-PSN-002 forbids one for a PSN not received.
    Then ROCE-ACK-004 passes
    And ROCE-PSN-002 fails at RoCEv2 packets the device under test sent
