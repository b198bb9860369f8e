import Foundation
import TabsnapModel

/// What a run over many specs (`check`, `lint`) has spent on SVG icons it refused for their
/// cost, shared by its renderers: past `Limits.refusedIconSeconds`, every SVG icon not yet
/// loaded is refused at once. Each refusal is bounded (an icon's check, its probe, the bar's
/// budget), but a run pays each in turn: `check` of 30 specs, each with an icon refused after
/// some 6.5 s, took 198 s (hostile round 143), where `render` and `gallery` stop at the first.
/// Icons that pass cost what they cost: only refusals count here.
public final class IconRefusals: @unchecked Sendable {
    private let lock = NSLock()
    private var spent = 0
    private var first: String?
    /// What refusals may take together (ms); tests lower it.
    package let budget: Int

    /// A fresh ledger; `budget` in ms (`Limits.refusedIconSeconds` by default).
    public init(budget: Int = Limits.refusedIconSeconds * 1_000) {
        self.budget = budget
    }

    /// Counts `milliseconds` spent on a bar whose icons were refused, for `icon`.
    func add(_ milliseconds: Int, icon: String) {
        lock.withLock {
            spent += max(milliseconds, 0)
            if first == nil { first = URL(fileURLWithPath: icon).lastPathComponent }
        }
    }

    /// Why a new SVG icon is refused at once: the run has spent its budget on refusals.
    func refusal() -> String? {
        lock.withLock {
            guard first != nil, spent >= budget else { return nil }
            return "not checked: this run has spent \(spent / 1_000) s on SVG icons refused for their cost (the first: \(first ?? "?")), "
                + "over the \(budget / 1_000) s it gives them; simplify those or use PNGs, and run again"
        }
    }
}
