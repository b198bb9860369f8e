import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// A button of the test's own, as the seed's Tinder bar has one (Tabman's "Going Custom"): an icon
/// that grows from 75 % and takes the selected tint as it is selected, pushed towards the focus by
/// Tinder's container offset, with a dot of its own under it that fades in with the selection.
private struct TinderButton: BarButton {
    var iconSize = 26.0

    var name: String { "tinder" }
    var drawsTitles: Bool { false }

    func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize {
        ButtonSize(natural: Size(width: iconSize + 20, height: iconSize + 16))
    }

    func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
        let side = iconSize * (0.75 + 0.25 * context.selection)
        let centre = context.frame.midX + context.offset * side / 2
        let icon = Rect(x: centre - side / 2, y: context.frame.midY - side / 2 - 3, width: side, height: side)
        let dot = Rect(x: centre - 2, y: icon.maxY + 3, width: 4, height: 4)
        let env = context.environment
        return ButtonContent(color: env.tint.interpolated(to: env.selectedTint, by: context.selection),
                             icon: item.icon.map { ButtonIcon(image: $0) }, iconFrame: icon, badgeAnchor: icon,
                             restingContent: icon, parts: [ButtonPart(name: "dot", frame: dot)])
    }

    func draw(_ button: ButtonGeometry, direction: BarDirection) -> [DrawCommand] {
        var commands = button.standardCommands()
        if let dot = button.parts.first(where: { $0.name == "dot" }), button.selection > 0 {
            commands.append(.fill(.ellipse(in: dot.frame), paint: .color(button.color.multiplyingAlpha(by: button.selection)),
                                  rule: .nonZero))
        }
        return commands
    }
}

/// A bar's buttons can be any `BarButton`: measured once, placed at every selection, mirrored by
/// placement, badged and backed by the bar, and drawn in every output like the built-ins.
final class CustomButtonTests: XCTestCase {
    private let renderer = Renderer()

    private func bar(direction: BarDirection = .leftToRight) -> Bar {
        let icons: [BuiltinIcon] = [.home, .heart, .mail, .person]
        var bar = Bar(preset: .buttonBar, width: 300, items: icons.map { BarItem(icon: .builtin($0)) })
        bar.items[2].badge = "3"
        bar.layout.mode = .fit
        bar.indicator.style = .hidden
        bar.customButton = AnyBarButton(TinderButton())
        bar.direction = direction
        return bar
    }

    func testTintScaleAndOffsetFollowTheSelection() throws {
        let resolved = bar().resolved()
        for p in [0, 0.5, 1, 2.25] {
            let g = renderer.geometry(of: bar(), position: p)
            XCTAssertEqual(g.height, 26 + 16, "a bar of intrinsic height is as tall as the natural size")
            for (i, button) in g.buttons.enumerated() {
                let v = max(0, 1 - abs(p - Double(i)))
                XCTAssertEqual(button.selection, v, accuracy: 1e-12)
                XCTAssertEqual(button.iconFrame.width, 26 * (0.75 + 0.25 * v), accuracy: 1e-9, "scale at \(p), button \(i)")
                XCTAssertEqual(button.color, resolved.button.tint.interpolated(to: resolved.button.selectedTint, by: v))
                let offset = min(max(p - Double(i), -1), 1)
                XCTAssertEqual(button.iconFrame.midX, button.frame.midX + offset * button.iconFrame.width / 2, accuracy: 1e-9)
                XCTAssertNil(button.title, "a button that draws no titles has none")
                XCTAssertEqual(button.parts.map(\.name), ["dot"])
            }
        }
        let badge = try XCTUnwrap(renderer.geometry(of: bar(), position: 0).buttons[2].badge)
        let icon = renderer.geometry(of: bar(), position: 0).buttons[2].iconFrame
        XCTAssertGreaterThan(badge.frame.midX, icon.midX, "the badge rides the icon's trailing corner")
        let json = String(decoding: try JSONEncoder().encode(renderer.geometry(of: bar(), position: 1)), as: UTF8.self)
        XCTAssertTrue(json.contains("\"parts\":[{") && json.contains("\"name\":\"dot\""), "parts are printed by tabsnap layout")
    }

    func testItPassesTheConformanceKit() {
        assertComponentConformance(of: bar())
    }

    func testRightToLeftMirrorsEveryFrameItPlaced() {
        for p in [0, 0.5, 3] {
            let ltr = renderer.geometry(of: bar(), position: p), rtl = renderer.geometry(of: bar(direction: .rightToLeft), position: p)
            for (a, b) in zip(ltr.buttons, rtl.buttons) {
                XCTAssertEqual(b.iconFrame.x, ltr.contentWidth - a.iconFrame.maxX, accuracy: 1e-9)
                XCTAssertEqual(b.parts[0].frame.x, ltr.contentWidth - a.parts[0].frame.maxX, accuracy: 1e-9)
            }
        }
    }

    func testASelectedBackgroundEnclosesWhatTheButtonReports() throws {
        var bar = bar()
        bar.button.selectedBackground = .on(SelectedBackground(style: .pill, motion: .slide))
        let g = renderer.geometry(of: bar, position: 1)
        let pill = try XCTUnwrap(g.selectedBackground)
        XCTAssertEqual(pill.frame.union(g.buttons[1].iconFrame), pill.frame, "the pill encloses the icon")
    }

    func testItIsDrawnInStillsAndTransitionsTheSameEachTime() throws {
        assertTabBarSnapshot(of: .bar(bar(), position: 0.5), scale: 2, named: "custom-button-tinder")
        assertTabBarSnapshot(of: .bar(bar(direction: .rightToLeft), position: 2), scale: 2, named: "custom-button-tinder-rtl")
        let transition = BarTransition(from: 0, steps: [.init(to: 3, kind: .swipe, frames: 6), .init(to: 1, kind: .jump, frames: 3)],
                                       fps: 10, loop: .times(1))
        assertTabBarSnapshot(of: .transition(bar(), transition), scale: 1, named: "custom-button-tinder-transition")
        for format in [OutputFormat.png, .svg, .pdf] {
            XCTAssertEqual(try renderer.render(bar(), format: format, position: 1.5),
                           try Renderer().render(bar(), format: format, position: 1.5), "\(format) is deterministic")
        }
        XCTAssertEqual(AnyBarButton(TinderButton()), AnyBarButton(TinderButton()))
        XCTAssertNotEqual(AnyBarButton(TinderButton()), AnyBarButton(TinderButton(iconSize: 30)))
        var plain = bar()
        plain.customButton = nil
        XCTAssertNotEqual(plain, bar(), "a bar's identity includes its button")
    }

    func testATabBarNamesItsComponentsByTypeAndErasesThemForEveryFace() throws {
        var base = bar()
        base.customButton = nil
        let tabBar = TabBar(layout: FitLayout(), button: TinderButton(), indicator: NoIndicator(), base: base)
        XCTAssertEqual(tabBar.bar.customButton, AnyBarButton(TinderButton()))
        XCTAssertEqual(tabBar.bar.customLayout, AnyBarLayout(FitLayout()))
        XCTAssertNil(renderer.geometry(of: tabBar.bar, position: 1).indicator, "NoIndicator places nothing")
        // The same picture as the spec-style bar with the same components.
        XCTAssertEqual(try renderer.render(tabBar.bar, format: .png, position: 1.5), try renderer.render(bar(), format: .png, position: 1.5))
    }
}
