#include "ctestobserver.h"

// Runs before `main` in a test process that links TabsnapSnapshotTesting. XCTest tells its
// observers when a test starts, and has no public "current test" on Linux; an observer added
// when the first assertion runs would miss that test's start, and its failure pictures could not
// be named after it. Registering here, before any test, sees every start.
__attribute__((constructor)) static void tabsnap_test_observer_entry(void) {
    tabsnap_watch_xctests();
}
