import Foundation
import TabsnapCairo
import TabsnapGeometry
import TabsnapModel

/// The one worker pool: jobs 0..<count run on `threads` threads, each thread with a renderer of
/// its own (cairo and pango objects never cross threads), and their results reach `deliver` in
/// index order on the calling thread. Workers run at most `window` jobs ahead of delivery, so
/// memory stays flat however many jobs there are. A job `runsAlone` says is large (asked on the
/// worker's thread, with its renderer, so it can measure) runs with no other beside it, so large
/// frames are never held by two threads at once. Big stacks, as
/// pango's shaping wants.
package enum WorkerPool {
    public static func run<Result>(count: Int, threads: Int, window: Int? = nil,
                                   layoutManager: LayoutManager = DefaultLayoutManager(),
                                   runsAlone: @escaping @Sendable (Renderer, Int) -> Bool = { _, _ in false },
                                   job: @escaping @Sendable (Renderer, Int) throws -> Result,
                                   deliver: (Int, Result) throws -> Void) throws {
        let workers = max(1, min(threads, count))
        let state = PoolState<Result>(count: count, window: max(window ?? workers * 2, 1))
        for _ in 0..<workers {
            let thread = Thread {
                let renderer = Renderer(layoutManager: layoutManager)
                while let index = state.claim() {
                    let alone = runsAlone(renderer, index)
                    state.begin(alone: alone)
                    let result = Swift.Result { try job(renderer, index) }
                    state.end(alone: alone)
                    state.store(index, result)
                }
                state.workerDone()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { state.cancel(); state.waitForWorkers(workers) }
        for index in 0..<count {
            try deliver(index, try state.take(index).get())
        }
    }

    /// Every job's result, in order (for jobs that report their own failures).
    public static func map<Result>(count: Int, threads: Int, layoutManager: LayoutManager = DefaultLayoutManager(),
                                   job: @escaping @Sendable (Renderer, Int) -> Result) -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(count)
        // Nothing throws: the jobs cannot, and delivery only appends.
        try? run(count: count, threads: threads, window: count, layoutManager: layoutManager, job: job) { _, result in
            results.append(result)
        }
        return results
    }
}

/// The hand-over between workers and the consumer, under one condition lock.
private final class PoolState<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var next = 0
    private var delivered = 0
    private var results: [Int: Swift.Result<Result, Error>] = [:]
    private var cancelled = false
    private var finishedWorkers = 0
    /// Jobs running now, whether one of them runs alone, and how many wait to.
    private var running = 0
    private var aloneRunning = false
    private var aloneWaiting = 0

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// The next job, waiting while the workers are `window` jobs ahead.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && next < count && next - delivered >= window { condition.wait() }
        guard !cancelled, next < count else { return nil }
        next += 1
        return next - 1
    }

    /// Waits until the job may start: one that runs alone waits for the others to end; the others
    /// wait while one runs alone or waits to (so it is not starved).
    func begin(alone: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if alone {
            aloneWaiting += 1
            while running > 0 { condition.wait() }
            aloneWaiting -= 1
            aloneRunning = true
        } else {
            while aloneRunning || aloneWaiting > 0 { condition.wait() }
        }
        running += 1
    }

    func end(alone: Bool) {
        condition.lock()
        running -= 1
        if alone { aloneRunning = false }
        condition.broadcast()
        condition.unlock()
    }

    func store(_ index: Int, _ result: Swift.Result<Result, Error>) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    func take(_ index: Int) -> Swift.Result<Result, Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        delivered = index + 1
        condition.broadcast()
        return results.removeValue(forKey: index) ?? .failure(CancellationError())
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func workerDone() {
        condition.lock()
        finishedWorkers += 1
        condition.broadcast()
        condition.unlock()
    }

    func waitForWorkers(_ count: Int) {
        condition.lock()
        while finishedWorkers < count { condition.wait() }
        condition.unlock()
    }
}
