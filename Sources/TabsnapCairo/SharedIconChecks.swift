import Foundation

/// What the process's renderers learnt checking SVG icons (`SVGIconPreflight`), by the SHA-256
/// of an icon's bytes, so renderers that come and go — a thread of `animate --threads 16`, each
/// of the preview's Play requests — do not pay for the same check again (hostile round 141: 5.4 s
/// a thread, 120 s in all; each Play request ran a refused icon's 10 s again).
enum SharedIconChecks {
    private static let lock = NSLock()

    /// Icons whose checks were stopped for their time, with the budget they had: a check of the
    /// same bytes given no more is refused at once (review of round 139: each of a spec's goldens
    /// ran a too-slow icon's 10 s again). Let go whole past `stoppedKept` icons.
    nonisolated(unsafe) private static var stopped: [String: Int] = [:]
    static let stoppedKept = 4_096

    /// Checks that passed, with what they took: their time still counts in every bar that draws
    /// the icon. Let go whole past `passedBytes` of rewritten icons.
    nonisolated(unsafe) private static var passedChecks: [String: (checked: SVGIconPreflight.Checked, milliseconds: Int)] = [:]
    nonisolated(unsafe) private static var heldBytes = 0
    static let passedBytes = 64 << 20

    /// The check of these bytes that passed, and what it took.
    static func passed(_ source: String) -> (checked: SVGIconPreflight.Checked, milliseconds: Int)? {
        lock.withLock { passedChecks[source] }
    }

    /// Keeps a check that passed for the process's other renderers.
    static func share(_ checked: SVGIconPreflight.Checked, milliseconds: Int, source: String) {
        lock.withLock {
            guard passedChecks[source] == nil, checked.bytes.count <= passedBytes else { return }
            if heldBytes + checked.bytes.count > passedBytes { (passedChecks, heldBytes) = ([:], 0) }
            passedChecks[source] = (checked, milliseconds)
            heldBytes += checked.bytes.count
        }
    }

    /// The budget a check of these bytes was stopped at, if one was.
    static func stoppedBudget(of source: String) -> Int? { lock.withLock { stopped[source] } }

    /// Remembers that a check of these bytes was stopped at `budget`.
    static func rememberStopped(_ source: String, budget: Int) {
        lock.withLock {
            if stopped.count >= stoppedKept { stopped.removeAll() }
            stopped[source] = max(stopped[source] ?? 0, budget)
        }
    }
}
