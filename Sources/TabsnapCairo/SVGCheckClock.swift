import Foundation

/// The CPU time an icon's checks may take (`SVGIconPreflight`): the checks pass its
/// checkpoints — each event of the parse, each check, each element of the loops over the
/// elements, and the inner loops of the checks whose work within one element has no other
/// bound — and the first checkpoint past the time throws, refusing the icon as over the bar's
/// budget.
///
/// Why checkpoints: the checks are many, each once found costly by a different input within
/// every limit (hostile rounds 133–136: chains of gradients, attributes compared pairwise, a
/// style read per property, a regular expression per number, comments copied, transforms parsed
/// again, dash patterns against 100 000 corners). Bounding each input's count bounds the work
/// of a step; this bounds the steps. A checkpoint throws rather than ends a loop quietly: a loop
/// ended early leaves arrays shorter than what indexes them (a first design did, and trapped).
/// Work that passes no checkpoint is the watcher's (`SVGCheckWorker`): the checks run on a
/// thread of their own, and the caller stops waiting at the same time.
final class SVGCheckClock: @unchecked Sendable {
    /// The thread CPU time (`TextClock.threadNanoseconds`) past which the checks stop; nil: no bound.
    private let deadline: UInt64?
    /// Tests: the checkpoint after this many throws, wherever the time is.
    private let stepLimit: Int?
    /// Checkpoints passed so far (tests).
    private(set) var steps = 0
    /// Whether a checkpoint found the time past (it threw then, and every one since).
    private(set) var expired = false
    /// Set from another thread by `stop()` (`SVGCheckWorker`'s watcher), read with the time.
    private let stopLock = NSLock()
    private var stopped = false

    /// `milliseconds` of this thread's CPU time from now (nil, or past a year: unbounded).
    init(milliseconds: Int?) {
        stepLimit = nil
        guard let milliseconds, milliseconds < 365 * 86_400_000 else {
            deadline = nil
            return
        }
        deadline = TextClock.threadNanoseconds() + UInt64(max(milliseconds, 0)) * 1_000_000
    }

    /// Tests: a clock whose checkpoints throw after `steps` of them, so a test can stop the
    /// checks at every checkpoint, the same way each run.
    init(steps: Int) {
        stepLimit = steps
        deadline = nil
    }

    /// Throws once the time is past. The clock is read every `every` checkpoints: in loops
    /// every 16 (a read is a system call, about 0.3 µs; an element's work is small), between
    /// checks each time.
    func checkpoint(every: Int = 16) throws(SVGIconPreflight.Problem) {
        if isSpent(every: every) { throw SVGIconPreflight.Problem(description: "took too long to check", overTime: true) }
    }

    /// Whether the time is past, for the helpers a check asks of each element, which cannot
    /// throw (`isInside`, `namespace(of:)`, `sheetsMayApply` …): past it, they answer at once
    /// whatever is cheapest, so a loop not passing checkpoints runs out quickly too (hostile
    /// round 137: loops whose filters walked every element's ancestors took 30–100 s). Any
    /// answer will do then: `SVGIconPreflight.check` refuses the icon for its time whatever the
    /// checks found after it, and the next checkpoint throws.
    func isSpent(every: Int = 16) -> Bool {
        if !expired {
            steps &+= 1
            if let stepLimit, steps > stepLimit { expired = true }
            if steps % max(every, 1) == 0 {
                if let deadline, TextClock.threadNanoseconds() > deadline { expired = true }
                if stopLock.withLock({ stopped }) { expired = true }
            }
        }
        return expired
    }

    /// Stops the checks from another thread: the next checkpoint that reads the time throws,
    /// and the helpers answer at once from then on (`SVGCheckWorker`, whose watcher has stopped
    /// waiting for them).
    func stop() {
        stopLock.withLock { stopped = true }
    }
}
