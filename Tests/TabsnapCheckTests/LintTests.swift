import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// The design rules, as numbers: each rule on a bar made to break it, and on one that does not.
final class LintTests: XCTestCase {
    private let renderer = Renderer()

    private func findings(_ yaml: String, rule: LintRuleID? = nil) throws -> [LintFinding] {
        let document = try SpecLoader.parseDocument(yaml)
        let all = try Linter.lint(document.bar, settings: document.lint, spec: "bar.yaml", variant: [], renderer: renderer)
        return all.filter { rule == nil || $0.rule == rule }
    }

    /// WebAIM's and the WCAG's own reference values.
    func testTheWCAGFormula() {
        let white = WCAGContrast.luminance(red: 1, green: 1, blue: 1), black = WCAGContrast.luminance(red: 0, green: 0, blue: 0)
        XCTAssertEqual(WCAGContrast.ratio(white, black), 21, accuracy: 1e-9)
        XCTAssertEqual(WCAGContrast.ratio(of: RGBAColor(hex: "#767676")!, over: 1, 1, 1), 4.54, accuracy: 0.01)
        XCTAssertEqual(WCAGContrast.ratio(of: RGBAColor(hex: "#777777")!, over: 1, 1, 1), 4.48, accuracy: 0.01)
        // Black at half alpha over white is drawn #808080 (linear blend in sRGB, as cairo blends).
        XCTAssertEqual(WCAGContrast.ratio(of: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5), over: 1, 1, 1),
                       WCAGContrast.ratio(of: RGBAColor(red: 0.5, green: 0.5, blue: 0.5), over: 1, 1, 1), accuracy: 1e-9)
        XCTAssertEqual(WCAGContrast.words(4.4999), "4.4:1", "rounded down: a printed 4.5:1 passes")
        XCTAssertEqual(WCAGContrast.words(3), "3.0:1")
    }

    func testEveryRuleIsListedOnce() {
        XCTAssertEqual(LintRules.all.map(\.id), LintRuleID.allCases)
    }

    func testContrastOfTitlesAndTemplateIcons() throws {
        let bar = "preset: tabs\nwidth: 320\nitems: [Alpha, Beta]\nbackground: '#FFFFFF'\n"
        let grey = try findings(bar + "button: {tint: '#999999', selectedTint: '#000000'}\n", rule: .contrast)
        // Each title is unselected at the other's rest position; the selected one is black.
        XCTAssertEqual(grey.map(\.element), ["title \"Beta\"", "title \"Alpha\""], "\(grey.map(\.line))")
        XCTAssertEqual(grey.first?.measured, "contrast 2.8:1 < 4.5:1 (unselected)")
        XCTAssertEqual(grey.map(\.position), [0, 1])
        XCTAssertEqual(try findings(bar + "button: {tint: '#595959', selectedTint: '#000000'}\n", rule: .contrast), [])
        // The same grey on a dark bar passes, measured against what is drawn behind it.
        XCTAssertEqual(try findings("preset: tabs\nwidth: 320\nitems: [Alpha, Beta]\nbackground: '#000000'\nbutton: {tint: '#999999', selectedTint: '#FFFFFF'}\n", rule: .contrast), [])
        // A clear bar is measured over the page: white in the light theme.
        let clear = try findings("preset: tabs\nwidth: 320\nitems: [Alpha, Beta]\nbackground: clear\nbutton: {tint: '#999999', selectedTint: '#000000'}\n", rule: .contrast)
        XCTAssertEqual(clear.map(\.element), ["title \"Beta\"", "title \"Alpha\""])
        let icons = try findings("preset: tabBar\nwidth: 320\nbackground: '#FFFFFF'\nbutton: {tint: '#D0D0D0', selectedTint: '#000000'}\n"
                                 + "items: [{title: A, icon: home}, {title: B, icon: search}]\nlint: {textSize: off}\n", rule: .contrast)
        XCTAssertTrue(icons.contains { $0.element == "icon of \"B\"" && $0.measured.hasSuffix("< 3:1 (unselected)") }, "\(icons.map(\.line))")
    }

    /// A bar wider than a picture may be at 2x is measured at a smaller scale, not skipped (a
    /// 10 000 pt bar's backdrop could not be drawn, and its contrast went unchecked).
    /// Round 43 F8: two items of one title gave two findings reading alike, with nothing in the
    /// JSON, the line or JUnit to tell which item: the item is kept, counted from 1.
    func testFindingsNameTheirItem() throws {
        let found = try findings("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Same, Same, Other]\n", rule: .touchTarget)
        XCTAssertEqual(found.map(\.item), [1, 2, 3], "\(found.map(\.line))")
        XCTAssertEqual(Set(found.map(\.line)).count, 3, "\(found.map(\.line))")
        XCTAssertEqual(found.first?.elementAndItem, "button \"Same\" (item 1)")
        let json = try JSONEncoder().encode(found[1])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["item"] as? Int, 2)
    }

    func testAWideBarIsMeasuredToo() throws {
        let found = try findings("preset: buttonBar\nwidth: 10000\nbutton: {tint: '#AAAAAA'}\nitems: [Alpha, Beta, Gamma]\n", rule: .contrast)
        XCTAssertEqual(found.count, 3, "\(found.map(\.line))")
    }

    func testTouchTargetsFollowThePlatform() throws {
        let short = try findings("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, Beta]\n", rule: .touchTarget)
        XCTAssertEqual(short.count, 2)
        XCTAssertTrue(short[0].measured.hasSuffix("× 30 pt < 44 × 44 pt"), short[0].measured)
        XCTAssertEqual(try findings("preset: buttonBar\nwidth: 320\nheight: 46\nitems: [Alphabet, Betamax]\n", rule: .touchTarget), [])
        let material = try findings("preset: buttonBar\nwidth: 320\nheight: 46\nitems: [Alphabet, Betamax]\nlint: {platform: material}\n", rule: .touchTarget)
        XCTAssertEqual(material.first?.measured.hasSuffix("dp < 48 × 48 dp"), true, "\(material.map(\.line))")
    }

    func testTitlesEllipsizedOrLeftOut() throws {
        let found = try findings("preset: tabs\nwidth: 200\nitems: [Alpha, \"A very long title indeed\"]\n", rule: .titleFit)
        XCTAssertEqual(found.map(\.element), ["title \"A very long title indeed\""])
        XCTAssertTrue(found[0].measured.hasPrefix("ellipsized"), found[0].measured)
        XCTAssertEqual(try findings("preset: tabs\nwidth: 320\nitems: [Alpha, Beta]\n", rule: .titleFit), [])
    }

    func testBadgesAndIndicatorsOverTitles() throws {
        let over = try findings("preset: buttonBar\nwidth: 320\nitems: [Alpha, {title: Beta, badge: '12'}]\n"
                                + "badges: {offset: {x: -20, y: 12}}\n", rule: .overdraw)
        XCTAssertTrue(over.contains { $0.element == "title \"Beta\"" && $0.measured.hasPrefix("its badge covers") }, "\(over.map(\.line))")
        XCTAssertEqual(try findings("preset: buttonBar\nwidth: 320\nitems: [Alpha, {title: Beta, badge: '12'}]\n", rule: .overdraw), [])
        let line = try findings("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, Beta]\nindicator: {weight: 20}\n", rule: .overdraw)
        // Too short a bar for a 20 pt line: it covers the selected title's letters.
        XCTAssertEqual(line.map(\.element), ["title \"Alpha\"", "title \"Beta\""], "\(line.map(\.line))")
        XCTAssertTrue(line.allSatisfy { $0.measured.hasPrefix("the indicator covers 46 × 9.9 pt") || $0.measured.hasPrefix("the indicator covers 35.2 × 6.7 pt") },
                      "\(line.map(\.line))")
        // At 45 pt the layout keeps the title clear of the same line.
        XCTAssertEqual(try findings("preset: buttonBar\nwidth: 320\nheight: 45\nitems: [Alpha, Beta]\nindicator: {weight: 20}\n", rule: .overdraw), [])
    }

    func testTextSizeAndIconLabels() throws {
        let small = try findings("preset: buttonBar\nwidth: 320\nitems: [Alpha, Beta]\nbutton: {font: 'Inter 9'}\n", rule: .textSize)
        XCTAssertEqual(small.map(\.measured), ["9 pt < 11 pt", "9 pt < 11 pt"])
        // A markup title at its spans' size (hostile round 24: the button's 17 pt was judged).
        let spans = try findings("preset: buttonBar\nwidth: 390\nitems: [{markup: \"<span size='5000'>Home</span>\"}, {markup: \"<span size='xx-small'>In</span>box\"}, Me]\n",
                                 rule: .textSize)
        XCTAssertEqual(spans.map(\.measured), ["4.88 pt < 11 pt", "9.84 pt < 11 pt"])
        XCTAssertEqual(MarkupSizes.smallest(in: "<big>A</big> <span size='x-large'>B</span>", base: 10), 12)
        XCTAssertEqual(MarkupSizes.smallest(in: "A<span size='2000'> </span>", base: 10), 10, "a span of spaces draws nothing")
        // …and the contrast it needs: 20 pt text in 5 pt spans is small text (4.5:1), not large (3:1).
        let grey = "preset: buttonBar\nwidth: 390\nbutton: {font: 'Inter 20', tint: '#888888', selectedTint: '#007AFF', adjustsAlpha: false}\nlint: {textSize: off}\n"
        XCTAssertEqual(try findings(grey + "items: [Home, Inbox]\n", rule: .contrast).map(\.element), [], "20 pt: large text at 3:1")
        XCTAssertFalse(try findings(grey + "items: [{markup: \"<span size='5000'>Home</span>\"}, Inbox]\n", rule: .contrast).isEmpty)
        let unlabelled = try findings("preset: tabBar\nwidth: 320\nitems: [{icon: home}, {icon: search, accessibilityLabel: Search}]\n", rule: .iconLabel)
        XCTAssertEqual(unlabelled.map(\.element), ["button 1"])
    }

    func testIconsOffTheCommonLine() throws {
        let yaml = "preset: tabBar\nwidth: 240\nbutton: {lines: 2}\nlint: {textSize: off}\n"
            + "items: [{title: Home, icon: home}, {title: Search everything here, icon: search}, {title: Me, icon: person}]\n"
        let geometry = renderer.geometry(of: try SpecLoader.parse(yaml))
        let centres = geometry.buttons.map(\.iconFrame.midY)
        let found = try findings(yaml, rule: .iconAlignment)
        if Set(centres).count > 1 {
            XCTAssertEqual(found.map(\.element), ["icon of \"Search everything here\""], "\(centres)")
        } else {
            XCTFail("the wrapping title did not move its icon: \(centres)")
        }
        XCTAssertEqual(try findings("preset: tabBar\nwidth: 320\nitems: [{title: Home, icon: home}, {title: Me, icon: person}]\nlint: {textSize: off}\n",
                                    rule: .iconAlignment), [])
    }

    func testTheSpecSwitchesRules() throws {
        let yaml = "preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, Beta]\n"
        XCTAssertTrue(try findings(yaml).allSatisfy { $0.severity == $0.rule.defaultSeverity })
        XCTAssertEqual(try findings(yaml + "lint: {touchTarget: off}\n", rule: .touchTarget), [])
        let warned = try findings(yaml + "lint: {touchTarget: {severity: warn, reason: compact toolbar}}\n", rule: .touchTarget)
        XCTAssertEqual(Set(warned.map(\.severity)), [.warn])
        let document = try SpecLoader.parseDocument(yaml + "lint: {touchTarget: {severity: off, reason: compact toolbar}, platform: material}\n")
        XCTAssertEqual(document.lint.reasons[.touchTarget], "compact toolbar")
        XCTAssertEqual(document.lint.platform, .material)
        // Written back as read.
        XCTAssertEqual(try SpecLoader.parseDocument(String(decoding: try JSONEncoder().encode(document), as: UTF8.self)).lint, document.lint)
        for (bad, message) in [("lint: {contrst: warn}\n", "unknown key 'contrst' in lint; did you mean 'contrast'?"),
                               ("lint: {contrast: loud}\n", "lint.contrast: unknown value 'loud'"),
                               ("lint: {contrast: {reason: x}}\n", "missing required key 'severity' in lint.contrast"),
                               ("lint: {platform: windows}\n", "lint.platform: unknown value 'windows'")] {
            XCTAssertThrowsError(try SpecLoader.parseDocument(yaml + bad)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
        }
    }

    /// Two items of one title are two findings, two causes on one title two findings, and a
    /// finding counts each position once; a reason the spec gives is in the line.
    func testFindingsKeepItemsAndCausesApart() throws {
        let twins = try findings("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Same, Same]\nlint: {touchTarget: {severity: warn, reason: a toolbar}}\n",
                                 rule: .touchTarget)
        XCTAssertEqual(twins.count, 2, "\(twins.map(\.line))")
        XCTAssertTrue(twins[0].line.hasSuffix("[touchTarget warn: a toolbar]"), twins[0].line)
        let covered = try findings("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, {title: Beta, badge: '12'}]\n"
                                   + "indicator: {weight: 20}\nbadges: {offset: {x: -20, y: 8}}\n", rule: .overdraw)
        let beta = covered.filter { $0.element == "title \"Beta\"" }
        XCTAssertTrue(beta.contains { $0.measured.hasPrefix("its badge covers") } && beta.contains { $0.measured.hasPrefix("the indicator covers") },
                      "\(covered.map(\.line))")
        let checked = Linter.positions(count: 2, inMotion: true).count
        for finding in covered { XCTAssertLessThanOrEqual(finding.positions, checked, finding.line) }
    }

    /// Hostile round 22: a bar that draws no buttons has no touch targets to miss, and a label
    /// or title of spaces or invisible characters speaks nothing.
    func testUndrawnButtonsAndBlankLabels() throws {
        XCTAssertEqual(try findings("preset: lineBar\nwidth: 390\nitems: 4\n"), [])
        XCTAssertEqual(try findings("preset: buttonBar\nwidth: 390\nbutton: {style: none}\nitems: 3\n"), [])
        let blank = try findings("preset: tabBar\nwidth: 390\nitems: [{title: \" \", icon: home}, {icon: bell, accessibilityLabel: \" \"}, "
                                 + "{icon: star, accessibilityLabel: \"\\u200B\"}, {title: A, icon: home}]\nlint: {textSize: off}\n", rule: .iconLabel)
        XCTAssertEqual(blank.map(\.element), ["button 1", "button 2", "button 3"])
    }

    /// Findings say where: the same element at several positions is one finding, at its worst.
    func testFindingsAreMergedAcrossPositions() throws {
        let found = try findings("preset: tabs\nwidth: 320\nitems: [Alpha, Beta, Gamma]\nbackground: '#FFFFFF'\nbutton: {tint: '#AAAAAA', selectedTint: '#000000'}\n",
                                 rule: .contrast)
        XCTAssertEqual(found.map(\.element).sorted(), ["title \"Alpha\"", "title \"Beta\"", "title \"Gamma\""])
        for finding in found { XCTAssertGreaterThan(finding.positions, 1) }
        XCTAssertEqual(Linter.positions(count: 3, inMotion: true), [0, 1, 2, 0.5, 1.5, -0.25, 2.25])
        // A long bar: every rest position, 24 mid-swipes spread from the first pair to the last.
        let long = Linter.positions(count: 100, inMotion: true)
        XCTAssertEqual(long.count, 100 + 24 + 2)
        XCTAssertEqual(long[100], 0.5)
        XCTAssertEqual(long[123], 98.5)
        XCTAssertTrue(found[0].line.hasPrefix("bar.yaml [p "), found[0].line)
    }
}

extension LintTests {
    /// Hostile round 22 F9: markup's own colours are measured: a near-white span, a white span
    /// on a white span background and a span at 1 % alpha all passed on a white bar.
    func testMarkupColoursAreMeasured() throws {
        let document = try SpecLoader.parseDocument("""
            preset: buttonBar
            width: 390
            background: "#FFFFFF"
            button: {tint: "#000000", selectedTint: "#000000"}
            items:
              - {markup: "<span foreground=\\"#FEFEFE\\">Home</span>"}
              - {markup: "<span foreground=\\"#FFFFFF\\" background=\\"#FFFFFF\\">Search</span>"}
              - {markup: "<span alpha=\\"1%\\">Faint</span>"}
              - {markup: "<b>Bold</b> fine"}

            """)
        let found = try Linter.lint(document.bar, settings: document.lint, spec: "bar.yaml", variant: []).filter { $0.rule == .contrast }
        XCTAssertEqual(Set(found.map(\.element)), ["title \"Home\"", "title \"Search\"", "title \"Faint\""], "\(found.map(\.line))")
        XCTAssertTrue(found.allSatisfy { $0.measured.hasPrefix("contrast 1.0:1") }, "\(found.map(\.line))")
    }
}

extension LintTests {
    /// Findings are in the order of their numbers' values: items[7] before items[96] (round 28
    /// read 96, 97, 98, then 7).
    func testFindingsAreInNumberOrder() {
        func finding(_ element: String) -> LintFinding {
            LintFinding(rule: .contrast, severity: .error, spec: "a.yaml", variant: [], position: 0, positions: 1, element: element, measured: "")
        }
        let sorted = ["title \"I96\"", "title \"I7\"", "title \"I10\""].map(finding).sorted(by: Linter.order).map(\.element)
        XCTAssertEqual(sorted, ["title \"I7\"", "title \"I10\"", "title \"I96\""])
    }
}

extension LintTests {
    /// Lint's measurements are kept between positions and bars (`LaidOutText`, `CheckedTextRun`:
    /// a 100-item bar of long titles took minutes): what a renderer measured before never changes
    /// a finding. The same titles in other fonts, rooms and line counts come first here.
    func testFindingsDoNotDependOnWhatTheRendererMeasuredBefore() throws {
        let titles = "[{markup: \"<span foreground='#cccccc'>Faint</span> and <b>bold</b> title that is long\"}, Ellipsized title that will not fit, Inbox, {title: Me, badge: 3}]"
        let target = "preset: buttonBar\nwidth: 320\nitems: \(titles)\nbutton: {lines: 2}\nlayout: {mode: fit}\n"
        let others = [
            "preset: buttonBar\nwidth: 600\nitems: \(titles)\nbutton: {lines: 2}\nlayout: {mode: fit}\n",
            "preset: buttonBar\nwidth: 700\nitems: \(titles)\n",
            "preset: buttonBar\nwidth: 321\nitems: \(titles)\nbutton: {lines: 2}\nlayout: {mode: fit}\ntextScale: 1.3\n",
            "preset: tabs\nwidth: 320\nitems: \(titles)\nbutton: {lines: 3, font: Inter bold 15}\nlayout: {mode: fit}\n",
        ]
        let document = try SpecLoader.parseDocument(target)
        let cold = try Linter.lint(document.bar, settings: document.lint, spec: "bar.yaml", variant: [], renderer: Renderer())
        XCTAssertTrue(cold.contains { $0.rule == .titleFit }, "the bar is made to have findings: \(cold.map(\.line))")
        XCTAssertTrue(cold.contains { $0.rule == .contrast }, "\(cold.map(\.line))")
        let warm = Renderer()
        for other in others {
            let bar = try SpecLoader.parseDocument(other)
            _ = try Linter.lint(bar.bar, settings: bar.lint, spec: "other.yaml", variant: [], renderer: warm)
        }
        XCTAssertEqual(try Linter.lint(document.bar, settings: document.lint, spec: "bar.yaml", variant: [], renderer: warm), cold)
        XCTAssertEqual(try Linter.lint(document.bar, settings: document.lint, spec: "bar.yaml", variant: [], renderer: warm), cold)
    }
}
