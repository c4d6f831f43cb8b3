@rocev2 @declaration
Feature: What the RoCEv2 device declares about its timers
  A RoCEv2 implementation declares the Local ACK Timeout, retry count, RNR retry count and minimum
  RNR NAK timer code it uses where they differ from the kit defaults, and uses them as declared
  (rocev2-baseline.md section 11). The probes time the device against those values; the kit judges
  ROCE-TIMER-001 itself from the PICS: pass when it declares true, fail when false, inconclusive
  when it does not say.

  @ROCE-TIMER-001
  Scenario: The RoCEv2 device declares that it uses the timers of section 11 as its PICS gives them
    Then ROCE-TIMER-001 passes
