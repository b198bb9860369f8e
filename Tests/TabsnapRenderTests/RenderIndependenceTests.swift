import Foundation
import Tabsnap
import TabsnapCheck
import TabsnapFuzzing
import XCTest

/// A render depends on its spec, position and scale only — never on what the renderer drew
/// before, the order of a suite, or how many threads share the work (issue 11: a bar with a
/// line-break title measured 132 pt alone and 90 pt after other renders).
final class RenderIndependenceTests: XCTestCase {
    /// The examples plus specs where text measurement is touchy: line breaks, wrapping, markup,
    /// badges, several presets and directions, different scales.
    static func specs() throws -> [(name: String, bar: Bar)] {
        var specs = try DemoGallery.entries().map { ($0.name, $0.bar) }
        let sweep: [(String, String)] = [
            ("newline-title", "width: 390\nscale: 2\nitems: [\"A\", \"B\"]\n"),
            ("wrapped", "width: 240\nscale: 3\nitems: [Notifications settings, B, C]\nlayout: {mode: fit}\nbutton: {lines: 2}\n"),
            ("markup", "width: 320\nscale: 2\nitems: [{markup: \"H<sub>2</sub>O\"}, {markup: \"<b>x</b><sup>2</sup>\"}, Plain]\n"),
            ("badged-rtl", "preset: tabBar\nwidth: 375\nscale: 1\ndirection: rtl\nitems: [{title: Inbox, icon: home, badge: 12}, {title: Me, icon: person, badge: \"\"}]\n"),
            ("scroll-big-text", "preset: buttonBar\nwidth: 300\nscale: 1.5\ntextScale: 2\nitems: [One, Two, Three, Four, Five, Six]\n"),
            ("segmented", "preset: buttonBar\nwidth: 300\nscale: 2\nitems: [Day, Week, Month]\nbutton: {selectedBackground: {style: pill}}\n"),
        ]
        for (name, text) in sweep { specs.append((name, try SpecLoader.parse(text, file: name))) }
        // (Line breaks, which once reached the renderer from Swift, are refused there too now:
        // TextRunCheckTests.)
        return specs
    }

    static let positions: [Double] = [0, 0.5, 1, -0.3]

    /// Each spec × position on a renderer of its own: the reference. (Pixels, not PNG bytes:
    /// the encoder is deterministic and tested elsewhere, and slow in a debug build.)
    private func alone(_ specs: [(name: String, bar: Bar)]) throws -> [String: RGBAImage] {
        var images: [String: RGBAImage] = [:]
        for spec in specs {
            for position in Self.positions {
                images["\(spec.name)@\(position)"] = try Renderer().image(of: spec.bar, position: position)
            }
        }
        return images
    }

    /// Size and a checksum: enough to tell two renders apart in a message.
    static func summary(_ image: RGBAImage?) -> String {
        guard let image else { return "nothing" }
        return "\(image.width)×\(image.height) px, checksum \(image.pixels.reduce(into: UInt32(0)) { $0 = $0 &* 31 &+ UInt32($1) })"
    }

    func testSuiteOrderDoesNotChangeAnyRender() throws {
        let specs = try Self.specs()
        let reference = try alone(specs)
        var generator = SeededGenerator(seed: 11)
        let orders = [Array(specs.indices), specs.indices.reversed()] + (0..<2).map { _ in specs.indices.shuffled(using: &generator) }
        for order in orders {
            let shared = Renderer()
            for index in order {
                for position in Self.positions.shuffled(using: &generator) {
                    let key = "\(specs[index].name)@\(position)"
                    let image = try shared.image(of: specs[index].bar, position: position)
                    XCTAssertTrue(image == reference[key], "\(key): \(Self.summary(image)), alone \(Self.summary(reference[key])), "
                                  + "after \(order.prefix { $0 != index }.map { specs[$0].name })")
                }
            }
        }
    }

    func testThreadCountDoesNotChangeAnyRender() throws {
        let specs = try Self.specs()
        let reference = try alone(specs)
        let jobs = specs.flatMap { spec in Self.positions.map { (spec, $0) } }
        for threads in [1, 2, 4] {
            let results = WorkerPool.map(count: jobs.count, threads: threads) { renderer, index in
                try? renderer.image(of: jobs[index].0.bar, position: jobs[index].1)
            }
            for (index, job) in jobs.enumerated() {
                let expected = reference["\(job.0.name)@\(job.1)"]
                XCTAssertTrue(results[index] == expected,
                              "\(job.0.name)@\(job.1) on \(threads) threads: \(Self.summary(results[index])), alone \(Self.summary(expected))")
            }
        }
    }

    func testEveryFrameOfATransitionHasOneSize() throws {
        // Was a trap ("frame size differs") when measuring depended on the frame drawn before.
        var bar = try SpecLoader.parse("width: 390\nscale: 1\nitems: [A, X, B]\n")
        // A title whose line height comes from several fallback fonts (a line break, which did it
        // once, is refused now).
        bar.items[1] = BarItem(title: "Ünï 漢字 🔥 البريد")
        let transition = BarTransition(from: 0, to: 2, frames: 9)
        var sizes = Set<String>()
        try FrameRenderer(bar: bar, transition: transition, threads: 2).render { _, image in sizes.insert("\(image.width)×\(image.height)") }
        XCTAssertEqual(sizes.count, 1, "\(sizes)")
        XCTAssertEqual(sizes.first, "\(390)×\(Int(try Renderer().image(of: bar).height))")
    }
}
