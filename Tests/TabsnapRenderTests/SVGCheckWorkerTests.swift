import Foundation
@testable import TabsnapCairo
import XCTest

/// The icon checks run on a thread of their own, watched by its CPU clock (`SVGCheckWorker`):
/// the caller's wait is bounded whatever the checks do, even work that passes no checkpoint
/// (hostile rounds 136–138 found such work three times running, 66–298 s each).
final class SVGCheckWorkerTests: XCTestCase {
    /// A flag the test raises to end the work it started (the work spins, burning CPU, until then).
    final class Release: @unchecked Sendable {
        private let lock = NSLock()
        private var raised = false
        func raise() { lock.withLock { raised = true } }
        var isRaised: Bool { lock.withLock { raised } }
    }

    /// Work that looks at no clock until released (or 20 s have passed: a watcher that does not
    /// leave it fails the test rather than hangs it).
    static func spin(until release: Release) -> (SVGCheckClock) throws(SVGIconPreflight.Problem) -> Int {
        { _ in
            var turns = 0
            let end = Date().addingTimeInterval(20)
            while !release.isRaised, turns % 1_024 != 0 || Date() < end { turns &+= 1 }
            return turns
        }
    }

    /// Waits (10 s at most) for every check thread to end, as the counts are the process's.
    static func drain() {
        let deadline = Date().addingTimeInterval(10)
        while SVGCheckWorker.threads > 0, Date() < deadline { usleep(1_000) }
    }

    override func setUp() { Self.drain() }
    override func tearDown() { Self.drain() }

    func testWorkPassingNoCheckpointIsLeftAtItsBudget() {
        let release = Release()
        defer { release.raise() }
        let started = Date()
        let outcome = SVGCheckWorker.run(within: 60, Self.spin(until: release))
        let waited = Date().timeIntervalSince(started)
        guard case .failure(let problem) = outcome.result else { return XCTFail("the work was waited for: \(outcome.result)") }
        XCTAssertTrue(problem.overTime, "\(problem)")
        XCTAssertGreaterThanOrEqual(outcome.cpuMilliseconds, 60, "what the work spent is what the bar's budget counts")
        XCTAssertLessThan(outcome.cpuMilliseconds, 1_000)
        XCTAssertLessThan(waited, 5, "the caller stopped waiting near the budget (wall time on a loaded machine)")
        XCTAssertEqual(SVGCheckWorker.abandoned, 1, "left running, counted until it ends")
        release.raise()
        Self.drain()
        XCTAssertEqual(SVGCheckWorker.abandoned, 0, "its end is counted")
        XCTAssertEqual(SVGCheckWorker.threads, 0)
    }

    /// Review of c69e0cc and 07d6670: a check using no CPU (blocked, or starved on a busy
    /// machine) held its slot for ever; it is left past three times its budget and 1 s of wall
    /// time, as the machine being too busy: no verdict on the icon.
    func testWorkGivenNoCPUIsLeftAsTheMachineBeingBusy() {
        let release = Release()
        defer { release.raise() }
        // (Waking every 50 ms, within a budget of 50 ms: a loop waking every 5 ms had spent the
        // 10 ms budget on CPU by itself on a loaded CI machine.)
        let outcome = SVGCheckWorker.run(within: 50) { _ in
            while !release.isRaised { usleep(50_000) }
            return 1
        }
        guard case .failure(let problem) = outcome.result else { return XCTFail("the work was waited for") }
        XCTAssertTrue(problem.busy, "\(problem)")
        XCTAssertFalse(problem.overTime, "no verdict on the icon's time")
        XCTAssertTrue(problem.description.contains("too busy"), problem.description)
    }

    func testAStoppedClockStopsWorkThatPassesCheckpoints() {
        // The clock's own deadline is the watcher's; a clock stopped from outside is the net for
        // work the watcher abandons while it still passes checkpoints rarely.
        let clock = SVGCheckClock(milliseconds: nil)
        XCTAssertFalse(clock.isSpent(every: 1))
        clock.stop()
        XCTAssertTrue(clock.isSpent(every: 1))
        XCTAssertThrowsError(try clock.checkpoint(every: 1))
        let counted = SVGCheckClock(milliseconds: nil)
        counted.stop()
        XCTAssertFalse(counted.isSpent(every: 4), "read with the time, every `every` steps")
        XCTAssertFalse(counted.isSpent(every: 4))
        XCTAssertFalse(counted.isSpent(every: 4))
        XCTAssertTrue(counted.isSpent(every: 4))
    }

    func testAnAnswerWithinTheBudgetIsTheUnwatchedAnswer() throws {
        let files = try FileManager.default.contentsOfDirectory(at: SVGCheckClockTests.corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "svg" }.sorted { $0.path < $1.path }
        XCTAssertEqual(files.count, 10)
        for file in files {
            let bytes = Array(try Data(contentsOf: file))
            let here = try SVGIconPreflight.check(bytes)
            let outcome = SVGCheckWorker.check(bytes, within: 10_000)
            let there = try outcome.result.get()
            XCTAssertEqual(there.bytes, here.bytes, file.lastPathComponent)
            XCTAssertEqual(there.drawnElements, here.drawnElements, file.lastPathComponent)
            XCTAssertEqual(there.imagePixels, here.imagePixels, file.lastPathComponent)
        }
        // A refusal for what the icon holds is that refusal, not one for its time.
        let outcome = SVGCheckWorker.check(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><foreignObject/></svg>".utf8), within: 10_000)
        guard case .failure(let problem) = outcome.result else { return XCTFail("a foreignObject was taken") }
        XCTAssertFalse(problem.overTime, "\(problem)")
    }

    func testAbandonedWorkStillRunningRefusesNewChecksUntilItEnds() throws {
        let release = Release()
        defer { release.raise() }
        for _ in 0..<SVGCheckWorker.threadsAtMost {
            let outcome = SVGCheckWorker.run(within: 20, Self.spin(until: release))
            XCTAssertTrue((try? outcome.result.get()) == nil)
        }
        XCTAssertEqual(SVGCheckWorker.abandoned, SVGCheckWorker.threadsAtMost)
        let refused = SVGCheckWorker.run(within: 10_000) { _ in 1 }
        guard case .failure(let problem) = refused.result else { return XCTFail("a fifth check ran while four abandoned ones spun") }
        XCTAssertTrue(problem.description.contains("still being stopped"), problem.description)
        XCTAssertFalse(problem.overTime, "not this icon's time")
        release.raise()
        Self.drain()
        XCTAssertEqual(try SVGCheckWorker.run(within: 10_000) { _ in 7 }.result.get(), 7, "checked again once they ended")
    }

    /// Review of 53a5fa1: callers on many threads at once (a check's goldens are rendered in
    /// parallel) each passed the count before any was abandoned, and each left a thread. The
    /// slot is taken before the thread starts: never more than `threadsAtMost` threads.
    func testCallersAtOnceLeaveNoMoreThreadsThanTheLimit() {
        let release = Release()
        defer { release.raise() }
        let callers = 3 * SVGCheckWorker.threadsAtMost
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var overTime = 0, refused = 0, mostThreads = 0
        }
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: callers) { _ in
            // (Counted by each check as it starts, when the threads are most.)
            let outcome = SVGCheckWorker.run(within: 20) { clock throws(SVGIconPreflight.Problem) in
                let threads = SVGCheckWorker.threads
                tally.lock.withLock { tally.mostThreads = max(tally.mostThreads, threads) }
                return try Self.spin(until: release)(clock)
            }
            tally.lock.withLock {
                if case .failure(let problem) = outcome.result { if problem.overTime { tally.overTime += 1 } else { tally.refused += 1 } }
            }
        }
        XCTAssertLessThanOrEqual(tally.mostThreads, SVGCheckWorker.threadsAtMost)
        XCTAssertEqual(SVGCheckWorker.abandoned, SVGCheckWorker.threadsAtMost, "every slot ended abandoned")
        XCTAssertEqual(tally.overTime, SVGCheckWorker.threadsAtMost, "one over-time answer a thread left")
        XCTAssertEqual(tally.refused, callers - SVGCheckWorker.threadsAtMost, "the others refused, none waited forever")
    }
}
