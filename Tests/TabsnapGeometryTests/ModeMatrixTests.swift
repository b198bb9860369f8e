import TabsnapGeometry
import TabsnapModel
import XCTest

/// The rules checked as formulas over every layout mode, both directions, and integer, fractional
/// and overscroll positions (p from −0.5 to cap + 0.5).
final class ModeMatrixTests: XCTestCase {
    private let titles = ["Home", "Search", "Me", "Settings", "Notifications"]
    private let positions: [Double] = [-0.5, -0.2, 0, 0.3, 1, 1.5, 2.75, 3, 4, 4.2, 4.5]

    private func bars() -> [(String, Bar)] {
        var result: [(String, Bar)] = []
        for mode in LayoutMode.allCases {
            for direction in BarDirection.allCases {
                var bar = plainBar(width: 120, titles: titles)  // narrower than the content: scrolls
                bar.layout.mode = mode
                bar.direction = direction
                result.append(("\(mode.rawValue)/\(direction.rawValue)", bar))
            }
        }
        return result
    }

    func testSelectionSumsToOneAndPeaksAtTheClampedPosition() {
        for (name, bar) in bars() {
            for p in positions {
                let g = geometry(bar, at: p)
                let v = g.buttons.map(\.selection)
                XCTAssertEqual(v.reduce(0, +), 1, accuracy: 1e-12, "\(name) p=\(p)")
                let clamped = min(max(p, 0), 4)
                XCTAssertEqual(v[Int(clamped.rounded(.down))], 1 - (clamped - clamped.rounded(.down)), accuracy: 1e-12)
            }
        }
    }

    func testFocusIsTheInterpolatedFrame() {
        for (name, bar) in bars() {
            for p in positions {
                let g = geometry(bar, at: p)
                let clamped = min(max(p, 0), 4)
                let lower = Int(clamped.rounded(.down)), upper = Int(clamped.rounded(.up))
                let f = p < 0 || p > 4 ? 0 : p - p.rounded(.down)
                let a = g.buttons[lower].frame, b = g.buttons[upper].frame
                XCTAssertEqual(g.focus.width, a.width + (b.width - a.width) * f, accuracy: 1e-9, "\(name) p=\(p)")
                XCTAssertEqual(g.focus.x, a.x + (b.x - a.x) * f, accuracy: 1e-9, "\(name) p=\(p)")
                XCTAssertEqual(g.focus.height, g.height)
            }
        }
    }

    func testBounceOverscrollMovesByWidthTimesOverscroll() {
        for (name, bar) in bars() {
            let sign: Double = bar.direction == .leftToRight ? 1 : -1
            for p in [-0.5, -0.2] {
                let g = geometry(bar, at: p), rest = geometry(bar, at: 0)
                XCTAssertEqual(g.indicator!.frame.x, rest.indicator!.frame.x + sign * rest.indicator!.frame.width * p,
                               accuracy: 1e-9, "\(name) p=\(p)")
            }
            for p in [4.2, 4.5] {
                let g = geometry(bar, at: p), rest = geometry(bar, at: 4)
                XCTAssertEqual(g.indicator!.frame.x, rest.indicator!.frame.x + sign * rest.indicator!.frame.width * (p - 4),
                               accuracy: 1e-9, "\(name) p=\(p)")
            }
        }
    }

    func testScrollOffsetStaysInsideTheContentAndCentresTheFocus() {
        for (name, bar) in bars() {
            for p in positions {
                let g = geometry(bar, at: p)
                XCTAssertGreaterThanOrEqual(g.scrollOffset, 0, "\(name) p=\(p)")
                XCTAssertLessThanOrEqual(g.scrollOffset, max(g.contentWidth - g.width, 0) + 1e-9, "\(name) p=\(p)")
                let centred = g.focus.midX - g.width / 2
                if centred > 0 && centred < g.contentWidth - g.width {
                    XCTAssertEqual(g.scrollOffset, centred, accuracy: 1e-9, "\(name) p=\(p)")
                }
            }
        }
    }

    func testRightToLeftIsTheMirrorImage() {
        for mode in LayoutMode.allCases {
            var ltr = plainBar(width: 120, titles: titles)
            ltr.layout.mode = mode
            var rtl = ltr
            rtl.direction = .rightToLeft
            for p in positions {
                let a = geometry(ltr, at: p), b = geometry(rtl, at: p)
                let cw = a.contentWidth
                XCTAssertEqual(b.buttons.map(\.frame), a.buttons.map { $0.frame.mirrored(in: cw) }, "\(mode) p=\(p)")
                XCTAssertEqual(b.indicator!.frame, a.indicator!.frame.mirrored(in: cw), "\(mode) p=\(p)")
                XCTAssertEqual(b.scrollOffset, cw - a.width - a.scrollOffset, accuracy: 1e-9, "\(mode) p=\(p)")
                XCTAssertEqual(b.buttons.map(\.selection), a.buttons.map(\.selection))
            }
        }
    }

    func testEveryPresetRendersGeometryAcrossTheWholeRange() {
        for preset in Preset.allCases {
            let bar = Bar(preset: preset, width: 300, items: titles.map { BarItem(title: $0) })
            for p in stride(from: -0.5, through: 4.5, by: 0.125) {
                let g = geometry(bar, at: p)
                XCTAssertEqual(g.buttons.count, 5)
                XCTAssertTrue(g.height > 0, "\(preset) p=\(p)")
                XCTAssertTrue(g.buttons.allSatisfy { $0.frame.width > 0 && $0.frame.x.isFinite }, "\(preset) p=\(p)")
                XCTAssertEqual(g.indicator == nil, bar.resolved().indicator.style == .hidden)
            }
        }
    }
}
