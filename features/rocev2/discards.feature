@rocev2 @probe
Feature: What a RoCEv2 responder drops without an answer (scripted probes)
  A responder silently drops a request whose ICRC does not match (rocev2-baseline.md section 5)
  and a request for QP 0, which a RoCEv2 port does not have (section 3): it neither executes nor
  answers it. The tester sends exact requests, each with AckReq set, to the baseline's queue pair;
  silence alone would not show that nothing was executed, so each probe then sends the next PSN,
  which the responder takes for the one it expects only if the dropped request left no trace.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe queue pair from the tester to the device under test
    And the connections use a PMTU of 1024 bytes
    And the device under test has posted 2 receive buffers of 4 KiB
    And probe answers are timed with a tolerance of 0 ns

  @ROCE-ICRC-002
  Scenario Outline: A request with a bad ICRC is neither executed nor answered (<request>)
    When the tester sends <request> of 1 KiB with PSN 0 with a bad ICRC
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    # PSN 0 never arrived as far as the responder is concerned: PSN 1 is beyond a gap.
    When the tester sends <request> of 1 KiB with PSN 1
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 0 within RESPONSE_BOUND
    When the tester sends <request> of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    Then ROCE-ICRC-002 passes

    Examples:
      | request              |
      | an RDMA WRITE Only   |
      | a SEND Only          |

  @ROCE-ICRC-002
  Scenario: The first packet of a WRITE with a bad ICRC starts no message
    When the tester sends an RDMA WRITE First of 1 KiB with PSN 0, the start of a message of 2 KiB, with a bad ICRC
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    # Had the First been taken, the Last would complete the message; it is beyond a gap instead.
    When the tester sends an RDMA WRITE Last of 1 KiB with PSN 1
    And the tester expects a NAK PSN_SEQUENCE_ERROR for PSN 0 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE First of 1 KiB with PSN 0, the start of a message of 2 KiB
    And the tester sends an RDMA WRITE Last of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 1 within RESPONSE_BOUND
    Then ROCE-ICRC-002 passes

  @ROCE-WIRE-008
  Scenario Outline: A request for QP 0 is neither executed nor answered (<request>)
    When the tester sends <request> of 1 KiB with PSN 0 with DestQP 0
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    # The queue pair saw nothing: PSN 0 is still the one it expects.
    When the tester sends <request> of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends <request> of 1 KiB with PSN 1 with DestQP 0
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    When the tester sends <request> of 1 KiB with PSN 1
    And the tester expects an ACK for PSN 1 with MSN 2 within RESPONSE_BOUND
    Then ROCE-WIRE-008 passes

    Examples:
      | request              |
      | an RDMA WRITE Only   |
      | a SEND Only          |
