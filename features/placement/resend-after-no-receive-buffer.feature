@place
Feature: A SEND refused for want of a receive buffer is resent after RNR_DELAY
  A NAK NO_RECEIVE_BUFFER is not fatal: the sender resends the refused packet on the same path with
  the same PSN and R=1, not earlier than RNR_DELAY after the NAK arrived (mprt-v0.1.md section 7.2).
  The device under test sends SENDs to a tester that posts its receive buffers late.

  Background:
    Given a fabric of 2 planes with 2 spines per plane and 100 Gb/s links
    And a connection between the tester and the device under test with 4 paths and 2 streams

  @MPRT-PLACE-005 @needs:send
  Scenario Outline: SENDs to a receiver that posts its buffers <late> late are resent after RNR_DELAY
    Given the receivers post their receive buffers <late> late
    When the device under test sends 4 SENDs of 8 KiB on every stream to the tester
    Then MPRT-PLACE-005 passes

    Examples:
      | late   |
      | 20 µs  |
      | 200 µs |
