import Foundation
import TabsnapSequence
import XCTest

/// Jobs of large frames run with no other beside it (hostile round 15: three failing 4096²
/// transitions on two threads peaked at 1.26 GB; one at a time, 0.94 GB).
final class WorkerPoolTests: XCTestCase {
    private final class Overlap: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var aloneSawOthers = false
        private(set) var mostAtOnce = 0

        func enter(alone: Bool) {
            lock.lock()
            running += 1
            mostAtOnce = max(mostAtOnce, running)
            if alone && running > 1 { aloneSawOthers = true }
            lock.unlock()
        }

        func leave(alone: Bool) {
            lock.lock()
            if alone && running > 1 { aloneSawOthers = true }
            running -= 1
            lock.unlock()
        }
    }

    func testJobsThatRunAloneRunAlone() throws {
        let overlap = Overlap()
        let alone: Set<Int> = [3, 4, 10, 17]
        var delivered: [Int] = []
        try WorkerPool.run(count: 24, threads: 4, window: 24, runsAlone: { _, index in alone.contains(index) }, job: { _, index in
            overlap.enter(alone: alone.contains(index))
            Thread.sleep(forTimeInterval: 0.005)
            overlap.leave(alone: alone.contains(index))
            return index
        }, deliver: { _, index in delivered.append(index) })
        XCTAssertEqual(delivered, Array(0..<24), "in order, none lost")
        XCTAssertFalse(overlap.aloneSawOthers)
        XCTAssertGreaterThan(overlap.mostAtOnce, 1, "the others still share the threads")
    }
}
