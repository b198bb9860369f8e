import Foundation
import TabsnapModel
import TabsnapSpec
import XCTest

/// A layout with settings of each kind a spec writes: a number, an optional colour, a choice and
/// a nested mapping.
private struct PaddedLayout: BarLayout, Codable {
    enum Edge: String, Codable, CaseIterable { case leading, both }
    struct Padding: Codable, Hashable { var fraction: Double }

    var padding: Padding
    var edge: Edge?
    var tint: RGBAColor?

    var name: String { "padded" }
    func place(_ request: LayoutRequest) -> ButtonPlacement {
        let pad = request.barWidth * padding.fraction
        return .sequential(widths: request.naturalWidths, start: pad, spacing: request.spacing, insets: request.insets,
                           barWidth: request.barWidth)
    }
}

/// A button that draws only icons, with a whole-number setting.
private struct DotButton: BarButton, Codable {
    var size: Int
    var name: String { "dot" }
    var drawsTitles: Bool { false }
    /// A key of the bar's own button section it has no use for: refused like a built-in's.
    var inertSettings: [InertSetting] { [InertSetting("selectedBackground", "a dot fills its slot, leaving no room behind it")] }
    func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize {
        ButtonSize(natural: Size(width: Double(size), height: Double(size)))
    }
    func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
        ButtonContent(color: context.environment.tint, icon: item.icon.map { ButtonIcon(image: $0) }, iconFrame: context.frame,
                      badgeAnchor: context.frame)
    }
}

/// An indicator with a font of its own (a label under the focus).
private struct LabelledIndicator: BarIndicator, Codable {
    var font: FontSpec
    var name: String { "labelled" }
    var displayMode: IndicatorDisplay { .bottom }
    func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? { nil }
    func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] { [] }
}

/// An indicator with no settings at all.
private struct BareIndicator: BarIndicator, Codable {
    var name: String { "bare" }
    var displayMode: IndicatorDisplay { .bottom }
    func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        IndicatorPlacement(frame: Rect(x: span.x, y: context.barHeight - 2, width: span.width, height: 2), color: .black)
    }
    func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] { [] }
}

/// A badge with a size and a font of its own.
private struct TagBadge: BarBadge, Codable {
    var side: Double
    var font: FontSpec?
    var name: String { "tag" }
    func size(of value: String, in environment: BarEnvironment) -> Size { Size(width: side, height: side) }
    func place(_ value: String, in frame: Rect, environment: BarEnvironment) -> BadgePlacement {
        BadgePlacement(color: .black, textColor: .white, font: font ?? FontSpec(size: 9), textFrame: frame)
    }
}

/// A selected background that fades, with a choice of its own.
private struct UnderlayBackground: BarSelectedBackground, Codable {
    enum Reach: String, Codable { case button, content }
    var reach: Reach
    var name: String { "underlay" }
    var motion: SelectedBackground.Motion { .fade }
    func shape(behind button: Rect, content: Rect, band: Rect, in environment: BarEnvironment) -> ShapeGeometry {
        ShapeGeometry(frame: reach == .button ? button : content, cornerRadius: 0, color: environment.selectedTint)
    }
}

/// Specs name registered components with `custom:`; their own keys are read through their
/// Codable form with the spec's rules, beside the bar's keys that apply to any component.
final class CustomComponentSpecTests: XCTestCase {
    private var components: ComponentRegistry {
        var components = ComponentRegistry()
        components.register(layout: PaddedLayout.self, as: "padded")
        components.register(button: DotButton.self, as: "dot")
        components.register(indicator: BareIndicator.self, as: "bare")
        components.register(indicator: LabelledIndicator.self, as: "labelled")
        components.register(badge: TagBadge.self, as: "tag")
        components.register(selectedBackground: UnderlayBackground.self, as: "underlay")
        return components
    }

    private func parse(_ text: String) throws(SpecError) -> Bar {
        try SpecLoader.parse(text, file: "bar.yaml", components: components)
    }

    private func assertError(_ text: String, line: Int, column: Int, contains fragments: [String], registry: ComponentRegistry? = nil,
                             file: StaticString = #filePath, at sourceLine: UInt = #line) {
        do {
            _ = try SpecLoader.parse(text, file: "bar.yaml", components: registry ?? components)
            XCTFail("expected an error", file: file, line: sourceLine)
        } catch {
            XCTAssertEqual([error.line, error.column], [line, column], "\(error)", file: file, line: sourceLine)
            for fragment in fragments {
                XCTAssertTrue(error.message.contains(fragment), "'\(error.message)' lacks '\(fragment)'", file: file, line: sourceLine)
            }
            XCTAssertFalse(error.description.contains("\n"), "one line", file: file, line: sourceLine)
        }
    }

    /// A font in a component's settings is held to the bundled and brought families, as
    /// `button.font` is (a family nobody has was drawn in a fallback).
    func testAComponentsFontsAreCheckedLikeTheBars() throws {
        assertError("width: 320\nitems: [A]\nindicator: {custom: labelled, font: \"Comic 15\"}", line: 3, column: 37,
                    contains: ["indicator.font: font family 'Comic' is not bundled"])
        XCTAssertEqual(try parse("width: 320\nitems: [A]\nindicator: {custom: labelled, font: \"DejaVu Sans 15\"}").customIndicator?.name, "labelled")
    }

    /// A component says which of its section's keys it ignores, as the built-ins do.
    func testAKeyTheComponentIgnoresIsRefusedAtItsPlace() {
        assertError("width: 320\nitems: [{icon: home}, {icon: mail}]\nbutton: {custom: dot, size: 8, selectedBackground: {style: pill}}",
                    line: 3, column: 52, contains: ["button.selectedBackground changes nothing here — a dot fills its slot, leaving no room behind it"])
    }

    func testRegisteredComponentsAreReadWithTheirSettingsBesideTheBarsKeys() throws {
        let bar = try parse("""
            width: 320
            items: [{icon: home}, {icon: mail}]
            layout: {custom: padded, padding: {fraction: 0.25}, edge: both, tint: "#FF0000", spacing: 4, fadeEdges: true}
            button: {custom: dot, size: 20, tint: "#00FF00"}
            indicator: {custom: bare}
            """)
        XCTAssertEqual(bar.customLayout, AnyBarLayout(PaddedLayout(padding: .init(fraction: 0.25), edge: .both,
                                                                   tint: RGBAColor(hex: "#FF0000"))))
        XCTAssertEqual(bar.layout.spacing, 4, "the bar's own layout keys still apply")
        XCTAssertEqual(bar.layout.fadeEdges, true, "no built-in mode rule judges a custom layout's fade")
        XCTAssertEqual(bar.customButton, AnyBarButton(DotButton(size: 20)))
        XCTAssertEqual(bar.button.tint, RGBAColor(hex: "#00FF00"))
        XCTAssertEqual(bar.customIndicator, AnyBarIndicator(BareIndicator()))
        // Written back as a spec writes it, and read again to the same bar.
        let again = try SpecLoader.parse(String(decoding: try JSONEncoder().encode(bar), as: UTF8.self), components: components)
        XCTAssertEqual(again, bar)
        guard case .map(let keys) = bar.specValue, case .map(let layout)? = keys.first(where: { $0.key == "layout" })?.value else {
            return XCTFail("a mapping")
        }
        XCTAssertEqual(layout.first?.key, "custom")
        XCTAssertEqual(layout.first?.value, .text("padded"))
    }

    /// Badges and the selected background are named like the triad, and written back the same way.
    func testBadgesAndSelectedBackgroundsAreComponentsToo() throws {
        let bar = try parse("""
            width: 320
            items: [{title: Home, badge: 3}, Mail]
            badges: {custom: tag, side: 12, font: "Inter bold 8"}
            button: {selectedBackground: {custom: underlay, reach: content}, tint: "#00FF00"}
            """)
        XCTAssertEqual(bar.customBadge, AnyBarBadge(TagBadge(side: 12, font: FontSpec(weight: .bold, size: 8))))
        XCTAssertEqual(bar.button.customSelectedBackground, AnyBarSelectedBackground(UnderlayBackground(reach: .content)))
        XCTAssertNil(bar.button.selectedBackground, "the built-in stays unset")
        XCTAssertEqual(bar.button.tint, RGBAColor(hex: "#00FF00"))
        let again = try SpecLoader.parse(String(decoding: try JSONEncoder().encode(bar), as: UTF8.self), components: components)
        XCTAssertEqual(again, bar)
        // Off and the built-in still read as before.
        XCTAssertEqual(try parse("width: 320\nitems: [A, B]\nbutton: {selectedBackground: none}").button.selectedBackground, .off)
        XCTAssertEqual(try parse("width: 320\nitems: [A, B]\nbutton: {selectedBackground: {motion: fade}}").button.selectedBackground,
                       .on(SelectedBackground(motion: .fade)))
    }

    func testBadgeAndBackgroundMistakesAreOneLineAtTheirPlace() {
        let head = "width: 320\nitems: [{title: Home, badge: 3}, Mail]\n"
        assertError(head + "badges: {custom: tga, side: 4}\n", line: 3, column: 18, contains: ["badges.custom", "unknown custom badges 'tga'", "tag"])
        assertError(head + "badges: {custom: tag, side: 4, color: red}\n", line: 3, column: 32, contains: ["unknown key 'color' in badges (tag)"])
        assertError(head + "badges: {custom: tag, side: 4, font: \"Comic 9\"}\n", line: 3, column: 38,
                    contains: ["badges.font: font family 'Comic' is not bundled"])
        assertError(head + "button: {selectedBackground: {custom: underlay, reach: far}}\n", line: 3, column: 56,
                    contains: ["button.selectedBackground.reach"])
        assertError(head + "button: {selectedBackground: {custom: underlay, reach: button, motion: slide}}\n", line: 3, column: 64,
                    contains: ["unknown key 'motion' in button.selectedBackground (underlay)"])
        // The built-in says which of its keys it ignores, as a component.
        assertError(head + "button: {selectedBackground: {style: pill, cornerRadius: 4}}\n", line: 3, column: 58,
                    contains: ["button.selectedBackground.cornerRadius changes nothing here — a pill's ends are fully rounded"])
        // A bar without badges refuses the section, custom or not.
        assertError("width: 320\nitems: [A, B]\nbadges: {custom: tag, side: 4}\n", line: 3, column: 9,
                    contains: ["badges changes nothing here — no item has a badge"])
    }

    func testEveryMistakeIsOneLineAtItsPlace() {
        let head = "width: 320\nitems: [{icon: home}]\n"
        assertError(head + "layout: {custom: paded}\n", line: 3, column: 18, contains: ["layout.custom", "unknown custom layout 'paded'", "padded"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 0.2}, paddin: 3}\n", line: 3, column: 52,
                    contains: ["unknown key 'paddin' in layout (padded)", "padding"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 0.2}, mode: fit}\n", line: 3, column: 52,
                    contains: ["unknown key 'mode' in layout (padded)"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 0.2, size: 3}}\n", line: 3, column: 51,
                    contains: ["unknown key 'size' in layout.padding (padded)", "fraction"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 1e9}}\n", line: 3, column: 46,
                    contains: ["layout.padding.fraction", "out of range"])
        assertError(head + "layout: {custom: padded, padding: {fraction: wide}}\n", line: 3, column: 46,
                    contains: ["layout.padding.fraction", "expected a number, got 'wide'"])
        assertError(head + "layout: {custom: padded}\n", line: 3, column: 9, contains: ["missing required key 'padding' in layout (padded)"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 0.2}, edge: middle}\n", line: 3, column: 58,
                    contains: ["layout.edge", "unknown value 'middle'", "leading, both"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 0.2}, tint: red}\n", line: 3, column: 58,
                    contains: ["layout.tint", "not a colour"])
        assertError(head + "button: {custom: dot, size: 2.5}\n", line: 3, column: 29, contains: ["button.size", "whole number"])
        assertError(head + "button: {custom: dot, size: 20, font: \"Inter 17\"}\n", line: 3, column: 33,
                    contains: ["unknown key 'font' in button (dot); did you mean 'tint'?"])
        assertError(head + "indicator: {custom: bare, weight: heavy}\n", line: 3, column: 27, contains: ["unknown key 'weight' in indicator (bare)"])
        assertError(head + "layout: {custom: padded, padding: {fraction: 0.2}}\n", line: 3, column: 18,
                    contains: ["none are registered here", "TabsnapCommandLine.main(components:)", ".spec(_:components:)"], registry: ComponentRegistry())
    }

    func testItemsAreHeldToWhatTheCustomButtonDraws() {
        assertError("width: 320\nitems: [{title: Home, icon: home}]\nbutton: {custom: dot, size: 20}\n", line: 2, column: 17,
                    contains: ["items[0]", "the custom button dot draws no titles"])
    }
}
