import Foundation
import Tabsnap
@testable import TabsnapCairo
import XCTest

/// What a spec brings — SVG icons and font files — is drawn first in a sandbox child with time
/// and memory limits (`SandboxChild`), so an icon or font whose drawing runs for minutes or takes
/// gigabytes is refused with one line instead of drawn. Each input here passed every static check
/// and, before the sandbox, drew with exit 0 after the figures in its comment.
final class SandboxTests: XCTestCase {
    var folder: URL!

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sandbox")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A bar of one icon (`svg`, made unique so no verdict of another test is reused).
    private func bar(icon svg: String, iconSize: Double = 24, scale: Double = 2) throws -> Bar {
        let unique = svg.replacingOccurrences(of: "<svg ", with: "<svg data-test=\"\(UUID().uuidString)\" ")
        try Data(unique.utf8).write(to: folder.appendingPathComponent("icon.svg"))
        return try SpecLoader.parse("""
            width: \(Int(iconSize) + 10)
            height: \(Int(iconSize) + 10)
            scale: \(Limits.format(scale))
            button: {style: icon, iconSize: \(Limits.format(iconSize))}
            items: [{icon: icon.svg}]
            """, baseDirectory: folder)
    }

    /// An icon far slower to check than to draw: 3 000 shapes under 40 rules (`marked`: a
    /// comment, so copies are distinct files to the sandbox).
    private static func slowToCheck(marked: String = "") -> String {
        let rules = (0..<40).map { ".c\($0){fill:#0\($0 % 10)0}" }.joined()
        let shapes = (0..<3_000).map { "<rect class=\"c\($0 % 40)\" x=\"\($0 % 24)\" width=\"1\" height=\"1\"/>" }.joined()
        return svg("<style>\(rules)</style>" + (marked.isEmpty ? "" : "<!--\(marked)-->") + shapes)
    }

    private static func svg(_ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\(body)</svg>"
    }

    /// A filter region 10⁴ times the icon's side: every primitive works on that many pixels.
    private static func filtered(_ primitives: String) -> String {
        svg("<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"-1e5\" y=\"-1e5\" width=\"2e5\" height=\"2e5\">\(primitives)</filter>"
            + "<rect width=\"24\" height=\"24\" filter=\"url(#f)\"/>")
    }

    private func assertRefused(_ bar: Bar, saying reasons: [String], naming file: String,
                               formats: [OutputFormat] = [.png], line: UInt = #line) {
        for format in formats {
            let started = Date()
            XCTAssertThrowsError(try Renderer().render(bar, format: format), line: line) { error in
                let message = "\(error)"
                XCTAssertTrue(reasons.contains { message.contains($0) }, "\(format): \(message)", line: line)
                XCTAssertTrue(message.contains(file), "names the file: \(message)", line: line)
                XCTAssertFalse(message.contains("\n"), "one line: \(message)", line: line)
            }
            // Within the budget's wall time: nobody waits for the icon's hours.
            XCTAssertLessThan(Date().timeIntervalSince(started), Double(Limits.sandboxWallSeconds), line: line)
        }
    }

    // MARK: Icons

    /// 300 turbulences of 10 octaves over the region: each primitive within the static checks,
    /// together seconds at 8× (on 0.15.0's checks, 300 morphology passes of radius 100 took
    /// minutes; their reach is refused before drawing now, `SVGFilterReach`).
    func testAnIconTooSlowToDrawIsRefused() throws {
        let icon = Self.filtered((0..<300).map { "<feTurbulence baseFrequency=\"0.0\($0 % 9 + 1)\" numOctaves=\"10\" result=\"r\($0)\"/>" }.joined())
        assertRefused(try bar(icon: icon, scale: 8), saying: ["takes over \(Limits.sandboxCPUSeconds) s to draw at 192×192 px"],
                      naming: "icon.svg")
    }

    /// 60 named floods of the region, each kept: 4 GB at a 500 pt icon at 8× before.
    func testAnIconTooLargeToDrawIsRefused() throws {
        let icon = Self.filtered((0..<60).map { "<feFlood result=\"r\($0)\"/>" }.joined())
        assertRefused(try bar(icon: icon, iconSize: 500, scale: 8), saying: ["needs over \(Limits.sandboxMemoryBytes >> 20) MB of memory to draw at 4000×4000 px"],
                      naming: "icon.svg")
    }

    /// Text pango cannot make a font for (drawn some 20 000 px high on this machine's cairo and
    /// FreeType, or at a size it cannot hold): it drew nothing, and two frames setting it at once
    /// in `animate` failed librsvg's drawing part way, leaving whole frames blank with exit 0
    /// (hostile round 59). Refused in the sandbox, where one drawing at a time makes the verdict
    /// the same every run. Text at ordinary sizes, in every script a bundled font draws, is drawn:
    /// pango warns of nothing there.
    func testAnIconWhoseTextIsTooLargeForPangoIsRefused() throws {
        func icon(fontSize: String, text: String = "AAAA") -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text x=\"0\" y=\"20\" font-size=\"\(fontSize)\">\(text)</text></svg>"
        }
        let refusal = ["cannot be drawn (pango cannot make a font for its <text> at the size it is drawn (its font-size times any transform); draw it smaller, or as paths)"]
        let drawnHuge = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><g transform=\"scale(100)\"><text y=\"10\" font-size=\"1000\">A</text></g></svg>"
        assertRefused(try bar(icon: drawnHuge), saying: refusal, naming: "icon.svg", formats: [.png, .svg, .pdf])
        // Set past what FreeType makes a font at, whatever the transform: said before pango fails
        // and before librsvg panics (font-size 1e7 crashed the child: round 66).
        for (fontSize, said) in [("1e6", "1000000"), ("65536", "65536"), ("1e7", "over 2 000 000")] {
            assertRefused(try bar(icon: icon(fontSize: fontSize)),
                          saying: ["its <text> is set at a font-size of \(said) units before any transform, past the 65 535 FreeType makes a font at; give it a smaller font-size and a larger transform"],
                          naming: "icon.svg", formats: [.png, .svg, .pdf])
        }
        let largestDrawn = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><g transform=\"scale(0.0003)\"><text y=\"60000\" font-size=\"65535\">A</text></g></svg>"
        XCTAssertNoThrow(try Renderer().render(bar(icon: largestDrawn), format: .png))
        for text in ["Aa", "مرحبا", "שלום", "สวัสดี", "नमस्ते", "日本", "한국"] {
            for fontSize in ["8", "200"] {
                let drawn = try bar(icon: icon(fontSize: fontSize, text: text), scale: 3)
                for format in [OutputFormat.png, .svg, .pdf] {
                    XCTAssertNoThrow(try Renderer().render(drawn, format: format), "\(text) at \(fontSize), \(format)")
                }
            }
        }
    }

    /// Text set under a unit of its own, made visible by a transform: librsvg hands pango
    /// the size in the text's own units, in 1/1024ths, so `font-size="0.0001"` in a group scaled
    /// 200 000 times (20 units high in a browser) drew nothing and sizes to about 0.1 drew
    /// distorted, exit 0 (hostile round 60). Five rounds found ways past a rule reading sizes
    /// from the icon's CSS (rounds 61 to 65); the probe now notes the sizes pango is asked for,
    /// where every way ends. Each body below is one of those ways; the ordinary icons after them
    /// were refused by that rule and are drawn.
    func testAnIconWhoseTextIsSetTooSmallIsRefused() throws {
        func icon(_ body: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>" }
        let scaled = "<g transform=\"scale(200000)\">%@</g>"
        let text = "<text y=\"0.0001\">A</text>"
        let chain = (1...100).map { "<g id=\"a\($0)\"><use href=\"#a\($0 - 1)\"/></g>" }.joined()
        let tooSmall = [
            String(format: scaled, "<text y=\"0.0001\" font-size=\"0.0001\">A</text>"),
            "<style>text { font: 0.0001px Inter }</style>" + String(format: scaled, text),
            "<style>g > text { font-size: 0.0001px }</style>" + String(format: scaled, text),
            "<style>g{font-size:0.1em}</style><g><g><g><g><g transform=\"scale(20000)\"><text y=\"0.01\">A</text></g></g></g></g></g>",
            String(format: scaled, "<text y=\"0.0001\" style=\"font:normal 0.0001px sans-serif\">A</text>"),
            String(format: scaled, "<g font-size=\"0.0001\"><text font-size=\"20\" style=\"font-size:inherit\" y=\"0.0001\">A</text></g>"),
            String(format: scaled, "<text y=\"0.0001\" font-size=\"12\">A<tspan font-size=\"0.0001\">B</tspan></text>"),
            "<defs><symbol id=\"s\" overflow=\"visible\"><text y=\"0.0001\" font-size=\"1em\">A</text></symbol></defs>"
                + String(format: scaled, "<use href=\"#s\" font-size=\"0.0001\"/>"),
            "<defs><g id=\"a0\"><text y=\"0.0001\">A</text></g>\(chain)</defs><use href=\"#a100\" font-size=\"0.0001\" transform=\"scale(200000)\"/>",
            "<text y=\"20\" font-size=\"0\">z</text>" + String(format: scaled, "<text y=\"0.0001\" font-size=\"0.0001\">A</text>"),
            // Round 65 and its review: a carriage return ends a CSS string, a combining mark after
            // a quote is still a quote, a size librsvg finds invalid inherits, and a link is a group.
            String(format: scaled, "<text style=\"font-family:'a&#13;;font-size:0.0001px\" y=\"0.0001\">A</text>"),
            "<style>text{font-family:\"a\"\u{301};font-size:0.0001px}</style>" + String(format: scaled, text),
            String(format: scaled, "<g font-size=\"0.0001\"><text y=\"0.0001\" font-size=\"2.px\">A</text></g>"),
            "<style>.l{font-size:0.0001px}</style><a class=\"l\" transform=\"scale(200000)\">\(text)</a>",
            "<g transform=\"scale(60)\"><text y=\"0.3\" font-size=\"0.3\">A</text></g>",
            "<g transform=\"scale(40)\"><text y=\"0.5\" font-size=\"0.5\">A</text></g>",
            "<text y=\"20\" font-size=\"0\">A</text>",
        ]
        for body in tooSmall {
            XCTAssertThrowsError(try Renderer().render(bar(icon: icon(body)), format: .png), body) { error in
                XCTAssertTrue("\(error)".contains("its <text> is set at a font-size of "), "\(body): \(error)")
            }
        }
        // A brace in a CSS string, which hid the size from a reading of the sheet, is refused
        // before (hostile round 96).
        let braced = "<style>text{font-family:\"}\";font-size:0.0001px}</style>" + String(format: scaled, text)
        XCTAssertThrowsError(try Renderer().render(bar(icon: icon(braced)), format: .png)) { error in
            XCTAssertTrue("\(error)".contains("the CSS string \"}\" holds { } ; or a comment mark"), "\(error)")
        }
        assertRefused(try bar(icon: icon(tooSmall[0])), saying: ["its <text> is set at a font-size of 0 or under 1/2048 of a unit before any transform, which librsvg draws as nothing (pango holds sizes in 1/1024ths); remove it, or give it a font-size of at least 1"],
                      naming: "icon.svg", formats: [.png, .svg, .pdf])
        assertRefused(try bar(icon: icon("<g transform=\"scale(60)\"><text y=\"0.3\" font-size=\"0.3\">A</text></g>")), saying: ["its <text> is set at a font-size of 0.3 units before any transform, which librsvg draws misshapen; give it a font-size of at least 1 and a smaller transform"],
                      naming: "icon.svg")
        let drawn = [
            "<g transform=\"scale(20)\"><text y=\"1\" font-size=\"1\">A</text></g>",
            "<defs><text id=\"unused\" y=\"0.0001\" font-size=\"0.0001\">A</text></defs><text y=\"20\" font-size=\"12\">A</text>",
            "<style>.unused { font-size: 0.0001px } rect > g { font-size: 1% }</style><text y=\"20\" font-size=\"12\">A</text>",
            "<text y=\"20\" style=\"font-size: 16px\" font-size=\"0.001\">A</text>",
            "<g font-size=\"0.001\"><rect width=\"4\" height=\"4\"/></g><text y=\"20\">A</text>",
            "<style>.sup{font-size:50%}</style><g><g><g><text y=\"20\" font-size=\"16\">A<tspan class=\"sup\">2</tspan></text></g></g></g>",
        ]
        for body in drawn {
            XCTAssertNoThrow(try Renderer().render(bar(icon: icon(body)), format: .png), body)
        }
        // Text large in its own units but drawn small (pango measures its fonts at the size
        // drawn, 0.1 px here, which is not the size set: code review of 99d7397).
        let large = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1000 1000\"><rect width=\"1000\" height=\"900\"/>"
            + "<text x=\"10\" y=\"990\" font-size=\"6\">(c) 2026</text><text x=\"500\" y=\"990\" font-size=\"20\">B</text></svg>"
        for format in [OutputFormat.png, .svg, .pdf] {
            XCTAssertNoThrow(try Renderer().render(bar(icon: large, iconSize: 16, scale: 1), format: format), "\(format)")
        }
    }

    func testIconsAreProbedOncePerContentAndSize() throws {
        let icon = Self.svg("<circle cx=\"12\" cy=\"12\" r=\"8\"/>")
        let small = try bar(icon: icon, scale: 1)
        let before = SandboxChild.started
        _ = try Renderer().render(small, format: .png)
        XCTAssertEqual(SandboxChild.started, before + 1, "one child for a new icon")
        _ = try Renderer().render(small, format: .png)
        _ = try Renderer().render(small, format: .png, position: 0.3)
        XCTAssertEqual(SandboxChild.started, before + 1, "a verdict is kept for the icon's content and size")
        _ = try Renderer().render(small, format: .png, scale: 3)
        XCTAssertEqual(SandboxChild.started, before + 2, "drawn larger: probed again")
        _ = try Renderer().render(small, format: .png, scale: 2)
        XCTAssertEqual(SandboxChild.started, before + 2, "drawn smaller than a size probed: no new child")
        _ = try Renderer().render(small, format: .pdf)
        XCTAssertEqual(SandboxChild.started, before + 3, "vector output is probed on its own")
        // The same bytes elsewhere: the verdict is the content's, not the path's.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("icon.svg"), to: folder.appendingPathComponent("copy.svg"))
        let copy = try SpecLoader.parse("width: 34\nheight: 34\nscale: 1\nbutton: {style: icon, iconSize: 24}\nitems: [{icon: copy.svg}]\n",
                                        baseDirectory: folder)
        _ = try Renderer().render(copy, format: .png)
        XCTAssertEqual(SandboxChild.started, before + 3)
    }

    /// Each icon within the limit, the bar's together not: an icon of just under 2 s on 30
    /// buttons took 31 s a frame. The time counts each time an icon is drawn; the budget (10 s)
    /// is lowered here to three times one icon's.
    func testTheBarsIconsTogetherHaveATimeBudget() throws {
        let blur = Self.svg("<filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter><circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/>")
            .replacingOccurrences(of: "<svg ", with: "<svg data-test=\"\(UUID().uuidString)\" ")
        try Data(blur.utf8).write(to: folder.appendingPathComponent("blur.svg"))
        func bar(uses: Int) throws -> Bar {
            let items = (0..<uses).map { "{title: B\($0), icon: blur.svg}" }.joined(separator: ", ")
            return try SpecLoader.parse("preset: tabBar\nwidth: \(100 * uses)\nscale: 8\nitems: [\(items)]\n", baseDirectory: folder)
        }
        let measuring = Renderer()
        _ = try measuring.render(try bar(uses: 1), format: .png)
        let once = measuring.iconMilliseconds
        XCTAssertGreaterThan(once, 0)
        // (Checking counts in each bar as it took, wherever the check ran: round 139.)
        let renderer = Renderer()
        _ = try renderer.render(try bar(uses: 1), format: .png)
        let checking = renderer.iconBudgetSpent - once
        XCTAssertGreaterThanOrEqual(checking, 0)
        renderer.iconTimeBudget = 3 * once + checking
        XCTAssertNoThrow(try renderer.render(try bar(uses: 3), format: .png))
        XCTAssertThrowsError(try renderer.render(try bar(uses: 4), format: .png)) { error in
            XCTAssertTrue("\(error)".contains("the bar's SVG icons take over"), "\(error)")
            // (One file drawn four times and checked: it is the whole cost.)
            XCTAssertTrue("\(error)".contains("(\(4 * once + checking) ms; this one \(4 * once + checking) ms)"), "\(error)")
        }
        XCTAssertNoThrow(try Renderer().render(try bar(uses: 4), format: .png), "within the real budget")
    }

    /// Hostile round 133: checking an icon (`SVGIconPreflight`, in this process) was not counted
    /// in the bar's budget: five icons of 20 000 elements took 15 s to check, with exit 0. It
    /// counts now, once, in the bar that reads the icon. This one takes far longer to check (3 000
    /// shapes under 40 rules) than to draw: a budget of its drawing alone is too little.
    func testCheckingAnIconCountsInTheBarsBudget() throws {
        try Data(Self.slowToCheck().utf8).write(to: folder.appendingPathComponent("many.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: many.svg}]\n", baseDirectory: folder)
        let measuring = Renderer()
        _ = try measuring.render(bar, format: .png)
        let renderer = Renderer()
        renderer.iconTimeBudget = measuring.iconMilliseconds + 1
        XCTAssertThrowsError(try renderer.render(bar, format: .png)) { error in
            XCTAssertTrue("\(error)".contains("the bar's SVG icons take over"), "\(error)")
            XCTAssertTrue("\(error)".contains("to check and draw together"), "\(error)")
        }
    }

    /// Hostile rounds 133–135 found six checks, each costly for some input within every limit,
    /// that ran their course before the budget refused the bar. The checks now stop once the
    /// bar's budget is spent (`SVGCheckClock`): an icon whose checks take the whole of them
    /// (measured here first, unbounded) is refused after a budget a twentieth of that, having
    /// spent far less than the whole.
    func testChecksStopWhenTheBarsBudgetIsSpent() throws {
        // Hostile round 137: loops whose filters walk every element's ancestors (here through
        // groups of long names around text) passed no checkpoint; the helpers they ask answer at
        // once past the time (`SVGCheckClock.isSpent`).
        let prefix = String(repeating: "p", count: 240)
        let nested = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:\(prefix)=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">"
            + String(repeating: "<\(prefix):g>", count: 90) + String(repeating: "<g/>", count: 400) + String(repeating: "</\(prefix):g>", count: 90)
            + "<text y=\"20\" font-size=\"8\">a</text></svg>"
        // The process's CPU time, the checks' threads ended (`SVGCheckWorker`): what an abandoned
        // check goes on doing counts, so the checkpoints and helpers stopping it are tested.
        func cpuMilliseconds(_ work: () throws -> Void) rethrows -> Double {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start)
            try work()
            let deadline = Date().addingTimeInterval(60)
            while SVGCheckWorker.threads > 0, Date() < deadline { usleep(1_000) }
            XCTAssertEqual(SVGCheckWorker.threads, 0, "the abandoned check stopped")
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end)
            return Double(end.tv_sec - start.tv_sec) * 1_000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
        }
        // (Fonts and the first bar's set-up first: what is timed is mostly the icon's checks.)
        _ = try Renderer().render(try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [A]\n", baseDirectory: folder), format: .png)
        for (name, icon) in [("many.svg", Self.slowToCheck(marked: UUID().uuidString)), ("nested.svg", nested.replacingOccurrences(of: "</svg>", with: "<!--\(UUID().uuidString)--></svg>"))] {
            try Data(icon.utf8).write(to: folder.appendingPathComponent(name))
            let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: \(name)}]\n", baseDirectory: folder)
            let whole = try cpuMilliseconds { XCTAssertNoThrow(try Renderer().render(bar, format: .png), name) }
            // (Other bytes, as costly: the first check is shared by the process's renderers.)
            try Data(icon.replacingOccurrences(of: "</svg>", with: "<!--\(UUID().uuidString)--></svg>").utf8).write(to: folder.appendingPathComponent(name))
            let renderer = Renderer()
            renderer.iconTimeBudget = max(1, Int(whole / 20))
            let cut = try cpuMilliseconds {
                XCTAssertThrowsError(try renderer.render(bar, format: .png)) { error in
                    XCTAssertTrue("\(error)".contains("\(name): the bar's SVG icons take over"), "\(error)")
                    XCTAssertTrue("\(error)".contains("checks were stopped there"), "\(error)")
                }
            }
            XCTAssertLessThan(cut, whole / 4, "\(name): stopped at its budget (\(renderer.iconTimeBudget) ms of \(Int(whole))), not after the whole check")
        }
    }

    /// Hostile round 139: checking counted only in the bar whose icons were checked, so a bar of
    /// six costly icons was refused alone and recorded after other specs had checked three of
    /// them (the verdict hung on the order). Each bar's budget counts its icons' checks wherever
    /// they ran.
    func testABarsBudgetCountsItsIconsChecksWhereverTheyRan() throws {
        // (Bytes of their own: checks are shared by the process's renderers, by content.)
        let run = UUID().uuidString
        for name in ["x", "y", "z"] { try Data(Self.slowToCheck(marked: name + run).utf8).write(to: folder.appendingPathComponent("\(name).svg")) }
        func bar(_ icons: [String]) throws -> Bar {
            let items = icons.map { "{title: \($0), icon: \($0).svg}" }.joined(separator: ", ")
            return try SpecLoader.parse("preset: tabBar\nwidth: 300\nitems: [\(items)]\n", baseDirectory: folder)
        }
        _ = try Renderer().render(try bar(["x"]), format: .png)
        let alone = Renderer()
        _ = try alone.render(try bar(["x", "y", "z"]), format: .png)
        let after = Renderer()
        _ = try after.render(try bar(["x", "y"]), format: .png)
        _ = try after.render(try bar(["x", "y", "z"]), format: .png)
        XCTAssertEqual(alone.iconChecks, 2, "x was checked by the first renderer, for the process")
        XCTAssertEqual(after.iconChecks, 0, "all three checked by other renderers of the process")
        // (Their checks, the part of the budget that is not drawing.)
        let checkedAlone = alone.iconBudgetSpent - alone.iconMilliseconds, checkedAfter = after.iconBudgetSpent - after.iconMilliseconds
        XCTAssertGreaterThan(checkedAlone, 0)
        XCTAssertGreaterThan(Double(checkedAfter), 0.6 * Double(checkedAlone),
                             "the bar's icons' checks count \(checkedAfter) ms after x and y were checked for another bar, \(checkedAlone) ms alone")
    }

    /// Hostile round 139: what a transition's frames may draw (`iconTimeAtMost`: every icon and
    /// selected icon at once) was checked with 10 s for each icon and nothing for them together:
    /// 64 buttons with heavy selected icons took 185 s of checks and 1.8 GB. Checking them all
    /// keeps to the bar's budget.
    func testATransitionsIconsAreCheckedWithinTheBarsBudgetTogether() throws {
        let names = (0..<8).map { "i\($0)" }
        for name in names { try Data(Self.slowToCheck(marked: name).utf8).write(to: folder.appendingPathComponent("\(name).svg")) }
        let items = (0..<4).map { "{title: T\($0), icon: i\(2 * $0).svg, selectedIcon: i\(2 * $0 + 1).svg}" }.joined(separator: ", ")
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 400\nitems: [\(items)]\n", baseDirectory: folder)
        // One icon's check, as a still of it counts it.
        let one = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: i0.svg}]\n", baseDirectory: folder)
        let measuring = Renderer()
        _ = try measuring.render(one, format: .png)
        let check = measuring.iconBudgetSpent - measuring.iconMilliseconds
        XCTAssertGreaterThan(check, 0)
        let renderer = Renderer()
        renderer.iconTimeBudget = 3 * check
        XCTAssertThrowsError(try renderer.iconTimeAtMost(of: renderer.geometry(of: bar), scale: 1)) { error in
            XCTAssertTrue("\(error)".contains("take over") && "\(error)".contains("to check"), "\(error)")
        }
        XCTAssertLessThan(renderer.iconChecks, 8, "stopped within the budget, not after all eight checks")
        // (Half of them: eight checks came to over 10 s of CPU on a loaded machine.)
        let half = (0..<2).map { "{title: T\($0), icon: i\(2 * $0).svg, selectedIcon: i\(2 * $0 + 1).svg}" }.joined(separator: ", ")
        let fewer = try SpecLoader.parse("preset: tabBar\nwidth: 400\nitems: [\(half)]\n", baseDirectory: folder)
        XCTAssertNoThrow(try Renderer().iconTimeAtMost(of: renderer.geometry(of: fewer), scale: 1), "within the real budget")
    }

    /// Review of round 139: an icon whose checks were stopped for their time was checked again
    /// for each golden that drew it (10 s each, uncounted in the spec's budget). While the file
    /// is unchanged, a check given no more time is refused at once, and what it spent counts.
    func testAnIconStoppedForItsTimeIsNotCheckedAgainWithNoMoreTime() throws {
        // (Bytes of its own: stopped checks are remembered for the process, by content.)
        try Data(Self.slowToCheck(marked: UUID().uuidString).utf8).write(to: folder.appendingPathComponent("slow.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: slow.svg}]\n", baseDirectory: folder)
        let renderer = Renderer()
        renderer.iconTimeBudget = 5
        for _ in 0..<3 {
            XCTAssertThrowsError(try renderer.render(bar, format: .png)) { error in
                XCTAssertTrue("\(error)".contains("checks were stopped there"), "\(error)")
            }
        }
        XCTAssertEqual(renderer.iconChecks, 1, "stopped once, refused at once after")
        // Another renderer of the process too (round 141: each of the preview's Play requests).
        let another = Renderer()
        another.iconTimeBudget = 5
        XCTAssertThrowsError(try another.render(bar, format: .png))
        XCTAssertEqual(another.iconChecks, 0)
        XCTAssertGreaterThan(renderer.takeIconMilliseconds(), 0, "the stopped check counts in the spec's budget")
        renderer.iconTimeBudget = Limits.sandboxBarCPUSeconds * 1_000
        XCTAssertNoThrow(try renderer.render(bar, format: .png), "given more time, checked again")
        XCTAssertEqual(renderer.iconChecks, 2)
    }

    /// Hostile round 141: each renderer (a thread of `animate --threads 16`, each of the
    /// preview's Play requests) checked the same icon again. A check is shared by the process's
    /// renderers, by content, and still counts in each bar that draws the icon.
    func testAnIconsCheckIsSharedByTheProcesssRenderers() throws {
        try Data(Self.slowToCheck(marked: UUID().uuidString).utf8).write(to: folder.appendingPathComponent("s.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: s.svg}]\n", baseDirectory: folder)
        let first = Renderer(), second = Renderer()
        _ = try first.render(bar, format: .png)
        _ = try second.render(bar, format: .png)
        XCTAssertEqual(first.iconChecks, 1)
        XCTAssertEqual(second.iconChecks, 0, "the first renderer's check taken")
        XCTAssertEqual(second.iconBudgetSpent - second.iconMilliseconds, first.iconBudgetSpent - first.iconMilliseconds, "and counted as it took")
        // Given less than it took, as if stopped there.
        let third = Renderer()
        third.iconTimeBudget = max(1, (first.iconBudgetSpent - first.iconMilliseconds) / 2)
        XCTAssertThrowsError(try third.render(bar, format: .png)) { error in
            XCTAssertTrue("\(error)".contains("checks were stopped there"), "\(error)")
        }
    }

    /// Half-opaque squares, each its own group in librsvg: cheap on whole pixels, costly off them.
    private static func translucentSquares(_ count: Int, marked: String) -> String {
        let squares = (0..<count).map { "<rect x=\"\($0 % 100)\" y=\"\($0 / 100)\" width=\"1\" height=\"1\" fill=\"#123456\" opacity=\"0.5\"/>" }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\"><desc>\(marked)</desc>\(squares.joined())</svg>"
    }

    /// Hostile round 141: the probe drew an icon on whole pixels, where librsvg fills squares as
    /// they are and composites its groups straight; an icon moving with the selection falls
    /// between pixels, where every edge is antialiased and every group goes through the clip's
    /// mask. A transition's frames cost 1.75 times what was counted (51 frames counted 57.5 s
    /// and took 111 s). The probe says what each way of drawing took.
    func testTheProbeSaysWhatReadingAndDrawingOnAndOffWholePixelsTake() throws {
        let icon = Array(Self.translucentSquares(6_000, marked: UUID().uuidString).utf8)
        // (100 px: a square a pixel, on whole pixels at rest.)
        let cost = try SandboxChild.run("icon", ["100", "100", "0", "0"], input: icon).get()
        let times = try XCTUnwrap(cost.iconCost, "the probe says what its parts took")
        XCTAssertGreaterThan(times.reading, 0)
        XCTAssertEqual(times.vector, 0, "no vector stream asked for")
        XCTAssertGreaterThan(Double(times.moving), 1.5 * Double(times.resting), "off whole pixels: \(times)")
        XCTAssertLessThanOrEqual(times.reading + times.resting + times.moving, cost.cpuMilliseconds + 5)
        // (What reading it held: what each frame thread's renderer holds again; 6 000 elements
        // take librsvg more than 100 bytes each.)
        XCTAssertGreaterThan(times.kilobytes, 600)
    }

    /// The same: a bar counts each icon as it will be drawn, resting on whole pixels at the
    /// ends of a transition, moving off them between (`iconTimeAtMost`).
    func testABarsIconsCountAsTheyAreDrawnOnOrOffWholePixels() throws {
        try Data(Self.translucentSquares(6_000, marked: UUID().uuidString).utf8).write(to: folder.appendingPathComponent("squares.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: 1\nbutton: {iconSize: 64, unselectedIconScale: 1}\n"
                                       + "items: [{title: A, icon: squares.svg}, {title: B, icon: squares.svg}]\n", baseDirectory: folder)
        let renderer = Renderer()
        let geometry = try renderer.geometry(of: bar)
        XCTAssertTrue(geometry.buttons.allSatisfy { $0.icon?.isResting == true })
        let resting = try renderer.iconTime(of: geometry, scale: 1).milliseconds
        let between = try renderer.iconTimeAtMost(of: geometry, scale: 1).milliseconds
        XCTAssertGreaterThan(resting, 0)
        XCTAssertGreaterThan(Double(between), 1.5 * Double(resting), "moving, the same icons cost more: \(between) ms against \(resting) ms resting")
        XCTAssertGreaterThan(renderer.iconBytes, 600 << 10, "what the renderer's icons hold, as the sandbox measured it")
        // Half a pixel narrower (probed at the same 64 px), they no longer rest on whole pixels.
        let off = try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: 1\nbutton: {iconSize: 63.5, unselectedIconScale: 1}\n"
                                       + "items: [{title: A, icon: squares.svg}, {title: B, icon: squares.svg}]\n", baseDirectory: folder)
        XCTAssertEqual(try renderer.iconTime(of: renderer.geometry(of: off), scale: 1).milliseconds, between, "off whole pixels, as moving")
        // On a screen with rounded corners, whose clip cairo keeps as a mask around every icon.
        let screen = try SpecLoader.parse("preset: tabBar\nscale: 1\nbutton: {iconSize: 64, unselectedIconScale: 1}\n"
                                          + "items: [{title: A, icon: squares.svg}, {title: B, icon: squares.svg}]\nscreen: {device: iphone-15}\n",
                                          baseDirectory: folder)
        XCTAssertEqual(try renderer.iconTime(of: renderer.geometry(of: screen), scale: 1).milliseconds, between, "under a clip off whole pixels, as moving")
    }

    /// Hostile round 133: an icon probed again at a larger size (`check` at scale 1, 2 …) was
    /// checked again each time (five icons of 20 000 elements: two minutes over 16 goldens). It
    /// is checked once while its file is unchanged; a changed file is checked again.
    func testAnIconIsCheckedOnceWhateverSizesItIsProbedAt() throws {
        let file = folder.appendingPathComponent("dot.svg")
        // (Bytes of their own: checks are shared by the process's renderers, by content.)
        let run = UUID().uuidString
        try Data(Self.svg("<!--\(run)--><circle cx=\"12\" cy=\"12\" r=\"8\"/>").utf8).write(to: file)
        func bar(scale: Int) throws -> Bar {
            try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: \(scale)\nitems: [{title: A, icon: dot.svg}]\n", baseDirectory: folder)
        }
        let renderer = Renderer()
        for scale in 1...4 { _ = try renderer.render(try bar(scale: scale), format: .png) }
        XCTAssertEqual(renderer.iconChecks, 1)
        try Data(Self.svg("<!--\(run)--><circle cx=\"12\" cy=\"12\" r=\"9\"/>").utf8).write(to: file)
        _ = try renderer.render(try bar(scale: 6), format: .png)
        XCTAssertEqual(renderer.iconChecks, 2, "a changed file is checked again")
    }

    /// A font whose A is 3 000 overlapping triangles: filling a title's outlines (how PNG draws
    /// plain titles) piles them up. The sandbox drew glyphs only, in 0.14 s; the render took 17 s
    /// for 60 A's at 8× and over 120 s for 1 000.
    func testTextIsProbedAsItIsDrawnInPNG() throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("dense-outline.ttf"),
                                         to: folder.appendingPathComponent("dense-outline.ttf"))
        let bar = try SpecLoader.parse("""
            width: 400
            scale: 8
            fonts: [dense-outline.ttf]
            button: {font: Dense Outline 17}
            items: [\(String(repeating: "A", count: 60))]
            """, baseDirectory: folder)
        assertRefused(bar, saying: ["takes over \(Limits.sandboxCPUSeconds) s to draw at"], naming: "dense-outline.ttf")
    }

    /// A title drawn on many buttons costs each draw (a filled outline is not cached): the probe
    /// draws it as often as the bar does. Hostile round 6: probed once, 100 copies took 5.8 s
    /// of CPU (three times the budget) and rendered, exit 0.
    func testATextIsProbedAsManyTimesAsTheBarDrawsIt() throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("dense-outline.ttf"),
                                         to: folder.appendingPathComponent("dense-outline.ttf"))
        func bar(buttons: Int) throws -> Bar {
            let titles = Array(repeating: String(repeating: "A", count: 10), count: buttons) + (buttons == 1 ? ["A"] : [])
            return try SpecLoader.parse("""
                width: 4000
                scale: 1
                fonts: [dense-outline.ttf]
                button: {font: Dense Outline 17}
                layout: {mode: fit}
                items: [\(titles.joined(separator: ", "))]
                """, baseDirectory: folder)
        }
        // Drawn once, the probe passes it; what stops it then is the picture (its A's advance one
        // unit, so they pile on each other: hostile round 14), not the cost.
        XCTAssertThrowsError(try Renderer().render(try bar(buttons: 1), format: .png)) { error in
            XCTAssertFalse("\(error)".contains("to draw at"), "\(error)")
            XCTAssertTrue("\(error)".contains("on top of the character before it"), "\(error)")
        }
        assertRefused(try bar(buttons: 100), saying: ["takes over \(Limits.sandboxCPUSeconds) s to draw at"], naming: "dense-outline.ttf")
    }

    /// Pango adds glyphs of its own: the ellipsis of a cut title, in the font of the markup span
    /// it cuts, and the hyphen of a wrapped one. In this font only those are heavy (2.4 GB and
    /// 12–17 s to draw, exit 0, when the sandbox drew the titles' own characters only).
    func testTheGlyphsPangoAddsAreProbedToo() throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("heavy-ellipsis.ttf"),
                                         to: folder.appendingPathComponent("heavy-ellipsis.ttf"))
        let long = String(repeating: "a", count: 40)
        let cutMarkup = try SpecLoader.parse("""
            preset: tabBar
            width: 200
            scale: 1
            fonts: [heavy-ellipsis.ttf]
            button: {font: Inter 17}
            items: [{markup: "<span face='Heavy Ellipsis'>\(long)</span>"}, b]
            """, baseDirectory: folder)
        let wrapped = try SpecLoader.parse("""
            preset: tabBar
            width: 200
            scale: 1
            fonts: [heavy-ellipsis.ttf]
            button: {font: Heavy Ellipsis 17, lines: 2}
            items: [\(long), a]
            """, baseDirectory: folder)
        for bar in [cutMarkup, wrapped] {
            assertRefused(bar, saying: Self.fontReasons, naming: "heavy-ellipsis.ttf", formats: [.png, .svg])
        }
    }

    /// Where pango breaks a wrapped title it shapes each part anew: in this font "AB" is a light
    /// ligature and a lone A a 16 384² bitmap, so "ABAB…" costs nothing on one line and gigabytes
    /// once a line ends inside a ligature: in a 15 pt button, 1 GB and exit 0 when the probe drew
    /// texts on one line.
    func testAWrappedTitleIsProbedAsItBreaks() throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("heavy-break.ttf"),
                                         to: folder.appendingPathComponent("heavy-break.ttf"))
        func bar(lines: Int) throws -> Bar {
            try SpecLoader.parse("""
                preset: tabBar
                width: 30
                scale: 1
                fonts: [heavy-break.ttf]
                button: {font: Heavy Break 17, lines: \(lines)}
                items: [\(String(repeating: "AB", count: 15)), AB]
                """, baseDirectory: folder)
        }
        // The same title on one line passes the probe: the ligatures are light. (In 15 pt buttons
        // the layout leaves it out; every title is still held to the brought-font rules, so what
        // refuses it is the font's colour bitmaps, not the work of drawing them.)
        assertRefused(try bar(lines: 1), saying: ["has colour glyphs"], naming: "heavy-break.ttf")
        assertRefused(try bar(lines: 2), saying: Self.fontReasons, naming: "heavy-break.ttf", formats: [.png, .svg])
    }

    /// fontconfig's reading of a font file is work no one can interrupt either: a 45 KB
    /// collection of 256 faces mapping every code point took 10 s a file before any text.
    func testFontFilesAreReadInTheSandboxFirst() throws {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("slow-scan.ttc"),
                                         to: folder.appendingPathComponent("slow-scan.ttc"))
        let bar = try SpecLoader.parse("width: 200\nscale: 1\nfonts: [slow-scan.ttc]\nbutton: {font: Slow Scan 17}\nitems: [A]\n",
                                       baseDirectory: folder)
        assertRefused(bar, saying: ["takes over \(Limits.sandboxCPUSeconds) s for fontconfig to read"], naming: "slow-scan.ttc")
    }

    /// A renderer moving through a suite keeps one set of a spec's own fonts at a time: what
    /// cairo keeps of each (glyphs drawn once, up to the sandbox's budget) added up bar by bar
    /// (four specs, 1.72 GB; README).
    func testARendererKeepsOneSetOfBroughtFontsAtATime() throws {
        let renderer = Renderer()
        for index in 0..<3 {
            let name = "own\(index).ttf"
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("dense-outline.ttf"), to: folder.appendingPathComponent(name))
            let bar = try SpecLoader.parse("width: 200\nscale: 1\nfonts: [\(name)]\nbutton: {font: Dense Outline 17}\nitems: [A]\n",
                                           baseDirectory: folder)
            XCTAssertNoThrow(try renderer.render(bar, format: .png))
            XCTAssertEqual(renderer.keptUserFontSets, 1)
        }
    }

    func testOrdinaryIconsDrawAsBefore() throws {
        let icon = Self.svg("<filter id=\"b\"><feGaussianBlur stdDeviation=\"1\"/></filter><circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/>")
        let bar = try bar(icon: icon, scale: 3)
        for format in OutputFormat.allCases { XCTAssertNoThrow(try Renderer().render(bar, format: format)) }
    }

    // MARK: Fonts

    private func heavyFontBar(_ title: String = "A", markup: Bool = false) throws -> Bar {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("heavy-bitmap.ttf"),
                                         to: folder.appendingPathComponent("heavy-bitmap.ttf"))
        let item = markup ? "{markup: \"<span font_family='Heavy Bitmap'>\(title)</span>\"}" : "{title: \(title)}"
        return try SpecLoader.parse("""
            preset: tabBar
            width: 200
            fonts: [heavy-bitmap.ttf]
            button: {font: \(markup ? "Inter" : "Heavy Bitmap") 17}
            items: [\(item), \(item)]
            """, baseDirectory: folder)
    }

    private static let fontReasons = ["needs over \(Limits.sandboxMemoryBytes >> 20) MB of memory to draw", "takes over \(Limits.sandboxCPUSeconds) s to draw"]

    /// A 46 KB font whose A is an embedded bitmap of 16 384² pixels: 2.4 GB and 6 s to draw,
    /// and 1 GB only to measure, before.
    func testAFontTooCostlyToDrawIsRefusedBeforeItIsMeasured() throws {
        let bar = try heavyFontBar()
        assertRefused(bar, saying: Self.fontReasons, naming: "heavy-bitmap.ttf", formats: OutputFormat.allCases)
        // `tabsnap layout` measures only: refused too, not measured as nothing with exit 0.
        XCTAssertThrowsError(try Renderer().checkedGeometry(of: bar)) { error in
            XCTAssertTrue(Self.fontReasons.contains { "\(error)".contains($0) }, "\(error)")
        }
    }

    func testAFontUsedOnlyInMarkupIsProbedToo() throws {
        assertRefused(try heavyFontBar(markup: true), saying: Self.fontReasons, naming: "heavy-bitmap.ttf")
    }
}
