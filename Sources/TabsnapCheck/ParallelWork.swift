import Foundation

/// Runs `count` jobs on `threads` threads, each thread with its own state (a renderer: cairo and
/// pango objects are not shared between threads). Big stacks, as pango's shaping wants.
public enum ParallelWork {
    public static func run<State, Result>(count: Int, threads: Int, makeState: @escaping @Sendable () -> State,
                                   job: @escaping @Sendable (inout State, Int) -> Result) -> [Result] {
        let box = ResultBox<Result>(count: count)
        let workers = max(1, min(threads, count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            let thread = Thread {
                var state = makeState()
                while let index = box.claim() { box.store(job(&state, index), at: index) }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return box.results()
    }
}

private final class ResultBox<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private var slots: [Result?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at index: Int) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    func results() -> [Result] { slots.map { $0! } }
}
