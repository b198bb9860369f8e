import Foundation
import Tabsnap
@testable import TabsnapSequence
import XCTest

/// The Lottie export's structure (`LottieDocument`), read back as JSON. Its pictures are held
/// to an independent player, rlottie, and its schema to lottie-specs in scripts/lottie-check.py
/// (run by scripts/test), where those tools are installed.
final class LottieTests: XCTestCase {
    private func document(_ yaml: String, _ transition: BarTransition) throws -> (json: [String: Any], bytes: [UInt8]) {
        let bytes = try FrameRenderer(bar: try SpecLoader.parse(yaml), transition: transition).lottie(name: "t")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return (json, bytes)
    }

    private func layers(_ json: [String: Any]) throws -> [[String: Any]] {
        try XCTUnwrap(json["layers"] as? [[String: Any]])
    }

    /// The items of a layer's one shape group.
    private func items(_ layer: [String: Any]) throws -> [[String: Any]] {
        let group = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first)
        return try XCTUnwrap(group["it"] as? [[String: Any]])
    }

    func testACompositionOfTheTransitionsFramesAndSize() throws {
        let transition = BarTransition(from: 0, to: 2, frames: 12, fps: 30)
        let (json, bytes) = try document("preset: tabBar\nwidth: 390\nitems: [{title: Home, icon: home}, {title: Search, icon: search}, {title: Me, icon: person, badge: '3'}]",
                                         transition)
        XCTAssertEqual(json["fr"] as? Double, 30)
        XCTAssertEqual(json["op"] as? Double, 12)
        XCTAssertEqual(json["w"] as? Double, 390)
        XCTAssertEqual(json["nm"] as? String, "t")
        let all = try layers(json)
        // Background, hairline, and each button's icon and title, and the badge and its value.
        let names = Set(all.compactMap { $0["nm"] as? String })
        XCTAssertEqual(names, ["background", "hairlines", "button-1", "button-2", "button-3", "badge-3"])
        for layer in all {
            let (start, end) = (try XCTUnwrap(layer["ip"] as? Double), try XCTUnwrap(layer["op"] as? Double))
            XCTAssertTrue(0 <= start && start < end && end <= 12, "\(layer["nm"] ?? "")")
            XCTAssertEqual(layer["ty"] as? Int, 4, "shape layers")
        }
        // Frames are keyframed at whole frames, inside the layer's span.
        let text = String(decoding: bytes, as: UTF8.self)
        for match in text.matches(of: /"t":(-?[0-9.]+)/) {
            let time = try XCTUnwrap(Double(match.1))
            XCTAssertTrue(time == time.rounded() && time >= 0 && time < 12, "keyframe at \(time)")
        }
        XCTAssertEqual(try document("preset: tabBar\nwidth: 390\nitems: [{title: Home, icon: home}, {title: Search, icon: search}, {title: Me, icon: person, badge: '3'}]",
                                    transition).bytes, bytes, "the same bytes every time")
    }

    /// A title that only slides (a scrolling bar) is one still path moved by its group; the
    /// indicator, which stretches, is keyframed.
    func testShapesThatOnlyMoveAreMovedNotRedrawn() throws {
        let (json, _) = try document("preset: tabs\nwidth: 320\nitems: [Inbox, Drafts, Sent, Archive, Spam, Trash, Settings]",
                                     BarTransition(from: 0, to: 5, frames: 20, fps: 60))
        let sent = try XCTUnwrap(try layers(json).first { layer in
            layer["nm"] as? String == "button-3" && (try? items(layer).contains { $0["ty"] as? String == "fl" }) == true
        }, "the title of Sent")
        XCTAssertEqual(try items(sent).filter { $0["ty"] as? String == "sh" }.count, 5, "S, e (2), n, t")
        let parts = try items(sent)
        for path in parts where path["ty"] as? String == "sh" {
            XCTAssertEqual((path["ks"] as? [String: Any])?["a"] as? Int, 0, "a still outline")
        }
        let transform = try XCTUnwrap(parts.last)
        XCTAssertEqual(transform["ty"] as? String, "tr")
        XCTAssertEqual((transform["p"] as? [String: Any])?["a"] as? Int, 1, "moved by its position")
    }

    /// Where the shapes change (a jump's blend brings both states' shapes), a new set of layers
    /// takes over: the spans of one part's layers never overlap, and together cover every frame.
    func testLayersTakeOverWhereTheShapesChange() throws {
        let transition = BarTransition(from: 0, steps: [.init(to: 2, kind: .jump, frames: 8)], fps: 30)
        let (json, _) = try document("width: 300\nitems: [One, Two, Three]\nindicator: {style: line}", transition)
        let indicator = try layers(json).filter { $0["nm"] as? String == "indicator" }
        XCTAssertFalse(indicator.isEmpty)
        var covered = Set<Int>()
        for layer in indicator {
            let span = Int(try XCTUnwrap(layer["ip"] as? Double))..<Int(try XCTUnwrap(layer["op"] as? Double))
            XCTAssertTrue(covered.isDisjoint(with: span), "overlapping spans")
            covered.formUnion(span)
        }
        XCTAssertEqual(covered, Set(0..<8))
    }

    /// What Lottie cannot hold here is one line naming it, never dropped.
    func testWhatDoesNotMapIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><rect width=\"24\" height=\"24\"/></svg>".utf8)
            .write(to: folder.appendingPathComponent("i.svg"))
        let transition = BarTransition(from: 0, to: 1, frames: 3, fps: 30)
        for (yaml, message) in [
            ("width: 300\nitems: [{markup: '<b>Bold</b>'}, B]", "Lottie: items[0]: markup text is not mapped"),
            ("preset: tabBar\nwidth: 300\nitems: [{title: A, icon: i.svg}, B]", "Lottie: items[0]: the icon file i.svg is not mapped"),
            // Round 34: a page image is named as one, at its place.
            ("screen: {pages: [placeholder, i.svg]}\nitems: [A, B]", "Lottie: screen.pages[1]: the page image i.svg is not mapped"),
            // Round 36 (minor): an emoji is refused at its place.
            ("width: 300\nitems: [A, \"Hi 😀\"]", "Lottie: items[1]: \"Hi 😀\" is set in a colour font (emoji)"),
            ("width: 300\nitems: [A, {title: B, badge: \"😀\"}]", "Lottie: items[1].badge: \"😀\" is set in a colour font (emoji)"),
            ("screen: {navigationTitle: \"Hi 😀\"}\nitems: [A, B]", "Lottie: screen.navigationTitle: \"Hi 😀\" is set in a colour font (emoji)"),
        ] {
            let bar = try SpecLoader.parse(yaml, baseDirectory: folder)
            XCTAssertThrowsError(try FrameRenderer(bar: bar, transition: transition).lottie(name: "t")) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
                XCTAssertFalse("\(error)".contains("\n"))
            }
        }
    }

    /// Round 34 F2: the document is built whole, so its points are bounded (9 600 frames of a
    /// phone screen took 6.3 GB): refused in one line once the frames pass the bound.
    func testTheDocumentsPointsAreBounded() throws {
        let titles = (1...12).map { "\"Title number \($0) of this bar\"" }.joined(separator: ", ")
        let bar = try SpecLoader.parse("preset: tabs\nwidth: 4000\nitems: [\(titles)]")
        let transition = BarTransition(from: 0, to: 11, frames: 2_000, fps: 60)
        var reached = 0
        XCTAssertThrowsError(try FrameRenderer(bar: bar, transition: transition).lottie(name: "t") { reached = $0 }) { error in
            XCTAssertTrue("\(error)".hasPrefix("Lottie: the transition's 2000 frames, about "), "\(error)")
            XCTAssertTrue("\(error)".contains("come to over 2 million points"), "\(error)")
        }
        XCTAssertLessThan(reached, 2_000, "refused as the points pass the bound, not after every frame")
    }

    func testNumbersAreWrittenToAThousandth() {
        XCTAssertEqual(JSONText.number(0.1 + 0.2), "0.3")
        XCTAssertEqual(JSONText.number(-0.0001), "0")
        XCTAssertEqual(JSONText.number(12), "12")
        XCTAssertEqual(JSONText.number(-1.5), "-1.5")
        XCTAssertEqual(JSONText.number(2.0 / 3), "0.667")
        XCTAssertEqual(JSONText.number(.nan), "0")
        XCTAssertEqual(JSONText.string("a\"b\\\n\u{1}").text, "\"a\\\"b\\\\\\n\\u0001\"")
    }

    /// A circle cairo closes with a curve back to its start is four vertices, the first taking
    /// the last curve's tangent.
    func testAClosedCurveEndsOnItsFirstVertex() {
        let k = 0.5522847498307936
        let circle = FlatSubpath(start: Point(x: 1, y: 0), segments: [
            .curve(Point(x: 1, y: k), Point(x: k, y: 1), Point(x: 0, y: 1)),
            .curve(Point(x: -k, y: 1), Point(x: -1, y: k), Point(x: -1, y: 0)),
            .curve(Point(x: -1, y: -k), Point(x: -k, y: -1), Point(x: 0, y: -1)),
            .curve(Point(x: k, y: -1), Point(x: 1, y: -k), Point(x: 1, y: 0)),
        ], closed: true)
        let bezier = LottieBezier(circle)
        XCTAssertEqual(bezier.vertices.count, 4)
        XCTAssertEqual(bezier.inTangents[0].x, 0, accuracy: 1e-12)
        XCTAssertEqual(bezier.inTangents[0].y, -k, accuracy: 1e-12)
        XCTAssertEqual(bezier.outTangents[0].y, k, accuracy: 1e-12)
        XCTAssertTrue(bezier.isPlaced(LottieBezier(circle), scale: 1, dx: 0, dy: 0))
        XCTAssertFalse(bezier.isPlaced(LottieBezier(circle), scale: 2, dx: 0, dy: 0))
    }
}
