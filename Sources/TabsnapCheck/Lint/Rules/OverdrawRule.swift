import Tabsnap

/// `overdraw`: something drawn over a title's letters. The line indicator and badges are painted
/// after the titles, and a later button's icon after an earlier title; separators are painted
/// before them but cut through the text all the same. Each is found by its frame meeting the
/// title's ink box (`LintFrame.titleInk`) by more than 0.5 pt each way, so a line under the
/// text's box but clear of its letters is no finding.
struct OverdrawRule: LintRule {
    let id = LintRuleID.overdraw
    let checksInMotion = true

    /// What may cover a title: built once a frame (not once a title: a 100-item bar met
    /// 10 000 pairs a position, each naming its item in words, about a second a variant —
    /// hostile round 28), named in words only when it does cover one.
    private enum Cover {
        case indicator, separator
        case badge(of: Int)
        case icon(of: Int)
    }

    func check(_ frame: LintFrame) -> [LintObservation] {
        let geometry = frame.geometry
        var covers: [(Cover, Rect)] = []
        if let indicator = geometry.indicator, indicator.display != .fill { covers.append((.indicator, indicator.frame)) }
        for (other, button) in geometry.buttons.enumerated() {
            if let badge = button.badge { covers.append((.badge(of: other), badge.frame)) }
            if button.icon != nil { covers.append((.icon(of: other), button.iconFrame)) }
        }
        covers += geometry.separators.map { (.separator, $0.frame) }
        var found: [LintObservation] = []
        for (index, ink) in frame.titleInk.enumerated() {
            guard let ink else { continue }
            for (cover, rect) in covers {
                if case .icon(let other) = cover, other == index { continue }
                let overlap = Self.overlap(ink, rect)
                guard overlap.width > 0.5, overlap.height > 0.5 else { continue }
                let what: String
                switch cover {
                case .indicator: what = "the indicator"
                case .separator: what = "a separator"
                case .badge(let other): what = other == index ? "its badge" : "the badge of \(frame.name(ofItem: other))"
                case .icon(let other): what = "the icon of \(frame.name(ofItem: other))"
                }
                found.append(LintObservation(element: "title \(frame.name(ofItem: index))",
                                             measured: "\(what) covers \(Self.size(overlap)) of its letters",
                                             badness: overlap.width * overlap.height, item: index, cause: what))
            }
        }
        return found
    }

    static func overlap(_ a: Rect, _ b: Rect) -> Size {
        Size(width: max(min(a.maxX, b.maxX) - max(a.minX, b.minX), 0), height: max(min(a.maxY, b.maxY) - max(a.minY, b.minY), 0))
    }

    static func size(_ size: Size) -> String {
        "\(Limits.format((size.width * 10).rounded() / 10)) × \(Limits.format((size.height * 10).rounded() / 10)) pt"
    }
}
