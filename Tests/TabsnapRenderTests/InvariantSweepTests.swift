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
            let drawn = frames.filter { $0.width > 0 }.map { $0.offsetBy(dx: -g.scrollOffset) } + g.hairlines
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

    /// What must hold in one geometry, in content coordinates.
    private func problems(in g: BarGeometry, bar: Bar) -> [String] {
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
                found.append("\(indicator.style.rawValue) indicator \(indicator.frame) covers the title of button \(j) \(button.titleFrame)")
            }
            let overscrolled = g.position < 0 || g.position > Double(g.buttons.count - 1)
            if !inside(indicator.frame) && !overscrolled {
                found.append("indicator \(indicator.frame) leaves the canvas")
            }
        }
        for line in g.hairlines {
            let content = line.offsetBy(dx: g.scrollOffset)
            for (j, button) in titles where button.titleFrame.intersects(content) {
                found.append("hairline \(line) covers the title of button \(j)")
            }
        }
        if let pill = g.selectedBackground {
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
