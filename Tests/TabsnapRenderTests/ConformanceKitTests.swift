import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// A button that counts the pictures it placed: not a pure function of its arguments.
private final class Counter: @unchecked Sendable {
    var value = 0
}
nonisolated(unsafe) private let placements = Counter()

private struct CountingButton: BarButton {
    var name: String { "counting" }
    func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize { ButtonSize(natural: Size(width: 40, height: 30)) }
    func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
        placements.value += 1
        let side = Double(8 + placements.value % 9)
        let icon = Rect(x: context.frame.midX - side / 2, y: context.frame.midY - side / 2, width: side, height: side)
        return ButtonContent(color: .black, icon: item.icon.map { ButtonIcon(image: $0) }, iconFrame: icon, badgeAnchor: icon)
    }
}

/// A button whose icon spills into the next button.
private struct SpillingButton: BarButton {
    var name: String { "spilling" }
    func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize { ButtonSize(natural: Size(width: 40, height: 30)) }
    func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
        let icon = Rect(x: context.frame.maxX - 10, y: context.frame.minY, width: 24, height: 24)
        return ButtonContent(color: .black, icon: item.icon.map { ButtonIcon(image: $0) }, iconFrame: icon, badgeAnchor: icon)
    }
}

/// A title button with a font of its own that forgets the text scale.
private struct FixedTitleButton: BarButton {
    var name: String { "fixed-title" }
    func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize { ButtonSize(natural: Size(width: 60, height: 30)) }
    func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
        ButtonContent(color: .black, title: item.title, titleFrame: context.frame.insetBy(Insets(left: 4, right: 4, top: 6, bottom: 6)),
                      font: FontSpec(size: 13), badgeAnchor: context.frame)
    }
}

/// A layout that mirrors itself in right-to-left, on top of the bar's mirroring of its placement.
private struct SelfMirroringLayout: BarLayout {
    var name: String { "self-mirroring" }
    func place(_ request: LayoutRequest) -> ButtonPlacement {
        let widths = request.naturalWidths.enumerated().map { Double(40 + 10 * $0.offset) }
        let ordered = request.environment.direction == .rightToLeft ? widths.reversed() : widths
        return .sequential(widths: ordered, start: request.insets.left, spacing: 0, insets: request.insets, barWidth: request.barWidth)
    }
}

/// The conformance kit users run on their components: the built-ins pass it, and it catches a
/// component that is not pure, one that draws outside its button, and one that mirrors itself.
final class ConformanceKitTests: XCTestCase {
    private func bar(_ preset: Preset = .buttonBar) -> Bar {
        Bar(preset: preset, width: 320, items: [BarItem(title: "Home", icon: .builtin(.home)), BarItem(title: "Mail", icon: .builtin(.mail), badge: "3"),
                                                 BarItem(title: "Me", icon: .builtin(.person))])
    }

    func testTheBuiltInsConform() throws {
        for preset in [Preset.buttonBar, .tabBar, .tabs] {
            var bar = bar(preset)
            if preset == .buttonBar { bar.items = bar.items.map { BarItem(title: $0.title, badge: $0.badge) } }
            XCTAssertEqual(ComponentConformance.invariantProblems(of: bar), [], "\(preset)")
            XCTAssertEqual(ComponentConformance.determinismProblems(of: bar), [], "\(preset)")
            XCTAssertEqual(ComponentConformance.textScaleProblems(of: bar), [], "\(preset)")
        }
        XCTAssertEqual(ComponentConformance.positions(count: 3), [0, 0.5, 1, 1.5, 2, -0.35, 2.35])
    }

    func testItCatchesTitlesThatIgnoreTheTextScale() {
        var bar = bar()
        bar.customButton = AnyBarButton(FixedTitleButton())
        let problems = ComponentConformance.textScaleProblems(of: bar)
        XCTAssertEqual(problems.count, 3, "\(problems)")
        XCTAssertTrue(problems.first?.contains("button 0's title is 13.0 pt at text scale 1 and 13.0 pt at 2") == true, "\(problems)")
    }

    func testItCatchesAComponentThatIsNotPure() {
        var bar = bar(.tabBar)
        bar.customButton = AnyBarButton(CountingButton())
        let problems = ComponentConformance.determinismProblems(of: bar)
        XCTAssertFalse(problems.isEmpty, "a counter changes the pictures")
        XCTAssertTrue(problems.contains { $0.contains("differs") }, "\(problems)")
    }

    func testItCatchesContentOutsideItsButtonAndSelfMirroring() {
        var spilling = bar(.tabBar)
        spilling.layout.mode = .fit
        spilling.customButton = AnyBarButton(SpillingButton())
        XCTAssertTrue(ComponentConformance.invariantProblems(of: spilling).contains { $0.contains("leaves its button") })
        var mirroring = bar()
        mirroring.customLayout = AnyBarLayout(SelfMirroringLayout())
        XCTAssertTrue(ComponentConformance.invariantProblems(of: mirroring).contains { $0.contains("is not the mirror") },
                      "\(ComponentConformance.invariantProblems(of: mirroring))")
    }
}
