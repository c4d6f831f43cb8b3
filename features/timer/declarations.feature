@timer @declaration
Feature: What the device declares about its timers
  An implementation uses, for every timer and parameter of mprt-v0.1.md section 14, the default or
  the value its PICS declares, within the allowed range, for every connection of a run. The
  scenarios time the device against those values; the kit judges MPRT-TIMER-001 itself from the
  PICS: pass when it declares true, fail when false, inconclusive when it does not say.

  @MPRT-TIMER-001
  Scenario: The device declares that it uses the timers of section 14 as its PICS gives them
    Then MPRT-TIMER-001 passes
