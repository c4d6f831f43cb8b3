@conn @declaration
Feature: What the device declares about its connections
  Two requirements of connections are verifiable by declaration (mprt-v0.1.md section 16.1): how
  an implementation takes its connection parameters out of band and starts a connection
  (section 5.1), and what it reports to the application when a connection enters ERROR
  (section 5.3). Neither is visible on the wire; the kit judges them from the PICS: pass when it
  declares true, fail when false, inconclusive when it does not say.

  @MPRT-CONN-001
  Scenario: The device declares that it takes connection parameters out of band and starts paths and streams as section 5.1 says
    Then MPRT-CONN-001 passes

  @MPRT-CONN-006
  Scenario: The device declares that a connection in ERROR completes its outstanding work requests in error
    Then MPRT-CONN-006 passes
