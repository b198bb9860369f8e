import Foundation
import Tabsnap

/// What a run over many specs (`check`, `lint`) has spent on goldens or variants refused while
/// drawing SVG icons or text in a spec's own fonts — the costly kinds of drawing, each bounded
/// for one bar, one transition and one spec, but paid in turn by every spec: `check` of 30
/// specs, each with an icon refused after some 6.5 s, took 198 s (hostile round 143), where
/// `render` and `gallery` stop at the first. Past `Limits.refusedCostSeconds`, a golden whose
/// bar draws SVG icons or the spec's fonts is not drawn: it is an error saying why. Shared by
/// the run's threads; pictures that pass cost what they cost, and only refusals count.
///
/// The one place where a verdict hangs on what ran before: which goldens are left unchecked
/// depends on the order they ran in, but not whether the run fails — it has failed already.
public final class RefusalTime: @unchecked Sendable {
    private let lock = NSLock()
    private var spent = 0
    /// The refused golden or variant that took longest: its spec and what it took (ms).
    private var costliest: (spec: String, milliseconds: Int)?
    /// What refusals may take together (ms).
    public let budget: Int

    /// A fresh ledger; `budget` in ms (`Limits.refusedCostSeconds` by default; tests lower it).
    public init(budget: Int = Limits.refusedCostSeconds * 1_000) {
        self.budget = budget
    }

    /// Whether drawing `bar` is of the costly kinds this ledger bounds: SVG icons (its items' or
    /// its pages') or the spec's own fonts. The one definition: a check's frame source of such a
    /// bar keeps its frames however long (`CaseRenderer.frames`, `FrameTape`).
    static func isCostly(_ bar: Bar) -> Bool {
        !bar.fonts.isEmpty || bar.inputFiles.contains { $0.lowercased().hasSuffix(".svg") }
    }

    /// Counts `milliseconds` (wall time: checks and probes run on threads and children of their
    /// own) spent on a refused golden or variant of `spec`.
    func add(_ milliseconds: Int, spec: String) {
        lock.withLock {
            spent += max(milliseconds, 0)
            if milliseconds > costliest?.milliseconds ?? -1 { costliest = (spec, milliseconds) }
        }
    }

    /// Why a costly golden is not drawn: the run has spent its budget on refusals; nil while not.
    func refusal() -> String? {
        lock.withLock {
            guard let costliest, spent >= budget else { return nil }
            return "not drawn: this run has spent \(Limits.format(Double(spent / 100) / 10)) s on pictures refused while drawing SVG icons "
                + "or a spec's own fonts (the bound is \(budget / 1_000) s; the costliest, of \(costliest.spec), "
                + "\(Limits.format(Double(costliest.milliseconds / 100) / 10)) s), so it draws no more of them; fix those, and run again"
        }
    }
}
