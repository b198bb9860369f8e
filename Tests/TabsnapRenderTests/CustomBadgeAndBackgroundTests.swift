import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// A badge of the test's own: a square tag with a notch cut into its leading side (asymmetric on
/// purpose, so right-to-left must hand it the direction, not a flipped picture), its value in the
/// bar's selected tint.
private struct NotchedTagBadge: BarBadge {
    var side = 14.0
    var font = FontSpec(weight: .bold, size: 9)

    var name: String { "notched-tag" }
    var offset: BadgeOffset { BadgeOffset(x: 0, y: 2) }

    func size(of value: String, in environment: BarEnvironment) -> Size {
        guard !value.isEmpty else { return Size(width: 6, height: 6) }
        let text = environment.measurer.measure(value, font: font)
        return Size(width: max(text.width + 10, side), height: side)
    }

    func place(_ value: String, in frame: Rect, environment: BarEnvironment) -> BadgePlacement {
        let text = value.isEmpty ? .zero : environment.measurer.measure(value, font: font)
        return BadgePlacement(color: environment.selectedTint, textColor: .white, font: font,
                              textFrame: Rect(x: frame.midX + 1 - text.width / 2, y: frame.midY - text.height / 2,
                                              width: text.width, height: text.height), cornerRadius: 2)
    }

    func draw(_ badge: BadgeGeometry, direction: BarDirection) -> [DrawCommand] {
        let f = badge.frame, notch = f.height / 2
        let lead = direction == .leftToRight ? f.minX : f.maxX, trail = direction == .leftToRight ? f.maxX : f.minX
        let inward = direction == .leftToRight ? notch : -notch
        let tag = VectorPath([.move(lead, f.minY), .line(trail, f.minY), .line(trail, f.maxY), .line(lead, f.maxY),
                              .line(lead + inward, f.midY), .close])
        var commands: [DrawCommand] = [.fill(tag, paint: .color(badge.color))]
        if !badge.text.isEmpty {
            commands.append(.text(TextRun(content: .plain(badge.text), font: badge.font, color: badge.textColor, frame: badge.textFrame)))
        }
        return commands
    }
}

/// A selected background of the test's own: a tab-shaped shape rising from the bar's bottom edge
/// behind the button's content, its top corners rounded.
private struct RaisedTabBackground: BarSelectedBackground {
    var motion: SelectedBackground.Motion = .slide
    var name: String { "raised-tab" }

    func shape(behind button: Rect, content: Rect, band: Rect, in environment: BarEnvironment) -> ShapeGeometry {
        let top = max(content.minY - 4, band.minY)
        return ShapeGeometry(frame: Rect(x: button.minX + 2, y: top, width: max(button.width - 4, 0), height: band.maxY - top),
                             cornerRadius: 8, color: environment.selectedTint.withAlpha(0.18))
    }

    func draw(_ shape: ShapeGeometry, direction: BarDirection) -> [DrawCommand] {
        let f = shape.frame, r = min(shape.cornerRadius, f.width / 2, f.height)
        let tab = VectorPath([.move(f.minX, f.maxY), .line(f.minX, f.minY + r), .quad(f.minX, f.minY, f.minX + r, f.minY),
                              .line(f.maxX - r, f.minY), .quad(f.maxX, f.minY, f.maxX, f.minY + r), .line(f.maxX, f.maxY), .close])
        return [.fill(tab, paint: .color(shape.color))]
    }
}

/// Badges and the selected background are components like the triad's: the built-ins are
/// conformances going through the same doors as these, the bar keeps its rules (where a badge
/// sits, how the background slides or fades), and the component says its size, look and drawing.
final class CustomBadgeAndBackgroundTests: XCTestCase {
    private let renderer = Renderer()

    private func bar(direction: BarDirection = .leftToRight) -> Bar {
        var bar = Bar(preset: .buttonBar, width: 300, items: [BarItem(title: "Inbox", badge: "12"), BarItem(title: "Sent"),
                                                              BarItem(title: "Drafts", badge: "")])
        bar.layout.mode = .fit
        bar.direction = direction
        return bar
    }

    private func custom(_ bar: Bar) -> Bar {
        var bar = bar
        bar.customBadge = AnyBarBadge(NotchedTagBadge())
        bar.button.customSelectedBackground = AnyBarSelectedBackground(RaisedTabBackground())
        return bar
    }

    /// The built-ins given explicitly as components draw the same bytes as the bar's own
    /// settings: they are ordinary conformances.
    func testTheBuiltInsAreConformances() throws {
        var plain = bar()
        plain.badges.color = RGBAColor(hex: "#0A84FF")!
        plain.button.selectedBackground = .on(SelectedBackground(style: .roundedRect, cornerRadius: 6, motion: .fade))
        var explicit = plain
        explicit.customBadge = AnyBarBadge(StandardBadge(options: plain.badges))
        explicit.button.customSelectedBackground = AnyBarSelectedBackground(
            StandardSelectedBackground(options: SelectedBackground(style: .roundedRect, cornerRadius: 6, motion: .fade)))
        for p in [0, 0.5, 1.4] {
            XCTAssertEqual(try renderer.render(explicit, format: .png, position: p), try renderer.render(plain, format: .png, position: p), "p \(p)")
            XCTAssertEqual(try renderer.render(explicit, format: .svg, position: p), try renderer.render(plain, format: .svg, position: p), "p \(p)")
        }
    }

    /// The component's size makes the room beside the title; the bar places the badge there,
    /// moves it by the component's offset and asks the component for its look.
    func testTheBarPlacesTheComponentsBadge() throws {
        let g = renderer.geometry(of: custom(bar()), position: 0)
        let inbox = g.buttons[0], drafts = g.buttons[2]
        let badge = try XCTUnwrap(inbox.badge)
        let title = inbox.titleFrame
        XCTAssertEqual(badge.frame.height, 14)
        XCTAssertEqual(badge.frame.minX, title.maxX + BadgeMetrics.titleGap, accuracy: 1e-9, "beside the title, the gap kept")
        XCTAssertEqual(badge.frame.minY, title.minY - 7 + 2, accuracy: 1e-9, "centred on the title's top, moved 2 pt down")
        XCTAssertEqual(badge.cornerRadius, 2)
        XCTAssertEqual(badge.text, "12")
        XCTAssertLessThanOrEqual(badge.frame.maxX, inbox.frame.maxX + 1e-9, "room was made for it in its button")
        let dot = try XCTUnwrap(drafts.badge)
        XCTAssertEqual([dot.frame.width, dot.frame.height], [6, 6])
        // The built-in pill is wider for the same value: the room follows the component.
        let standard = renderer.geometry(of: bar(), position: 0)
        XCTAssertNotEqual(standard.buttons[0].badge?.frame.width, badge.frame.width)
    }

    /// The component's shape slides between buttons by the bar's rule (interpolated like the
    /// indicator, stopping at the ends) or fades with each button's selection.
    func testTheBarMovesTheComponentsBackground() throws {
        let bar = custom(bar())
        let at0 = try XCTUnwrap(renderer.geometry(of: bar, position: 0).selectedBackground)
        let at1 = try XCTUnwrap(renderer.geometry(of: bar, position: 1).selectedBackground)
        let mid = try XCTUnwrap(renderer.geometry(of: bar, position: 0.5).selectedBackground)
        XCTAssertEqual(mid.frame.minX, (at0.frame.minX + at1.frame.minX) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.frame.width, (at0.frame.width + at1.frame.width) / 2, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(renderer.geometry(of: bar, position: -0.4).selectedBackground), at0, "no overscroll")
        var fading = bar
        fading.button.customSelectedBackground = AnyBarSelectedBackground(RaisedTabBackground(motion: .fade))
        let g = renderer.geometry(of: fading, position: 0.25)
        XCTAssertNil(g.selectedBackground)
        XCTAssertEqual(g.buttons[0].background?.color.alpha ?? 0, 0.18 * 0.75, accuracy: 1e-6)
        XCTAssertEqual(g.buttons[1].background?.color.alpha ?? 0, 0.18 * 0.25, accuracy: 1e-6)
        XCTAssertNil(g.buttons[2].background)
    }

    /// The components draw what they return, in canvas coordinates, told the direction: the
    /// notch is on the badge's leading side in both directions.
    func testTheComponentsDrawAndKnowTheDirection() throws {
        for direction in [BarDirection.leftToRight, .rightToLeft] {
            let list = renderer.drawList(of: custom(bar(direction: direction)), position: 0)
            let fills = DrawCommand.flattened(list.commands).compactMap { command -> VectorPath? in
                if case .fill(let path, _, _) = command { return path }
                return nil
            }
            XCTAssertEqual(fills.count, 3, "two tags and one tab: \(direction)")
            let g = renderer.geometry(of: custom(bar(direction: direction)), position: 0)
            let badge = try XCTUnwrap(g.buttons[0].badge)
            let lead = direction == .leftToRight ? badge.frame.minX : badge.frame.maxX
            XCTAssertTrue(fills.contains { $0.ops.first == .move(lead, badge.frame.minY) }, "\(direction)")
        }
    }

    /// What the built-ins pass, these pass: determinism, on the canvas, right-to-left mirrored.
    func testTheyPassTheConformanceKit() {
        let bar = custom(bar())
        XCTAssertEqual(ComponentConformance.invariantProblems(of: bar), [])
        XCTAssertEqual(ComponentConformance.determinismProblems(of: bar), [])
    }

    /// A look at the two together, mid-swipe, in both directions.
    func testGoldens() {
        assertTabBarSnapshot(of: .bar(custom(bar()), position: 0.5), scale: 2, named: "custom-badge-and-background")
        assertTabBarSnapshot(of: .bar(custom(bar(direction: .rightToLeft)), position: 1), scale: 2, named: "custom-badge-and-background-rtl")
    }
}
