import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// An indicator of the test's own, as an app would write one (Tabman's "Going Custom"): an ink
/// trail along the bottom edge, solid at its leading end and fading towards the trailing one, its
/// top corners rounded. It is asymmetric on purpose: right-to-left must place it mirrored and let
/// it draw its head on the right, not flip a finished picture.
private struct InkTrailIndicator: BarIndicator {
    var thickness = 3.0
    var inset = 10.0

    var name: String { "ink-trail" }
    var displayMode: IndicatorDisplay { .bottom }
    var overscroll: Overscroll { .compress }
    func edgeExtent(in environment: BarEnvironment) -> Double { thickness }

    func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        let width = max(span.width - 2 * inset, 0)
        let frame = Rect(x: span.x + (span.width - width) / 2, y: context.barHeight - thickness, width: width, height: thickness)
        return IndicatorPlacement(frame: frame, color: context.environment.selectedTint)
    }

    func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        let f = indicator.frame
        let r = f.height
        let shape = VectorPath([.move(f.minX, f.maxY), .line(f.minX, f.minY + r), .quad(f.minX, f.minY, f.minX + r, f.minY),
                                .line(f.maxX - r, f.minY), .quad(f.maxX, f.minY, f.maxX, f.minY + r), .line(f.maxX, f.maxY), .close])
        let head = direction == .leftToRight ? f.minX : f.maxX, tail = direction == .leftToRight ? f.maxX : f.minX
        let trail = LinearGradient(start: Point(x: head, y: 0), end: Point(x: tail, y: 0),
                                   stops: [GradientStop(offset: 0, color: indicator.color),
                                           GradientStop(offset: 1, color: indicator.color.multiplyingAlpha(by: 0.15))])
        return [.fill(shape, paint: .linearGradient(trail))]
    }
}

/// A second custom type, equal in fields, to check that type-erased indicators compare by type.
private struct OtherIndicator: BarIndicator {
    var name: String { "other" }
    var displayMode: IndicatorDisplay { .fill }
    func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? { nil }
    func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] { [] }
}

/// A bar's indicator can be any `BarIndicator`: placed on the focus through the overscroll rule,
/// kept clear of the titles, mirrored by placement in right-to-left, drawn in every format and
/// every transition, and compared like the built-ins.
final class CustomIndicatorTests: XCTestCase {
    private let renderer = Renderer()

    private func bar(direction: BarDirection = .leftToRight) -> Bar {
        var bar = Bar(preset: .buttonBar, width: 280, items: ["Inbox", "Archive", "Sent"].map { BarItem(title: $0) })
        bar.layout.mode = .fit
        bar.direction = direction
        bar.customIndicator = AnyBarIndicator(InkTrailIndicator())
        return bar
    }

    func testItFollowsTheFocusThroughTheOverscrollRuleAndKeepsTheTitlesClear() throws {
        for p in [0, 0.5, 1.25, 2] {
            let g = renderer.geometry(of: bar(), position: p)
            let indicator = try XCTUnwrap(g.indicator)
            XCTAssertEqual(indicator.style, "ink-trail")
            XCTAssertEqual(indicator.frame.midX, g.focus.midX, accuracy: 1e-9, "centred on the focus at \(p)")
            XCTAssertEqual(indicator.frame.width, g.focus.width - 20, accuracy: 1e-9)
            XCTAssertEqual(indicator.frame.maxY, g.height, accuracy: 1e-9, "on the bottom edge")
            for button in g.buttons {
                XCTAssertLessThanOrEqual(button.titleFrame.maxY, g.height - 3 + 1e-9, "titles clear of its room")
            }
        }
        // Compress past the last button: the right edge holds, the width shrinks.
        let rest = try XCTUnwrap(renderer.geometry(of: bar(), position: 2).indicator)
        let past = try XCTUnwrap(renderer.geometry(of: bar(), position: 2.25).indicator)
        XCTAssertEqual(past.frame.maxX, rest.frame.maxX, accuracy: 1e-9)
        XCTAssertLessThan(past.frame.width, rest.frame.width)
        let json = String(decoding: try JSONEncoder().encode(renderer.geometry(of: bar(), position: 1)), as: UTF8.self)
        XCTAssertTrue(json.contains("\"style\":\"ink-trail\""), json)
    }

    func testItPassesTheConformanceKit() {
        assertComponentConformance(of: bar())
    }

    func testRightToLeftPlacesItMirroredAndItDrawsItsHeadOnTheLeadingSide() throws {
        for p in [0, 0.5, 1.75] {
            let ltr = renderer.geometry(of: bar(), position: p), rtl = renderer.geometry(of: bar(direction: .rightToLeft), position: p)
            let a = try XCTUnwrap(ltr.indicator), b = try XCTUnwrap(rtl.indicator)
            XCTAssertEqual(b.frame.x, ltr.contentWidth - a.frame.maxX, accuracy: 1e-9, "mirrored placement at \(p)")
            for (geometry, headOnRight) in [(ltr, false), (rtl, true)] {
                let fills = DrawCommand.flattened(DrawList(geometry: geometry).commands).compactMap { command -> LinearGradient? in
                    if case .fill(_, .linearGradient(let gradient), _) = command { return gradient }
                    return nil
                }
                let trail = try XCTUnwrap(fills.first, "the trail is drawn")
                XCTAssertEqual(trail.start.x > trail.end.x, headOnRight, "the solid head leads in \(geometry.direction)")
            }
        }
    }

    func testItIsDrawnInEveryFormatAndEveryTransitionTheSameEachTime() throws {
        assertTabBarSnapshot(of: .bar(bar(), position: 0.5), named: "custom-indicator-ink-trail")
        assertTabBarSnapshot(of: .bar(bar(direction: .rightToLeft), position: 0.5), named: "custom-indicator-ink-trail-rtl")
        // A swipe with overscroll at both ends and a jump over the middle button.
        let transition = BarTransition(from: 0, steps: [
            .init(to: -0.3, kind: .swipe, frames: 2), .init(to: 2, kind: .swipe, frames: 4),
            .init(to: 2.3, kind: .swipe, frames: 2), .init(to: 0, kind: .jump, frames: 3),
        ], fps: 10, loop: .times(1))
        assertTabBarSnapshot(of: .transition(bar(), transition), scale: 1, named: "custom-indicator-ink-trail-transition")
        for format in [OutputFormat.png, .svg, .pdf] {
            let once = try renderer.render(bar(), format: format, position: 1.5)
            XCTAssertEqual(once, try Renderer().render(bar(), format: format, position: 1.5), "\(format) is deterministic")
        }
        let svg = String(decoding: try renderer.render(bar(), format: .svg, position: 1), as: UTF8.self)
        XCTAssertTrue(svg.contains("linearGradient"), "the trail stays a vector gradient in SVG")
    }

    func testTypeErasedIndicatorsCompareByTypeAndValue() {
        XCTAssertEqual(AnyBarIndicator(InkTrailIndicator()), AnyBarIndicator(InkTrailIndicator()))
        XCTAssertNotEqual(AnyBarIndicator(InkTrailIndicator()), AnyBarIndicator(InkTrailIndicator(thickness: 4)))
        XCTAssertNotEqual(AnyBarIndicator(OtherIndicator()), AnyBarIndicator(InkTrailIndicator()))
        XCTAssertEqual(AnyBarIndicator(AnyBarIndicator(OtherIndicator())), AnyBarIndicator(OtherIndicator()), "not wrapped twice")
        XCTAssertEqual(Set([AnyBarIndicator(OtherIndicator()), AnyBarIndicator(OtherIndicator())]).count, 1)
        var a = bar(), b = bar()
        XCTAssertEqual(a, b)
        b.customIndicator = AnyBarIndicator(InkTrailIndicator(inset: 4))
        XCTAssertNotEqual(a, b, "a bar's identity includes its indicator")
        a.customIndicator = nil
        XCTAssertNil(renderer.geometry(of: a).indicator.map { $0.style == "ink-trail" ? $0 : nil } ?? nil, "nil: the built-in")
    }

    func testAPlacementOfNilDrawsNothing() {
        var bar = bar()
        bar.customIndicator = AnyBarIndicator(OtherIndicator())
        XCTAssertNil(renderer.geometry(of: bar, position: 1).indicator)
    }
}
