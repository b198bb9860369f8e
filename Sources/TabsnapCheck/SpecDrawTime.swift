import Foundation
import TabsnapModel

/// What each spec's goldens have spent drawing SVG icons, and text in the spec's own fonts, in
/// a run, across its threads, held to `Limits.specIconSeconds` and `Limits.specTextSeconds` a
/// spec: each golden draws the bar's icons and text again (a still once, a transition in every
/// frame), so a spec's variants multiplied a bar's own budget (hostile round 95: 20 stills of a
/// bar near its 10 s, 100 s; round 105: text in a heavy font, 3 s a still). A golden begun past
/// a bound is refused; one begun within it runs (so a spec overshoots by at most a golden's own
/// bound per thread).
final class SpecDrawTime: @unchecked Sendable {
    private let lock = NSLock()
    private var spent: [String: (icons: Int, text: Int, pictures: Int)] = [:]
    /// The bound on icons, in ms (tests lower it).
    let budget: Int
    /// The bound on text in the spec's own fonts, in ms (tests lower it), and what each picture
    /// drawn may spend on it besides (`Limits.pictureTextMilliseconds`).
    let textBudget: Int, textPerPicture: Int
    /// What a spec's pictures are called in the message: goldens, a gallery's pictures, lint's
    /// variants.
    let pictures: String
    /// Why each costs again, in the message.
    let again: String

    init(budget: Int = Limits.specIconSeconds * 1_000, textBudget: Int = Limits.specTextSeconds * 1_000,
         textPerPicture: Int = Limits.pictureTextMilliseconds, pictures: String = "goldens",
         again: String = "each draws it again: a still once, a transition in every frame") {
        self.budget = budget
        self.textBudget = textBudget
        self.textPerPicture = textPerPicture
        self.pictures = pictures
        self.again = again
    }

    /// Why `spec`'s next golden is not drawn, or nil while its goldens are within the bounds.
    func refusal(for spec: String) -> String? {
        let spent = lock.withLock { self.spent[spec] ?? (0, 0, 0) }
        let (what, milliseconds, bound, besides, instead): (String, Int, Int, String, String)
        if spent.icons > budget {
            (what, milliseconds, bound, besides, instead) = ("SVG icons", spent.icons, budget, "", "simpler icons, or PNGs")
        } else if spent.text > textBudget + textPerPicture * spent.pictures {
            (what, milliseconds, bound, instead) = ("text in its own fonts", spent.text, textBudget, "fewer or shorter titles, or lighter fonts")
            besides = " (and \(textPerPicture) ms each picture drawn)"
        } else {
            return nil
        }
        return "\(spec): its \(pictures) have spent \(milliseconds / 1_000) s drawing \(what) (\(again)), over the \(Limits.format(Double(bound) / 1_000)) s a spec's \(pictures) may"
            + "\(besides); fewer of them (positions, themes, directions, scales), \(instead)"
    }

    /// Adds what a golden of `spec` spent on icons and on text in the spec's fonts (ms), and
    /// the pictures it drew (a still one, a transition its frames).
    func add(_ milliseconds: Int, text: Int = 0, pictures: Int = 1, to spec: String) {
        lock.withLock {
            spent[spec, default: (0, 0, 0)].icons += milliseconds
            spent[spec, default: (0, 0, 0)].text += text
            spent[spec, default: (0, 0, 0)].pictures += pictures
        }
    }
}
