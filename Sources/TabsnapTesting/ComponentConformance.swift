import Foundation
import Tabsnap

/// The checks the built-in layouts, buttons, indicators, badges and selected backgrounds pass,
/// for yours: run them on a bar
/// made with your components (`assertComponentConformance(of:)`), at rest on every button,
/// mid-swipe between every pair and in overscroll past both ends.
///
/// - **Determinism.** A component is a pure function of its settings and arguments: the same
///   bar at the same position gives the same pixels rendered alone, after other renders in any
///   order, and on 1, 2 or 4 threads at once, and the same SVG and PDF bytes every time. A
///   component that reads a clock, a global or a random number fails here.
/// - **Invariants.** One button per item; every frame finite; each button's title, icon and
///   parts inside its own button and on the canvas; the indicator on the canvas except in
///   overscroll; badges and selected backgrounds on the canvas; and right-to-left is left-to-right mirrored inside the content (placement is
///   mirrored, so a component never has to mirror frames itself).
public enum ComponentConformance {
    /// Rest at each button, halfway between each pair, and a third of a button past both ends.
    public static func positions(count: Int) -> [Double] {
        let last = Double(max(count - 1, 0))
        var positions: [Double] = []
        for i in 0..<max(count, 1) {
            positions.append(Double(i))
            if Double(i) < last { positions.append(Double(i) + 0.5) }
        }
        return positions + [-0.35, last + 0.35]
    }

    /// What breaks determinism for `bar`, one line each; empty when nothing does.
    public static func determinismProblems(of bar: Bar, positions: [Double]? = nil) -> [String] {
        let positions = positions ?? Self.positions(count: bar.items.count)
        var problems: [String] = []
        var alone: [Double: RGBAImage] = [:]
        for p in positions {
            do { alone[p] = try Renderer().image(of: bar, position: p) } catch { problems.append("p \(p): cannot render: \(error)") }
        }
        // A shared renderer in three orders: what was drawn before must not matter.
        let orders = [positions, positions.reversed(), positions.enumerated().sorted { ($0.offset * 7919) % 13 < ($1.offset * 7919) % 13 }.map(\.element)]
        for order in orders {
            let shared = Renderer()
            for p in order where (try? shared.image(of: bar, position: p)) != alone[p] {
                problems.append("p \(p): differs when drawn after \(order.prefix { $0 != p }) by the same renderer")
            }
        }
        for threads in [1, 2, 4] {
            let images = WorkerPool.map(count: positions.count, threads: threads) { renderer, index in
                try? renderer.image(of: bar, position: positions[index])
            }
            for (p, image) in zip(positions, images) where image != alone[p] {
                problems.append("p \(p): differs on \(threads) threads")
            }
        }
        for format in [OutputFormat.svg, .pdf] {
            let p = positions[positions.count / 2]
            let once = try? Renderer().render(bar, format: format, position: p)
            if once == nil || once != (try? Renderer().render(bar, format: format, position: p)) {
                problems.append("p \(p): \(format) bytes differ between two renders")
            }
        }
        return problems
    }

    /// What breaks the geometry's invariants for `bar`, one line each; empty when nothing does.
    public static func invariantProblems(of bar: Bar, positions: [Double]? = nil) -> [String] {
        let positions = positions ?? Self.positions(count: bar.items.count)
        let renderer = Renderer()
        var ltrBar = bar, rtlBar = bar
        ltrBar.direction = .leftToRight
        rtlBar.direction = .rightToLeft
        var problems: [String] = []
        for p in positions {
            let ltr = renderer.geometry(of: ltrBar, position: p), rtl = renderer.geometry(of: rtlBar, position: p)
            problems += placementProblems(ltr).map { "p \(p): \($0)" }
            if let mirror = mirrorProblem(ltr, rtl) { problems.append("p \(p): \(mirror)") }
        }
        return problems
    }

    /// Titles that do not follow the text scale (Dynamic Type), one line each: at text scale 2
    /// every drawn title's font must be larger than at 1 — or, on a preset that keeps its text
    /// size (`Preset.scalesText`), the same. A custom button applies `environment.textScale` to
    /// its fonts itself, as the built-ins do (it is 1 where the preset keeps its size).
    public static func textScaleProblems(of bar: Bar, position: Double = 0) -> [String] {
        let renderer = Renderer()
        var small = bar, large = bar
        small.textScale = 1
        large.textScale = 2
        let a = renderer.geometry(of: small, position: position), b = renderer.geometry(of: large, position: position)
        let scales = bar.preset.scalesText
        return zip(a.buttons, b.buttons).enumerated().compactMap { index, pair in
            let (one, two) = pair
            guard one.text != nil, one.titleFrame.width > 0 else { return nil }
            if scales ? two.font.size > one.font.size : two.font.size == one.font.size { return nil }
            return "button \(index)'s title is \(one.font.size) pt at text scale 1 and \(two.font.size) pt at 2: "
                + (scales ? "scale its font by environment.textScale" : "\(bar.preset.rawValue) keeps its text size: scale by environment.textScale, which is 1 here")
        }
    }

    private static func frames(of button: ButtonGeometry) -> [(String, Rect)] {
        [("title", button.titleFrame), ("icon", button.iconFrame)] + button.parts.map { ("part \($0.name)", $0.frame) }
    }

    private static func placementProblems(_ g: BarGeometry) -> [String] {
        var found: [String] = []
        let eps = 1e-6
        let canvas = Rect(x: 0, y: 0, width: g.contentWidth, height: g.height)
        func finite(_ r: Rect) -> Bool { [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) }
        func inside(_ r: Rect, _ outer: Rect) -> Bool {
            r.minX >= outer.minX - eps && r.maxX <= outer.maxX + eps && r.minY >= outer.minY - eps && r.maxY <= outer.maxY + eps
        }
        for (i, button) in g.buttons.enumerated() {
            if !finite(button.frame) { found.append("button \(i) frame \(button.frame) is not finite") }
            for (what, frame) in frames(of: button) where frame.width > 0 || frame.height > 0 {
                if !finite(frame) { found.append("button \(i) \(what) \(frame) is not finite"); continue }
                if !inside(frame, canvas) { found.append("button \(i) \(what) \(frame) leaves the canvas \(canvas)") }
                if !inside(frame, button.frame) { found.append("button \(i) \(what) \(frame) leaves its button \(button.frame)") }
            }
        }
        // Badges and selected backgrounds: the bar keeps them on the canvas whatever the
        // component asks (a badge inside the bar, a sliding shape within the buttons' band).
        let extras = g.buttons.enumerated().flatMap { i, button in
            [button.badge.map { ("button \(i) badge", $0.frame) }, button.background.map { ("button \(i) selected background", $0.frame) }]
                .compactMap { $0 }
        } + (g.selectedBackground.map { [("selected background", $0.frame)] } ?? [])
        for (what, frame) in extras {
            if !finite(frame) { found.append("\(what) \(frame) is not finite") } else if !inside(frame, canvas) {
                found.append("\(what) \(frame) leaves the canvas \(canvas)")
            }
        }
        if let indicator = g.indicator {
            let overscrolled = g.position < 0 || g.position > Double(g.buttons.count - 1)
            if !finite(indicator.frame) {
                found.append("indicator \(indicator.frame) is not finite")
            } else if !overscrolled && !inside(indicator.frame, canvas) {
                found.append("indicator \(indicator.frame) leaves the canvas \(canvas)")
            }
        }
        return found
    }

    /// Right-to-left is left-to-right mirrored inside the content: x' = contentWidth − x − width.
    private static func mirrorProblem(_ ltr: BarGeometry, _ rtl: BarGeometry) -> String? {
        let span = ltr.contentWidth
        func same(_ a: Rect, _ b: Rect) -> Bool {
            if a == .zero || b == .zero { return a == b }
            let m = a.mirrored(in: span)
            return abs(m.x - b.x) < 1e-6 && abs(m.y - b.y) < 1e-6 && abs(m.width - b.width) < 1e-6 && abs(m.height - b.height) < 1e-6
        }
        guard rtl.contentWidth == span, rtl.height == ltr.height, rtl.buttons.count == ltr.buttons.count else {
            return "right-to-left is \(rtl.contentWidth)×\(rtl.height) with \(rtl.buttons.count) buttons, left-to-right \(span)×\(ltr.height) with \(ltr.buttons.count)"
        }
        for (i, (a, b)) in zip(ltr.buttons, rtl.buttons).enumerated() {
            let pairs = [("frame", a.frame, b.frame), ("badge", a.badge?.frame ?? .zero, b.badge?.frame ?? .zero),
                         ("selected background", a.background?.frame ?? .zero, b.background?.frame ?? .zero)]
                + zip(frames(of: a), frames(of: b)).map { ($0.0, $0.1, $1.1) }
            for (what, x, y) in pairs where !same(x, y) {
                return "right-to-left button \(i) \(what) \(y) is not the mirror of left-to-right \(x)"
            }
        }
        if let a = ltr.indicator, let b = rtl.indicator, !same(a.frame, b.frame) {
            return "right-to-left indicator \(b.frame) is not the mirror of left-to-right \(a.frame)"
        }
        if !same(ltr.selectedBackground?.frame ?? .zero, rtl.selectedBackground?.frame ?? .zero) {
            return "right-to-left selected background \(rtl.selectedBackground?.frame ?? .zero) is not the mirror of left-to-right \(ltr.selectedBackground?.frame ?? .zero)"
        }
        return nil
    }
}

/// Fails the test with every problem `ComponentConformance` finds in `bar` (determinism and
/// invariants, at rest, mid-swipe and in overscroll; titles following the text scale), one line
/// each. Works in XCTest and Swift Testing.
public func assertComponentConformance(of bar: Bar, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                       line: UInt = #line, column: UInt = #column) {
    let problems = ComponentConformance.invariantProblems(of: bar) + ComponentConformance.textScaleProblems(of: bar)
        + ComponentConformance.determinismProblems(of: bar)
    guard !problems.isEmpty else { return }
    recordFailure("the components do not conform:\n" + problems.prefix(20).joined(separator: "\n")
                  + (problems.count > 20 ? "\n… and \(problems.count - 20) more" : ""),
                  fileID: fileID, filePath: filePath, line: line, column: column)
}
