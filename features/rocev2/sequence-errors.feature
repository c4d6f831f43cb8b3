@rocev2 @probe
Feature: A RoCEv2 responder NAKs a PSN sequence error once (scripted probes)
  A responder that receives a request whose PSN follows its ePSN does not execute it and answers
  within RESPONSE_BOUND with one NAK PSN sequence error carrying the ePSN (rocev2-baseline.md
  section 8, ROCE-NAK-001); it sends no second one until the request with the ePSN has arrived
  (ROCE-NAK-002, judged from the same capture). The tester opens a gap, sends more requests beyond
  it, then fills it: the ACK's MSN then shows that nothing beyond the gap had been executed.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe queue pair from the tester to the device under test
    And the connections use a PMTU of 1024 bytes
    And probe answers are timed with a tolerance of 0 ns

  @ROCE-NAK-001 @ROCE-NAK-002
  Scenario Outline: A gap of <gap> is NAKed once with the ePSN, and nothing beyond it is executed
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN <beyond>
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 1 within RESPONSE_BOUND
    # The same sequence error: ROCE-NAK-002 forbids a second NAK, which the capture rule judges.
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN <further>
    And the tester waits RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 2 within RESPONSE_BOUND
    Then ROCE-NAK-001 passes
    And ROCE-NAK-002 passes

    Examples:
      | gap      | beyond | further |
      | 1 PSN    | 2      | 3       |
      | 100 PSNs | 101    | 102     |

  @ROCE-NAK-001 @ROCE-NAK-002
  Scenario: A new gap after a filled one earns a new NAK with the new ePSN
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 0 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 3
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 2 within RESPONSE_BOUND
    Then ROCE-NAK-001 passes
    And ROCE-NAK-002 passes

  @ROCE-NAK-001
  Scenario: A gap inside a message is NAKed, and the message completes only once its packets arrive in order
    When the tester sends an RDMA WRITE First of 1 KiB with PSN 0, the start of a message of 3 KiB
    And the tester expects an ACK for PSN 0 with MSN 0 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Last of 1 KiB with PSN 2
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Middle of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 0 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Last of 1 KiB with PSN 2
    And the tester expects an ACK for PSN 2 with MSN 1 within RESPONSE_BOUND
    Then ROCE-NAK-001 passes

  @ROCE-NAK-001 @ROCE-NAK-002 @mutant
  Scenario: A responder that NAKs every request beyond the gap meets the probe but is caught at its second NAK
    Given the device under test is the mutant REPEAT_SEQUENCE_NAK
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 2
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 3
    And the tester waits RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 2 within RESPONSE_BOUND
    # ROCE-NAK-001 asks for the first NAK of an episode, which the mutant sends; ROCE-NAK-002 forbids the second.
    Then ROCE-NAK-001 passes
    And ROCE-NAK-002 fails at RoCEv2 packets the device under test sent
