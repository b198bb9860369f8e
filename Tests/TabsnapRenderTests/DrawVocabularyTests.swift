import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// The open draw vocabulary: paths filled (non-zero and even-odd, colour and gradients) and
/// stroked (caps, joins, dashes), groups with opacity, clip, transform and mask — drawn by hand
/// through the public painters, as a custom component would, in every output format.
final class DrawVocabularyTests: XCTestCase {
    private let blue = RGBAColor(red: 0, green: 0.48, blue: 1)
    private let red = RGBAColor(red: 1, green: 0.23, blue: 0.19)

    /// One of everything on a 240 × 80 pt canvas.
    private var sampler: DrawList {
        let ring = VectorPath(VectorPath.ellipse(in: Rect(x: 8, y: 8, width: 48, height: 48)).ops
            + VectorPath.ellipse(in: Rect(x: 20, y: 20, width: 24, height: 24)).ops)
        let wave = VectorPath([.move(66, 60), .quad(80, 20, 94, 60), .curve(100, 80, 112, 20, 120, 40)])
        let gradient = LinearGradient(start: Point(x: 128, y: 0), end: Point(x: 168, y: 0),
                                      stops: [GradientStop(offset: 0, color: blue), GradientStop(offset: 1, color: red)])
        let glow = RadialGradient(center: Point(x: 196, y: 32), radius: 24,
                                  stops: [GradientStop(offset: 0, color: red), GradientStop(offset: 1, color: red.multiplyingAlpha(by: 0))])
        let badge: [DrawCommand] = [
            .rect(Rect(x: -10, y: -6, width: 20, height: 12), color: blue, cornerRadius: 6),
            .icon(IconRun(icon: .builtin(.star), frame: Rect(x: -5, y: -5, width: 10, height: 10), tint: .white, alpha: 1)),
        ]
        return DrawList(size: Size(width: 240, height: 80), commands: [
            .rect(Rect(x: 0, y: 0, width: 240, height: 80), color: .white, cornerRadius: 0),
            .fill(ring, paint: .color(blue), rule: .evenOdd),
            .stroke(wave, paint: .color(red), style: StrokeStyle(width: 3, cap: .round, join: .round, dash: [6, 5])),
            .fill(.rect(Rect(x: 128, y: 8, width: 40, height: 48)), paint: .linearGradient(gradient)),
            .fill(.ellipse(in: Rect(x: 172, y: 8, width: 48, height: 48)), paint: .radialGradient(glow)),
            // Rotated a quarter and doubled about (40, 68), clipped to the bottom-left strip, at half opacity.
            .group(DrawGroup(badge, opacity: 0.5, clip: .rect(Rect(x: 0, y: 60, width: 60, height: 20)),
                             transform: DrawTransform.rotation(degrees: 90).then(.scale(x: 2, y: 2)).then(.translation(x: 40, y: 68)))),
            .group(DrawGroup([.text(TextRun(content: .plain("Faded"), font: FontSpec(size: 13), color: .black, frame: Rect(x: 80, y: 62, width: 80, height: 16)))],
                             mask: LinearGradient(start: Point(x: 80, y: 0), end: Point(x: 130, y: 0),
                                                  stops: [GradientStop(offset: 0, color: .black), GradientStop(offset: 1, color: .black.multiplyingAlpha(by: 0))]))),
        ])
    }

    func testEveryCommandDrawsInEveryFormatTheSameEachTime() throws {
        let renderer = Renderer()
        let image = try ImagePainter(renderer: renderer, scale: 2).paint(sampler)
        assertTabBarSnapshot(of: .image(image), named: "draw-vocabulary")
        // The same through the open subjects: a draw list, and a factory of the test's own.
        assertTabBarSnapshot(of: .drawList(sampler), named: "draw-vocabulary")
        assertTabBarSnapshot(of: .sampler(sampler), named: "draw-vocabulary")
        XCTAssertTrue(try ImagePainter(renderer: Renderer(), scale: 2).paint(sampler) == image, "another renderer, the same pixels")
        for format in [OutputFormat.png, .svg, .pdf] {
            let bytes = try FilePainter(renderer: renderer, format: format, scale: 1).paint(sampler)
            XCTAssertTrue(bytes == (try FilePainter(renderer: Renderer(), format: format, scale: 1).paint(sampler)), "\(format) differs between runs")
            XCTAssertGreaterThan(bytes.count, 500, "\(format)")
        }
        let svg = String(decoding: try FilePainter(renderer: renderer, format: .svg).paint(sampler), as: UTF8.self)
        XCTAssertTrue(svg.contains("evenodd") && svg.contains("stroke-dasharray") && svg.contains("radialGradient") && svg.contains("linearGradient"),
                      "the SVG keeps the shapes as vectors")
    }

    /// A quadratic curve is drawn as the cubic with its control points at two thirds.
    func testAQuadraticCurveIsItsCubic() throws {
        func list(_ op: VectorOp) -> DrawList {
            DrawList(size: Size(width: 40, height: 40), commands: [.stroke(VectorPath([.move(4, 36), op]), paint: .color(.black), style: StrokeStyle(width: 2))])
        }
        let renderer = Renderer()
        let quad = try renderer.image(of: list(.quad(20, 0, 36, 36)), scale: 2)
        let cubic = try renderer.image(of: list(.curve(4 + 2.0 / 3 * 16, 36 - 2.0 / 3 * 36, 36 - 2.0 / 3 * 16, 36 - 2.0 / 3 * 36, 36, 36)), scale: 2)
        XCTAssertTrue(quad == cubic)
    }

    /// What a recording painter reports: leaves in paint order, the groups' transforms composed
    /// (inner first), opacities multiplied, clips and masks counted.
    func testTheRecordingPainterSeesWhatTheGroupsDo() {
        let steps = RecordingPainter().paint(sampler)
        XCTAssertEqual(steps.count, 8)
        XCTAssertEqual(steps.filter { $0.depth == 1 }.count, 3)
        let star = steps[6]
        guard case .icon = star.command else { return XCTFail("the star icon is the seventh leaf") }
        XCTAssertEqual(star.opacity, 0.5)
        XCTAssertEqual(star.clips, 1)
        let corner = star.transform.apply(to: Point(x: 1, y: 0))
        XCTAssertEqual(corner.x, 40, accuracy: 1e-9, "rotated a quarter: x goes to y, doubled")
        XCTAssertEqual(corner.y, 70, accuracy: 1e-9)
        XCTAssertEqual(steps.last?.masks, 1)
    }

    /// A chevron is a triangle path now; the list a bar makes says so.
    func testTheChevronIsAPath() throws {
        let bar = try SpecLoader.parse("width: 200\nitems: [A, B]\nindicator: {style: chevron}")
        let fills = DrawCommand.flattened(Renderer().drawList(of: bar, position: 0).commands).filter { if case .fill = $0 { true } else { false } }
        XCTAssertEqual(fills.count, 1)
        guard case .fill(let path, _, let rule) = fills[0] else { return }
        XCTAssertEqual(rule, .nonZero)
        XCTAssertEqual(path.ops.count, 4)
    }
}

extension SnapshotSubject {
    /// A subject a user adds: the list at twice the scale asked (so 1 gives the 2× golden).
    fileprivate static func sampler(_ list: DrawList) -> SnapshotSubject {
        SnapshotSubject { renderer, scale in
            let image = try renderer.image(of: list, scale: 2 * (scale ?? 1))
            return FrameSource(count: 1) { _ in AnimationFrame(still: image) }
        }
    }
}
