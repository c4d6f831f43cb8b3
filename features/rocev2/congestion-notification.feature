@rocev2 @needs:cnp
Feature: Congestion notification packets
  A device that declares RoCEv2 congestion management (PICS cnp) answers a valid request that
  arrives marked ECN CE, on a queue pair for which it has sent no CNP during the preceding
  RESPONSE_BOUND, with a CNP to the request's source within RESPONSE_BOUND (rocev2-baseline.md
  section 3, ROCE-WIRE-010); every CNP has opcode 0x81, PSN 0, SE 0, M 0, the marked packet's
  P_Key, the DestQP of the queue pair to slow down and 16 zero bytes (ROCE-WIRE-009). A device that
  declares cnp: false (the kit's baseline) sends no CNP, and these scenarios do not apply to it.

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links

  @ROCE-WIRE-009
  Scenario: The CNPs of the receiver of a marked incast have the CNP format
    Given the switches mark packets ECN CE with a probability rising from 0 at 4 KiB to 1 at 64 KiB of queue
    And 4 testers, each with a connection to the device under test with 1 path and 1 stream
    When every tester sends 4 RDMA WRITEs of 32 KiB on every stream to the device under test
    Then ROCE-WIRE-009 passes

  @ROCE-WIRE-010 @ROCE-WIRE-009 @probe
  Scenario: A request marked ECN CE is answered with a CNP for its queue pair
    Given a probe queue pair from the tester to the device under test
    And probe answers are timed with a tolerance of 0 ns
    When the tester sends an RDMA WRITE Only of 1 KiB with PSN 0 with ECN CE
    And the tester expects a CNP within RESPONSE_BOUND
    Then ROCE-WIRE-010 passes
    And ROCE-WIRE-009 passes
