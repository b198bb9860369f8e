import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs an icon's checks (`SVGIconPreflight`) on a thread of their own, watched from outside by
/// that thread's CPU clock: past the time, the caller stops waiting and refuses the icon for its
/// time, whatever the checks are doing then.
///
/// Why a watcher as well as checkpoints (`SVGCheckClock`): a checkpoint stops only the loops that
/// pass one, and hostile rounds 136–138 each found checks whose work no checkpoint saw (a class
/// attribute split per element, style sheets read per element, passes until nothing changed:
/// 66–298 s). Those were mended one by one; this bounds the caller's wait whatever the next one
/// is. A thread cannot be stopped from outside safely, so the watcher abandons it: the checks'
/// clock is stopped (`SVGCheckClock.stop`), so its next checkpoint throws and its helpers answer
/// at once, and nothing waits for it or reads what it finds.
///
/// At most `threadsAtMost` check threads live in a process, watched or abandoned: a check waits
/// for a slot while watched checks hold them (each ends within its budget), and is refused when
/// abandoned ones hold them all ("still being stopped"). So a run of costly icons cannot pile up
/// threads: in `render` the process ends soon after the refusal; in `check`, `gallery`, `lint`
/// or the preview, which go on, other SVG icons may meet that refusal until one of those
/// threads ends — the run has failed already, on the first icon refused for its time.
package enum SVGCheckWorker {
    /// What a check found, and the CPU time its thread spent on it (to the watcher's last look,
    /// for an abandoned check).
    package struct Outcome<Value> {
        /// The checks' answer, or their problem.
        package var result: Result<Value, SVGIconPreflight.Problem>
        /// The CPU time the check's thread spent (ms).
        package var cpuMilliseconds: Int
    }

    /// Check threads, watched or abandoned, that may live at once.
    static let threadsAtMost = 4
    /// How often the watcher reads the thread's clock while it waits (a finished check wakes
    /// it at once).
    static let lookEvery: DispatchTimeInterval = .milliseconds(4)
    /// A check is also left when its wall time passes this many times the budget, and 1 s: a
    /// thread using no CPU (blocked, paged out) would hold its slot, and every check waiting for
    /// one, for ever (review of c69e0cc); and where no CPU clock can be read, this is the watch.
    /// Generous, as a loaded machine shares its cores.
    static let wallTimesBudget: UInt64 = 3
    /// A thread's stack, as large as a main thread's, where the checks ran before.
    static let stackBytes = 8 << 20

    private static let slots = NSCondition()
    nonisolated(unsafe) private static var live = 0
    nonisolated(unsafe) private static var abandonedRunning = 0

    /// Abandoned checks still running (tests).
    static var abandoned: Int { slots.withLock { abandonedRunning } }
    /// Check threads living, watched or abandoned (tests).
    static var threads: Int { slots.withLock { live } }

    /// The icon checked within `milliseconds` of CPU time on a thread of its own.
    package static func check(_ input: [UInt8], within milliseconds: Int) -> Outcome<SVGIconPreflight.Checked> {
        run(within: milliseconds) { clock throws(SVGIconPreflight.Problem) in try SVGIconPreflight.check(input, clock: clock) }
    }

    /// `work` run on a thread of its own with a clock of `milliseconds` of that thread's CPU
    /// time; its answer, or past the time (the watcher's reading or the clock's), over-time.
    static func run<Value>(within milliseconds: Int,
                           _ work: @escaping (SVGCheckClock) throws(SVGIconPreflight.Problem) -> Value) -> Outcome<Value> {
        let overTime = SVGIconPreflight.Problem(description: "took too long to check", overTime: true)
        guard reserveSlot() else {
            return Outcome(result: .failure(SVGIconPreflight.Problem(
                description: "earlier icons whose checks took too long are still being stopped; try again in a moment")), cpuMilliseconds: 0)
        }
        let job = Job<Value>(milliseconds: milliseconds, work: work)
        guard let thread = job.start() else {
            endSlot(abandoned: false)
            // No thread to be had: checked here, by checkpoints alone.
            return timed(work, clock: SVGCheckClock(milliseconds: milliseconds))
        }
        let budget = UInt64(max(milliseconds, 0)) * 1_000_000
        let started = DispatchTime.now().uptimeNanoseconds
        while true {
            if job.finished.wait(timeout: .now() + lookEvery) == .success { break }
            let wall = DispatchTime.now().uptimeNanoseconds &- started
            let spent = job.cpuNanoseconds() ?? 0
            // (A check that ended meanwhile is not abandoned: its answer is taken.)
            let overWall = wall > wallTimesBudget * budget + 1_000_000_000
            if spent > budget || overWall, job.abandon() {
                pthread_detach(thread)
                // Out of wall time with CPU to spare: the machine was busy, which says nothing
                // of the icon (review of 07d6670; the sandbox says so too, `SandboxChild`).
                let busy = SVGIconPreflight.Problem(description: "could not be checked: the machine gave its checks \(spent / 1_000_000) ms of CPU in "
                                                    + "\(wall / 1_000_000_000) s (too busy); try again", overTime: false, busy: true)
                return Outcome(result: .failure(spent > budget ? overTime : busy), cpuMilliseconds: Int(spent / 1_000_000))
            }
        }
        pthread_join(thread, nil)
        return job.outcome ?? Outcome(result: .failure(overTime), cpuMilliseconds: milliseconds)
    }

    /// `work`'s answer with the CPU time it took this thread.
    private static func timed<Value>(_ work: (SVGCheckClock) throws(SVGIconPreflight.Problem) -> Value, clock: SVGCheckClock) -> Outcome<Value> {
        let started = TextClock.threadNanoseconds()
        let result = Result { () throws(SVGIconPreflight.Problem) -> Value in try work(clock) }
        return Outcome(result: result, cpuMilliseconds: Int((TextClock.threadNanoseconds() &- started) / 1_000_000))
    }

    /// A slot for a new check thread: at once while fewer than `threadsAtMost` live, after
    /// waiting for a watched one to end otherwise; false when abandoned ones hold them all.
    private static func reserveSlot() -> Bool {
        slots.lock()
        defer { slots.unlock() }
        while live >= threadsAtMost {
            if abandonedRunning >= threadsAtMost { return false }
            slots.wait()
        }
        live += 1
        return true
    }

    /// A check thread's slot freed as it ends.
    fileprivate static func endSlot(abandoned: Bool) {
        slots.withLock {
            live -= 1
            if abandoned { abandonedRunning -= 1 }
            slots.broadcast()
        }
    }

    /// A check thread left running.
    fileprivate static func slotAbandoned() {
        slots.withLock {
            abandonedRunning += 1
            slots.broadcast()
        }
    }

    /// One check and what the two threads share of it, under `lock`.
    private final class Job<Value>: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        private let milliseconds: Int
        private let work: (SVGCheckClock) throws(SVGIconPreflight.Problem) -> Value
        private let lock = NSLock()
        private var clock: SVGCheckClock?
        private var clockID: clockid_t?
        private var answer: Outcome<Value>?
        private var isAbandoned = false
        private var hasBegun = false

        init(milliseconds: Int, work: @escaping (SVGCheckClock) throws(SVGIconPreflight.Problem) -> Value) {
            self.milliseconds = milliseconds
            self.work = work
        }

        /// The thread started, joinable; nil if none could be.
        func start() -> pthread_t? {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, SVGCheckWorker.stackBytes)
            let retained = Unmanaged.passRetained(Runner(run: { [self] in body() })).toOpaque()
            var thread = pthread_t()
            let code = pthread_create(&thread, &attributes, { raw in
                guard let raw else { return nil }
                Unmanaged<Runner>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, retained)
            guard code == 0 else {
                Unmanaged<Runner>.fromOpaque(retained).release()
                return nil
            }
            return thread
        }

        /// On the check's thread: its clock made here (it reads this thread's CPU time).
        private func body() {
            var id = clockid_t()
            let hasID = pthread_getcpuclockid(pthread_self(), &id) == 0
            let clock = SVGCheckClock(milliseconds: milliseconds)
            lock.withLock {
                self.clock = clock
                clockID = hasID ? id : nil
                hasBegun = true
            }
            let outcome = SVGCheckWorker.timed(work, clock: clock)
            let wasAbandoned = lock.withLock {
                answer = outcome
                clockID = nil
                return isAbandoned
            }
            SVGCheckWorker.endSlot(abandoned: wasAbandoned)
            finished.signal()
        }

        var outcome: Outcome<Value>? { lock.withLock { answer } }

        /// The check's thread's CPU time so far (0 before it has begun; its own count once
        /// ended), nil where its clock cannot be read.
        func cpuNanoseconds() -> UInt64? {
            lock.withLock {
                if let answer { return UInt64(answer.cpuMilliseconds) * 1_000_000 }
                guard hasBegun else { return 0 }
                guard let clockID else { return nil }
                var time = timespec()
                guard clock_gettime(clockID, &time) == 0 else { return nil }
                return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
            }
        }

        /// Nothing waits for the check any more: its clock stops it at its next checkpoint.
        /// False when it has answered already (its answer is taken instead).
        func abandon() -> Bool {
            lock.withLock {
                guard answer == nil else { return false }
                isAbandoned = true
                clock?.stop()
                // (Counted under this lock, so the count of its end comes after it.)
                SVGCheckWorker.slotAbandoned()
                return true
            }
        }
    }

    /// The thread's entry, handed over as one retained object.
    private final class Runner {
        let run: () -> Void
        init(run: @escaping () -> Void) { self.run = run }
    }
}
