@rocev2 @probe @needs:send
Feature: A SEND that finds no receive work request earns an RNR NAK (scripted probe)
  A responder that receives a SEND for which no receive work request is posted does not execute it
  and answers within RESPONSE_BOUND with an RNR NAK whose BTH.PSN is that packet's PSN and whose
  timer code is its MIN_RNR_TIMER (rocev2-baseline.md section 8, IBTA Vol.1 section 9.7.5.2.8).
  The tester resends the SEND after the device posts a buffer: the ACK's MSN shows that it was
  executed then, and only then.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe queue pair from the tester to the device under test
    And the connections use a PMTU of 1024 bytes
    And probe answers are timed with a tolerance of 0 ns

  @ROCE-NAK-004
  Scenario: A SEND Only before any receive buffer is RNR NAKed, then executed once a buffer is posted
    When the tester sends a SEND Only of 1 KiB with PSN 0
    And the tester expects an RNR NAK for PSN 0 with the timer code MIN_RNR_TIMER within RESPONSE_BOUND
    When the device under test posts 1 receive buffer of 4 KiB
    And the tester sends the same packet again
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    Then ROCE-NAK-004 passes

  @ROCE-NAK-004
  Scenario: A SEND First after the only buffer was consumed is RNR NAKed, the WRITE before it acknowledged
    Given the device under test has posted 1 receive buffer of 4 KiB
    When the tester sends a SEND Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 2 within RESPONSE_BOUND
    When the tester sends a SEND First of 1 KiB with PSN 2
    And the tester expects an RNR NAK for PSN 2 with the timer code MIN_RNR_TIMER within RESPONSE_BOUND
    When the device under test posts 1 receive buffer of 4 KiB
    And the tester sends the same packet again
    And the tester expects an ACK for PSN 2 with MSN 2 within RESPONSE_BOUND
    When the tester sends a SEND Last of 1 KiB with PSN 3
    And the tester expects an ACK for PSN 3 with MSN 3 within RESPONSE_BOUND
    Then ROCE-NAK-004 passes
