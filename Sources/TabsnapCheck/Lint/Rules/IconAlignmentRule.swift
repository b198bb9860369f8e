import Tabsnap

/// `iconAlignment`: icons that do not sit on one line. At rest, the icons' vertical centres
/// should agree; the line is their median, and an icon whose centre is more than 0.5 pt off it
/// is named (a title that wraps onto two lines pushes its icon up in a tab bar).
struct IconAlignmentRule: LintRule {
    let id = LintRuleID.iconAlignment
    let checksInMotion = false

    func check(_ frame: LintFrame) -> [LintObservation] {
        let icons = frame.geometry.buttons.enumerated().filter { $0.element.icon != nil && $0.element.iconFrame.height > 0 }
        guard icons.count > 1 else { return [] }
        let centres = icons.map(\.element.iconFrame.midY).sorted()
        let line = centres[centres.count / 2]
        return icons.compactMap { index, button in
            let off = button.iconFrame.midY - line
            guard abs(off) > 0.5 else { return nil }
            return LintObservation(element: "icon of \(frame.name(ofItem: index))",
                                   measured: "\(Limits.format((abs(off) * 10).rounded() / 10)) pt \(off < 0 ? "above" : "below") the other icons' line",
                                   badness: abs(off), item: index)
        }
    }
}
