import Tabsnap

/// `titleFit`: a title the reader cannot read whole. Ellipsized (its text is longer than its
/// lines allow), left out (its button has no room for any of it), or clipped by the bar's top
/// or bottom edge (its ink, `LintFrame.titleInk`, reaches past the canvas). A title that wraps
/// within its `button.lines` fits.
struct TitleFitRule: LintRule {
    let id = LintRuleID.titleFit
    let checksInMotion = true

    func check(_ frame: LintFrame) -> [LintObservation] {
        var found: [LintObservation] = []
        for fit in frame.titleFits {
            let name = frame.name(ofItem: fit.item)
            switch fit.fit {
            case .ellipsized:
                found.append(LintObservation(element: "title \(name)", measured: "ellipsized on \(fit.lines) line\(fit.lines == 1 ? "" : "s")", badness: 1,
                                             item: fit.item, cause: "fit"))
            case .leftOut:
                found.append(LintObservation(element: "title \(name)", measured: "left out: its button has no room for it", badness: 2,
                                             item: fit.item, cause: "fit"))
            case .fits, .wraps:
                break
            }
        }
        for (index, ink) in frame.titleInk.enumerated() {
            guard let ink else { continue }
            let above = -ink.minY, below = ink.maxY - frame.geometry.height
            if max(above, below) > 0.5 {
                let edge = above > below ? "top" : "bottom"
                found.append(LintObservation(element: "title \(frame.name(ofItem: index))",
                                             measured: "clipped by the bar's \(edge) edge by \(Limits.format((max(above, below) * 10).rounded() / 10)) pt",
                                             badness: max(above, below), item: index, cause: "edge"))
            }
        }
        return found
    }
}
