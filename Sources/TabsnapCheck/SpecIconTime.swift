import Foundation
import TabsnapModel

/// What each spec's goldens have spent drawing SVG icons in a run, across its threads, held to
/// `Limits.specIconSeconds` a spec: each golden draws the bar's icons again (a still once, a
/// transition in every frame), so a spec's variants multiplied a bar's own budget (hostile round
/// 95: 20 stills of a bar near its 10 s, 100 s). A golden begun past the bound is refused; one
/// begun within it runs (so a spec overshoots by at most a golden's own bound per thread).
final class SpecIconTime: @unchecked Sendable {
    private let lock = NSLock()
    private var spent: [String: Int] = [:]
    /// The bound, in ms (tests lower it).
    let budget: Int
    /// What a spec's pictures are called in the message: goldens, or a gallery's pictures.
    let pictures: String

    init(budget: Int = Limits.specIconSeconds * 1_000, pictures: String = "goldens") {
        self.budget = budget
        self.pictures = pictures
    }

    /// Why `spec`'s next golden is not drawn, or nil while its goldens are within the bound.
    func refusal(for spec: String) -> String? {
        let spent = lock.withLock { self.spent[spec] ?? 0 }
        guard spent > budget else { return nil }
        return "\(spec): its \(pictures) have spent \(spent / 1_000) s drawing SVG icons (each draws them again: a still once, a transition in "
            + "every frame), over the \(Limits.format(Double(budget) / 1_000)) s a spec's \(pictures) may; fewer of them (positions, themes, directions, "
            + "scales), simpler icons, or PNGs"
    }

    /// Adds what a golden of `spec` spent (ms).
    func add(_ milliseconds: Int, to spec: String) {
        lock.withLock { spent[spec, default: 0] += milliseconds }
    }
}
