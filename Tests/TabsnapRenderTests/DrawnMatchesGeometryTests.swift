import Tabsnap
import XCTest

/// The picture and `tabsnap layout`'s JSON cannot disagree: the draw list is built from the very
/// geometry the JSON encodes, shifted by the scroll offset.
final class DrawnMatchesGeometryTests: XCTestCase {
    private let renderer = Renderer()

    func testEveryDrawnPieceSitsWhereTheGeometrySays() throws {
        for preset in Preset.allCases {
            let items = preset == .lineBar ? "5" : "[Home, Search, Inbox, Profile, Settings]"
            let bar = try SpecLoader.parse("preset: \(preset.rawValue)\nwidth: 200\nitems: \(items)")
            for p in [-0.4, 0, 1.6, 4.3] {
                let g = renderer.geometry(of: bar, position: p)
                let list = renderer.drawList(of: bar, position: p)
                let texts = DrawCommand.flattened(list.commands).compactMap { command -> (String, Rect, RGBAColor)? in
                    if case .text(let run) = command, case .plain(let text) = run.content { return (text, run.frame, run.color) }
                    return nil
                }
                let titled = g.buttons.filter { $0.title != nil && bar.resolved().button.style != .hidden }
                XCTAssertEqual(texts.map(\.0), titled.map { $0.title! }, "\(preset) p=\(p)")
                for (drawn, button) in zip(texts, titled) {
                    XCTAssertEqual(drawn.1, button.titleFrame.offsetBy(dx: -g.scrollOffset))
                    XCTAssertEqual(drawn.2, button.color.multiplyingAlpha(by: button.alpha))
                }
                let rects = DrawCommand.flattened(list.commands).compactMap { command -> Rect? in
                    if case .rect(let rect, _, _) = command { return rect }
                    return nil
                }
                if let indicator = g.indicator {
                    XCTAssertTrue(rects.contains(indicator.frame.offsetBy(dx: -g.scrollOffset)), "\(preset) p=\(p)")
                }
            }
        }
    }
}
