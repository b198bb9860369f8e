import Foundation
import Tabsnap
import XCTest

/// Where features meet: every preset × button style × indicator style (none: a selected pill) ×
/// badge × direction × text scale × lines × position, measured with the real fonts, checked against
/// what must always hold.
/// A failure names the combination, so it can be rendered and looked at.
final class InvariantSweepTests: XCTestCase {
    private let renderer = Renderer()

    private static let badges: [String?] = [nil, "", "3", "99+"]
    private static let titles = ["Home", "Notifications", "Me"]
    private static let icons: [BuiltinIcon] = [.home, .bell, .person]

    /// One combination of the sweep, as a bar and a description for messages.
    private struct Case {
        var bar: Bar
        var name: String
    }

    private func cases() -> [Case] {
        var result: [Case] = []
        for preset in Preset.allCases {
            let styles: [BarButtonStyle] = preset == .lineBar ? [.hidden] : [.label, .icon, .tabItem]
            for style in styles {
                for indicator in IndicatorStyle.allCases {
                    for (b, badge) in Self.badges.enumerated() {
                        for textScale in [1.0, 1.5, 2] {
                            for lines in [1, 2] where style == .label || style == .tabItem || lines == 1 {
                                // Badges on the middle button, the one between two others.
                                let items = Self.titles.indices.map { i -> BarItem in
                                    guard style.isDrawn else { return BarItem() }
                                    var item = BarItem(title: Self.titles[i], badge: i == 1 ? badge : nil)
                                    if style != .label { item.icon = .builtin(Self.icons[i]) }
                                    return item
                                }
                                guard style.isDrawn || b == 0 else { continue }
                                var bar = Bar(preset: preset, width: 320, items: items)
                                bar.button.style = style
                                bar.indicator.style = indicator
                                // Without an indicator, the selection shows as a sliding pill.
                                if indicator == .hidden { bar.button.selectedBackground = .on(SelectedBackground()) }
                                bar.textScale = textScale
                                bar.button.lines = lines
                                let name = "\(preset.rawValue) \(style.rawValue) indicator \(indicator.rawValue) badge \(badge.map { "'\($0)'" } ?? "none") "
                                    + "textScale \(textScale) lines \(lines)"
                                result.append(Case(bar: bar, name: name))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    func testGeometryInvariantsHoldEverywhere() {
        var failures: [String] = []
        var checked = 0
        for sweep in cases() {
            let last = Double(sweep.bar.items.count - 1)
            for p in [-0.5, 0, 0.5, last, last + 0.5] {
                let ltr = renderer.geometry(of: sweep.bar, position: p)
                for problem in problems(in: ltr, bar: sweep.bar) { failures.append("\(sweep.name) p \(p): \(problem)") }
                var rtlBar = sweep.bar
                rtlBar.direction = .rightToLeft
                let rtl = renderer.geometry(of: rtlBar, position: p)
                for problem in problems(in: rtl, bar: rtlBar) { failures.append("\(sweep.name) rtl p \(p): \(problem)") }
                if let problem = mirrorProblem(ltr, rtl) { failures.append("\(sweep.name) p \(p): \(problem)") }
                checked += 1
            }
            // A tap's jump, first button to last and back, mid-way.
            let resolved = sweep.bar.resolved()
            for (from, to) in [(0.0, last), (last, 0.0)] {
                for t in [0.25, 0.5, 0.75] {
                    let jump = renderer.geometry(of: resolved, jumpingFrom: from, to: to, progress: t)
                    for problem in problems(in: jump, bar: sweep.bar, atRest: false) { failures.append("\(sweep.name) jump \(from)→\(to) at \(t): \(problem)") }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 4_000)
        XCTAssertEqual(failures.count, 0, "\(failures.count) failures; the first:\n" + failures.prefix(40).joined(separator: "\n"))
    }

    /// The pixels agree: outside every frame the geometry names, only the bar's background is
    /// drawn — so the geometry's invariants above are the picture's. One swipe position and the
    /// widest badge per preset × style × indicator, at 1×.
    func testNothingIsDrawnOutsideTheFramesTheGeometryNames() throws {
        var failures: [String] = []
        for sweep in cases() where sweep.bar.textScale == 1.5 && sweep.bar.button.lines == 1
            && (sweep.bar.items[1].badge == "99+" || !(sweep.bar.button.style?.isDrawn ?? true)) {
            let g = renderer.geometry(of: sweep.bar, position: 0.5)
            let image = try renderer.image(of: g, scale: 1)
            guard let background = g.background else { continue }
            var frames = g.buttons.flatMap { [$0.titleFrame, $0.iconFrame, $0.badge?.frame ?? .zero, $0.background?.frame ?? .zero] }
            frames += [g.indicator?.frame ?? .zero, g.selectedBackground?.frame ?? .zero] + g.separators.map(\.frame)
            let drawn = (frames.filter { $0.width > 0 } + g.hairlines).map { $0.offsetBy(dx: -g.scrollOffset) }
            let expected = [background.red, background.green, background.blue].map { UInt8(($0 * 255).rounded()) }
            var stray = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    // one pixel of anti-aliasing around every frame
                    let px = Rect(x: Double(x) - 1, y: Double(y) - 1, width: 3, height: 3)
                    guard !drawn.contains(where: { $0.intersects(px) }) else { continue }
                    let p = image[x, y]
                    if zip([p.r, p.g, p.b], expected).contains(where: { abs(Int($0) - Int($1)) > 2 }) { stray += 1 }
                }
            }
            if stray > 0 { failures.append("\(sweep.name): \(stray) pixels drawn outside every frame") }
        }
        XCTAssertEqual(failures, [])
    }

    /// A tap from the first button to the last of a bar that scrolls (tabBar, 8 items: the issue's
    /// case) and back: mid-jump, the hairline runs along the whole visible edge and every badge
    /// stays with its button. They stayed where one end had them while the content scrolled.
    func testJumpsInScrollingBarsCarryEveryFrame() throws {
        var failures: [String] = []
        for preset in Preset.allCases where preset != .lineBar {
            let items = (0..<8).map { BarItem(title: "Item \($0)", badge: $0 % 3 == 0 ? "3" : nil) }
            var bar = Bar(preset: preset, width: 320, items: items)
            bar.separator = .on(HairlineSettings())
            let resolved = bar.resolved()
            for (from, to) in [(0.0, 7.0), (7.0, 0.0), (1.0, 6.0)] {
                for t in stride(from: 0.1, through: 0.9, by: 0.1) {
                    let g = renderer.geometry(of: resolved, jumpingFrom: from, to: to, progress: t)
                    let name = "\(preset.rawValue) jump \(from)→\(to) at \(t)"
                    if g.hairlines.isEmpty { failures.append("\(name): no hairline") }
                    for problem in problems(in: g, bar: bar, atRest: false) { failures.append("\(name): \(problem)") }
                    for (i, button) in g.buttons.enumerated() {
                        guard let badge = button.badge else { continue }
                        if badge.frame.maxX < button.frame.minX || badge.frame.minX > button.frame.maxX {
                            failures.append("\(name): button \(i)'s badge \(badge.frame) is away from its button \(button.frame)")
                        }
                    }
                }
            }
            // It scrolls: the jump moves the content.
            let start = renderer.geometry(of: resolved, position: 0), end = renderer.geometry(of: resolved, position: 7)
            XCTAssertNotEqual(start.scrollOffset, end.scrollOffset, "\(preset.rawValue) does not scroll with 8 items")
        }
        XCTAssertEqual(failures.count, 0, failures.prefix(20).joined(separator: "\n"))
    }

    /// What must hold in one geometry, in content coordinates.
    /// `atRest`: a position the bar rests at or swipes through; a jump's frame passes positions
    /// on the way without being at them (its pill goes straight from one end to the other).
    private func problems(in g: BarGeometry, bar: Bar, atRest: Bool = true) -> [String] {
        var found: [String] = []
        let canvas = Rect(x: 0, y: 0, width: g.contentWidth, height: g.height)
        let eps = 1e-6
        func inside(_ r: Rect) -> Bool {
            r.minX >= canvas.minX - eps && r.maxX <= canvas.maxX + eps && r.minY >= canvas.minY - eps && r.maxY <= canvas.maxY + eps
        }
        let titles = g.buttons.enumerated().filter { $0.element.titleFrame.width > 0 }
        for (i, button) in g.buttons.enumerated() {
            // Titles and icons stay on the canvas and inside their own button (ellipsized when narrower).
            for (what, frame) in [("title", button.titleFrame), ("icon", button.iconFrame)] where frame.width > 0 {
                if !inside(frame) { found.append("button \(i) \(what) \(frame) leaves the canvas \(canvas)") }
                if frame.minX < button.frame.minX - eps || frame.maxX > button.frame.maxX + eps {
                    found.append("button \(i) \(what) \(frame) leaves its button \(button.frame)")
                }
            }
            if button.titleFrame.width > 0, let text = button.text {
                let natural = renderer.measurer.measure(text, font: button.font).width
                if button.titleFrame.width < natural - 0.01 && !button.titleClipped {
                    found.append("button \(i) title \(button.titleFrame.width) pt is narrower than its text (\(natural) pt) but not ellipsized")
                }
            }
            if let badge = button.badge {
                if !inside(badge.frame) { found.append("button \(i) badge \(badge.frame) leaves the canvas") }
                for (j, other) in titles where other.titleFrame.intersects(badge.frame) {
                    found.append("button \(i) badge \(badge.frame) covers the title of button \(j) \(other.titleFrame)")
                }
                for (j, other) in g.buttons.enumerated() where j != i && other.iconFrame.intersects(badge.frame) {
                    found.append("button \(i) badge \(badge.frame) covers the icon of button \(j)")
                }
            }
        }
        if let indicator = g.indicator, indicator.display != .fill {
            for (j, button) in titles where button.titleFrame.intersects(indicator.frame) {
                found.append("\(indicator.style) indicator \(indicator.frame) covers the title of button \(j) \(button.titleFrame)")
            }
            let overscrolled = g.position < 0 || g.position > Double(g.buttons.count - 1)
            if !inside(indicator.frame) && !overscrolled {
                found.append("indicator \(indicator.frame) leaves the canvas")
            }
        }
        for line in g.hairlines {
            for (j, button) in titles where button.titleFrame.intersects(line) {
                found.append("hairline \(line) covers the title of button \(j)")
            }
            // A hairline runs along the whole visible edge, wherever the content has scrolled
            // (hairlines are in content coordinates, as every frame is).
            if abs(line.minX - g.scrollOffset) > eps || abs(line.width - g.width) > eps {
                found.append("hairline \(line) is not the visible edge \(g.scrollOffset)…\(g.scrollOffset + g.width)")
            }
        }
        if atRest, let pill = g.selectedBackground {
            let selected = g.buttons[Int(min(max(g.position, 0), Double(g.buttons.count - 1)).rounded())]
            if g.position == g.position.rounded(), selected.titleFrame.width > 0,
               !(pill.frame.minX <= selected.titleFrame.minX + eps && pill.frame.maxX >= selected.titleFrame.maxX - eps) {
                found.append("selected pill \(pill.frame) does not enclose its title \(selected.titleFrame)")
            }
        }
        return found
    }

    /// RTL is LTR mirrored inside the content: the same frames at x' = contentWidth − x − width.
    private func mirrorProblem(_ ltr: BarGeometry, _ rtl: BarGeometry) -> String? {
        let span = ltr.contentWidth
        func same(_ a: Rect, _ b: Rect) -> Bool {
            if a == .zero || b == .zero { return a == b }  // nothing there
            let m = a.mirrored(in: span)
            return abs(m.x - b.x) < 1e-6 && abs(m.y - b.y) < 1e-6 && abs(m.width - b.width) < 1e-6 && abs(m.height - b.height) < 1e-6
        }
        guard rtl.contentWidth == span, rtl.height == ltr.height, rtl.buttons.count == ltr.buttons.count else {
            return "RTL is \(rtl.contentWidth)×\(rtl.height), LTR \(span)×\(ltr.height)"
        }
        for (a, b) in zip(ltr.buttons, rtl.buttons) {
            for (what, x, y) in [("frame", a.frame, b.frame), ("title", a.titleFrame, b.titleFrame), ("icon", a.iconFrame, b.iconFrame),
                                 ("badge", a.badge?.frame ?? .zero, b.badge?.frame ?? .zero)] where !same(x, y) {
                return "RTL \(what) \(y) is not the mirror of LTR \(x)"
            }
        }
        if let a = ltr.indicator, let b = rtl.indicator, !same(a.frame, b.frame) {
            return "RTL indicator \(b.frame) is not the mirror of LTR \(a.frame)"
        }
        if abs(rtl.scrollOffset - (max(span - ltr.width, 0) - ltr.scrollOffset)) > 1e-6 {
            return "RTL scroll offset \(rtl.scrollOffset) does not mirror LTR \(ltr.scrollOffset)"
        }
        return nil
    }
}
