#ifndef CTESTOBSERVER_H
#define CTESTOBSERVER_H

/// Defined in Swift (TabsnapSnapshotTesting/CurrentTest.swift): registers the XCTest observer
/// that tells the strategies which test is running.
void tabsnap_watch_xctests(void);

#endif
