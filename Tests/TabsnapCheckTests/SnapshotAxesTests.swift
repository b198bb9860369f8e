import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// Snapshot axes for accessibility and direction, and a spec's own tolerance.
final class SnapshotAxesTests: XCTestCase {
    func testDirectionsAndTextScalesAreGoldensOfTheirOwn() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nsnapshots: {directions: [ltr, rtl], textScales: [large, accessibility3, 1.5]}")
        let report = try fixture.run(.missing)
        XCTAssertEqual(report.results.map(\.name), [
            "bar.ltr.accessibility3.png", "bar.ltr.large.png", "bar.ltr.t1.5.png",
            "bar.rtl.accessibility3.png", "bar.rtl.large.png", "bar.rtl.t1.5.png",
        ])
        XCTAssertEqual(report.results.map(\.direction), ["ltr", "ltr", "ltr", "rtl", "rtl", "rtl"])
        let images = try Dictionary(uniqueKeysWithValues: report.results.map { result in
            (result.name, try PNGDecoder.decode([UInt8](Data(contentsOf: fixture.snapshots.appendingPathComponent(result.name)))))
        })
        XCTAssertNotEqual(images["bar.ltr.large.png"], images["bar.rtl.large.png"], "right-to-left mirrors the bar")
        // accessibility3 is 40/17 of large: taller titles, a taller bar.
        XCTAssertGreaterThan(images["bar.ltr.accessibility3.png"]!.height, images["bar.ltr.t1.5.png"]!.height)
        XCTAssertGreaterThan(images["bar.ltr.t1.5.png"]!.height, images["bar.ltr.large.png"]!.height)
        XCTAssertEqual(DynamicTypeSize.accessibility3.textScale, 40.0 / 17, accuracy: 1e-12)
        XCTAssertEqual(DynamicTypeSize.xSmall.textScale, 14.0 / 17, accuracy: 1e-12)
    }

    /// Round 37 (minor): two specs named "café", one with é and one with e and a combining
    /// acute, claim one golden (Swift's strings, and macOS's file system, take them for one
    /// name): refused, and the message tells the two apart, which it showed as one name twice.
    func testSpecsWhoseNamesDifferOnlyInNormalisationAreToldApart() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("caf\u{E9}.yaml", CheckFixture.bar)
        fixture.writeSpec("cafe\u{301}.yaml", CheckFixture.bar)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.specs.path).count, 2, "two files on this file system")
        let plan = try SnapshotPlanner.plan(forSpecs: [fixture.specs.path])
        let message = try XCTUnwrap(plan.specErrors.first?.message)
        XCTAssertEqual(plan.specErrors.count, 1)
        XCTAssertTrue(message.contains("rename one of the specs (the two names, "), message)
        XCTAssertTrue(message.contains("differ only in Unicode normalisation, which Swift and macOS take for one name)"), message)
        XCTAssertTrue(message.contains("caf\\u{E9}.yaml") && message.contains("cafe\\u{301}.yaml"), message)
    }

    /// Round 41 F2: specs named `Bar.yaml` and `bar.yaml` recorded `Bar.png` and `bar.png` side
    /// by side, one file on macOS's and Windows's file systems. Refused as two specs of one golden.
    func testSpecsWhoseGoldensDifferOnlyInCaseClash() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("Bar.yaml", CheckFixture.bar)
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        let plan = try SnapshotPlanner.plan(forSpecs: [fixture.specs.path])
        XCTAssertEqual(plan.cases.map(\.name), ["Bar.png"])
        XCTAssertEqual(plan.specErrors.count, 1)
        let message = try XCTUnwrap(plan.specErrors.first?.message)
        XCTAssertTrue(message.hasPrefix("golden bar.png is also rendered by "), message)
        XCTAssertTrue(message.contains("Bar.yaml, as Bar.png; rename one of the specs (the two names, "), message)
        XCTAssertTrue(message.hasSuffix("differ only in case, which macOS and Windows take for one file)"), message)
    }

    func testLocalesAreGoldensOfTheirOwnWithTheirTitlesAndDirection() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("App.xcstrings", #"""
            {"sourceLanguage": "en", "strings": {"one": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "One"}},
              "de": {"stringUnit": {"state": "translated", "value": "Eins"}},
              "ar": {"stringUnit": {"state": "translated", "value": "واحد"}}}}}}
            """#)
        let spec = CheckFixture.bar.replacingOccurrences(of: "{title: One}", with: "{title: {key: one}}")
            + "\nstrings: App.xcstrings\nsnapshots: {locales: [de, ar, pseudo-accented], themes: [light, dark]}"
        fixture.writeSpec("bar.yaml", spec)
        let report = try fixture.run(.missing)
        XCTAssertEqual(report.results.map(\.name), [
            "bar.ar.dark.png", "bar.ar.light.png", "bar.de.dark.png", "bar.de.light.png",
            "bar.pseudo-accented.dark.png", "bar.pseudo-accented.light.png",
        ])
        let cases = try SnapshotPlanner.cases(forSpecs: [fixture.specs.path])
        XCTAssertEqual(cases.map { $0.bar.items[0].title }, ["واحد", "واحد", "Eins", "Eins", "[Öñé]", "[Öñé]"])
        XCTAssertEqual(cases.map(\.bar.direction), [.rightToLeft, .rightToLeft, .leftToRight, .leftToRight, .leftToRight, .leftToRight])
        XCTAssertEqual(cases.map { $0.locale?.identifier }, ["ar", "ar", "de", "de", "pseudo-accented", "pseudo-accented"])
        // The catalog is one of the run's inputs: never taken for a golden, watched by the preview.
        let plan = try SnapshotPlanner.plan(forSpecs: [fixture.specs.path])
        XCTAssertTrue(plan.inputs.contains { $0.hasSuffix("/App.xcstrings") }, "\(plan.inputs)")
        // A changed translation fails its golden only.
        fixture.writeSpec("App.xcstrings", (try String(contentsOf: fixture.specs.appendingPathComponent("App.xcstrings"), encoding: .utf8))
            .replacingOccurrences(of: "Eins", with: "Einz"))
        let again = try fixture.run(.never)
        XCTAssertEqual(again.results.filter { $0.status == .failed }.map(\.name), ["bar.de.dark.png", "bar.de.light.png"])
    }

    func testTheLocaleReportListsTitlesThatDoNotFit() throws {
        let fixture = CheckFixture()
        // Three 100 pt buttons: "Three" fits at large, not expanded at accessibility3; two lines wrap.
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nsnapshots: {locales: [pseudo-expanded], textScales: [large, accessibility3]}")
        fixture.writeSpec("wrap.yaml", CheckFixture.bar.replacingOccurrences(of: "{title: Three}", with: "{title: Three little words}")
            .replacingOccurrences(of: "button: {", with: "button: {lines: 2, ") + "\nheight: 80")
        let report = try fixture.run(.missing)
        let titles = Dictionary(uniqueKeysWithValues: report.results.map { ($0.name, $0.titles ?? []) })
        XCTAssertEqual(titles["bar.pseudo-expanded.large.png"]?.map(\.fit), [], "every expanded title fits at large")
        let large = try XCTUnwrap(titles["bar.pseudo-expanded.accessibility3.png"])
        XCTAssertEqual(large.map(\.item), [0, 1, 2])
        XCTAssertEqual(Set(large.map(\.fit)), [.ellipsized])
        XCTAssertEqual(large[2].title, "Three one")
        XCTAssertEqual(titles["wrap.png"]?.map(\.fit), [.wraps])
        XCTAssertEqual(titles["wrap.png"]?.first?.lines, 2)
        XCTAssertEqual(report.results.first { $0.name.hasPrefix("bar.") }?.locale, "pseudo-expanded")
        let html = HTMLReport.html(report)
        XCTAssertTrue(html.contains("Titles that do not fit <span class=\"count\">4</span>"), html)
        XCTAssertTrue(html.contains("<td dir=\"auto\">Three one</td><td>ellipsized</td>"), html)
        // The JSON report carries it, and reads back.
        let json = try JSONEncoder().encode(report)
        XCTAssertEqual(try JSONDecoder().decode(CheckReport.self, from: json).results.compactMap(\.titles).count, 2)
    }

    func testASpecsOwnToleranceAppliesToItsGoldens() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("exact.yaml", CheckFixture.bar)
        fixture.writeSpec("loose.yaml", CheckFixture.bar + "\nsnapshots: {deltaE: 2, allow: 400}")
        _ = try fixture.run(.missing)
        // The indicator moves 1 pt: a few hundred pixels, within loose's allowance only.
        fixture.writeSpec("exact.yaml", CheckFixture.bar + "\nposition: 0.01")
        fixture.writeSpec("loose.yaml", CheckFixture.bar + "\nposition: 0.01\nsnapshots: {deltaE: 2, allow: 400}")
        let report = try fixture.run(.never)
        XCTAssertEqual(report.results.map(\.name), ["exact.png", "loose.png"])
        XCTAssertEqual(report.results.map(\.status), [.failed, .passed], report.results.map(\.message).joined(separator: "; "))
        XCTAssertEqual(report.results[1].options, .tolerant(maxDeltaE: 2, allowed: .pixels(400)))
        XCTAssertNil(report.results[0].options, "the run's own (exact)")
    }

    private func error(_ snapshots: String) -> String {
        do {
            _ = try SpecLoader.parseDocument(CheckFixture.bar + "\nsnapshots: " + snapshots, file: "s.yaml")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testBadAxesAreSpecErrors() {
        XCTAssertTrue(error("{textScales: [huge]}").contains("unknown text size 'huge'"), error("{textScales: [huge]}"))
        XCTAssertTrue(error("{textScales: [accesibility3]}").contains("did you mean 'accessibility3'?"))
        XCTAssertTrue(error("{textScales: [9]}").contains("out of range"))
        XCTAssertTrue(error("{directions: [rtl, rtl]}").contains("listed twice"))
        XCTAssertTrue(error("{directions: [up]}").contains("unknown value 'up'"))
        XCTAssertTrue(error("{strict: true}").contains("goes with deltaE or allow"))
        XCTAssertTrue(error("{allow: lots}").contains("expected a pixel count"))
        // The lists multiply: 100 positions × 11 scales is over the limit of goldens a spec.
        let positions = (0..<100).map { String(Double($0) / 50) }.joined(separator: ", ")
        let scales = (1...11).map { String(Double($0) / 4) }.joined(separator: ", ")
        XCTAssertTrue(error("{positions: [\(positions)], scales: [\(scales)]}").contains("the lists make 1100 goldens; at most 1000"))
        // Fonts stay within their limit at every listed text scale.
        XCTAssertTrue(SpecLoaderError("width: 300\nbutton: {font: \"Inter 400\"}\nitems: [A]\nsnapshots: {textScales: [accessibility5]}")
            .contains("snapshots.textScales: accessibility5: fonts would be drawn at"))
    }

    private func SpecLoaderError(_ text: String) -> String {
        do {
            _ = try SpecLoader.parseDocument(text, file: "s.yaml")
            return "no error"
        } catch {
            return "\(error)"
        }
    }
}
