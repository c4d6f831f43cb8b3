@conn @probe
Feature: Packets for a connection the device does not have (scripted probe)
  A packet whose (DestQP, SCN) pair names none of the device's connections is discarded without
  an answer: there is no connection to address one to (mprt-v0.1.md section 5.2).

  Background:
    Given a fabric of 1 plane with 2 spines per plane and 100 Gb/s links
    And a probe connection from the tester to the device under test with 1 path and 1 stream
    And probe answers are timed with a tolerance of 0 ns

  @MPRT-CONN-003
  Scenario: A WRITE for an unknown connection number gets no answer within RTO_MAX
    When the tester sends a WRITE of 1 KiB with PSN 0 on path 0 with an unknown destination connection
    And the tester expects nothing from the device under test within RTO_MAX
    Then MPRT-CONN-003 passes
