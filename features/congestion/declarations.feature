@cc @declaration
Feature: What the device declares about its congestion windows
  The per-path and per-connection windows of a sender (mprt-v0.1.md section 11.1) are internal
  state; captures show their consequences (MPRT-CC-001, MPRT-CC-002, MPRT-CC-004). The kit judges
  MPRT-CC-003 from the PICS: pass when it declares true, fail when false, inconclusive when it does
  not say.

  @MPRT-CC-003
  Scenario: The device declares that it implements the windows of section 11.1 and needs no PFC
    Then MPRT-CC-003 passes
