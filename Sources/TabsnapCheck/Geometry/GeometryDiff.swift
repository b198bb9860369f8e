import Tabsnap

/// What moved between a golden's geometry and the render's, in the bar's terms, before any
/// pixels: `button 2 "Inbox": badge x +3 pt`, `title ellipsized`, `indicator width 80 → 76 pt`,
/// `background #F9F9F9FF → #FFFFFFFF`. Changes under 0.05 pt are rounding, not moves. An empty
/// list means the geometry is the same: the pixels alone differ (`pixelsOnly`).
public enum GeometryDiff {
    /// Said when the geometry is equal and only pixels differ.
    public static let pixelsOnly = "geometry unchanged: only pixels differ (fonts, anti-aliasing, colours inside shapes, or a screen around the bar)"

    /// The changes from `old` (the golden's) to `new` (the render's), one phrase each.
    public static func changes(from old: GeometryRecord, to new: GeometryRecord) -> [String] {
        var found: [String] = []
        if old.width != new.width || old.height != new.height {
            found.append("bar \(points(old.width)) × \(points(old.height)) → \(points(new.width)) × \(points(new.height)) pt")
        }
        if old.background != new.background {
            found.append("background \(old.background ?? "clear") → \(new.background ?? "clear")")
        }
        switch (old.indicator, new.indicator) {
        case let (was?, now?):
            let moves = moved(was, now)
            if !moves.isEmpty { found.append("indicator " + moves.joined(separator: ", ")) }
        case (nil, _?): found.append("indicator added")
        case (_?, nil): found.append("indicator gone")
        case (nil, nil): break
        }
        if old.indicatorColor != new.indicatorColor, old.indicator != nil, new.indicator != nil {
            found.append("indicator colour \(old.indicatorColor ?? "") → \(new.indicatorColor ?? "")")
        }
        if old.buttons.count != new.buttons.count {
            found.append("\(old.buttons.count) buttons → \(new.buttons.count)")
        }
        for (index, (was, now)) in zip(old.buttons, new.buttons).enumerated() {
            var parts: [String] = []
            if was.title != now.title { parts.append("title \(quoted(was.title)) → \(quoted(now.title))") }
            parts += moved(was.frame, now.frame)
            parts += moved(was.titleFrame, now.titleFrame).map { "title " + $0 }
            parts += moved(was.iconFrame, now.iconFrame).map { "icon " + $0 }
            if was.fit != now.fit, let fit = now.fit { parts.append("title \(fit == "leftOut" ? "left out" : fit)" + (was.fit.map { " (was \($0 == "leftOut" ? "left out" : $0))" } ?? "")) }
            if was.color != now.color { parts.append("colour \(was.color) → \(now.color)") }
            switch (was.badge, now.badge) {
            case let (before?, after?): parts += moved(before, after).map { "badge " + $0 }
            case (nil, _?): parts.append("badge added")
            case (_?, nil): parts.append("badge gone")
            case (nil, nil): break
            }
            if was.badgeText != now.badgeText, was.badge != nil, now.badge != nil {
                parts.append("badge \(quoted(was.badgeText)) → \(quoted(now.badgeText))")
            }
            if !parts.isEmpty {
                found.append("button \(index + 1) \(quoted(now.title ?? was.title)): " + parts.joined(separator: ", "))
            }
        }
        return found
    }

    /// How `old` became `new`: x and y as signed moves, width and height as old → new.
    private static func moved(_ old: Rect, _ new: Rect) -> [String] {
        var parts: [String] = []
        let dx = new.x - old.x, dy = new.y - old.y
        if abs(dx) >= 0.05 { parts.append("x \(signed(dx)) pt") }
        if abs(dy) >= 0.05 { parts.append("y \(signed(dy)) pt") }
        if abs(new.width - old.width) >= 0.05 { parts.append("width \(points(old.width)) → \(points(new.width)) pt") }
        if abs(new.height - old.height) >= 0.05 { parts.append("height \(points(old.height)) → \(points(new.height)) pt") }
        return parts
    }

    private static func points(_ value: Double) -> String { Limits.format((value * 10).rounded() / 10) }

    private static func signed(_ value: Double) -> String { (value > 0 ? "+" : "−") + points(abs(value)) }

    private static func quoted(_ text: String?) -> String {
        guard let text else { return "(none)" }
        // Cut by code points, not characters: one character can hold any number of marks.
        let cut = text.unicodeScalars.count > 30 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(29))) + "…" : text
        return "\"\(cut)\""
    }
}
