@rocev2 @probe @needs:write
Feature: An RDMA WRITE outside the responder's regions is refused (scripted probes)
  A responder answers an RDMA WRITE whose R_Key is not valid, or whose bytes fall outside the
  region the R_Key names, with a NAK remote access error (syndrome 0x62) within RESPONSE_BOUND,
  does not execute it, and then executes and acknowledges no later request of the queue pair,
  which is in the error state (rocev2-baseline.md section 8). Every probe request has AckReq set,
  so the NAK is for that request's PSN or a later one (ROCE-ACK-004).

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe queue pair from the tester to the device under test
    And the connections use a PMTU of 1024 bytes
    And probe answers are timed with a tolerance of 0 ns

  @ROCE-NAK-005
  Scenario Outline: An RDMA WRITE Only with <fault> is NAKed remote access error, and the queue pair answers nothing more
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0
    And the tester expects an ACK for PSN 0 with MSN 1 within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1 with <fault>
    And the tester expects a NAK REMOTE_ACCESS_ERROR for PSN 1 or later within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 2
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 1
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    Then ROCE-NAK-005 passes

    Examples:
      | fault                                 |
      | a forged rkey                         |
      | an address past the end of the region |

  @ROCE-NAK-005
  Scenario Outline: An RDMA WRITE First with <fault> is NAKed before any of its message is placed
    When the tester sends an RDMA WRITE First of 1 KiB with PSN 0, the start of a message of 3 KiB, with <fault>
    And the tester expects a NAK REMOTE_ACCESS_ERROR for PSN 0 or later within RESPONSE_BOUND
    When the tester sends an RDMA WRITE Middle of 1 KiB with PSN 1
    And the tester sends an RDMA WRITE Last of 1 KiB with PSN 2
    And the tester expects nothing from the device under test within RESPONSE_BOUND
    Then ROCE-NAK-005 passes

    Examples:
      | fault                                 |
      | a forged rkey                         |
      | an address past the end of the region |
