import Foundation
import XCTest

extension CLITests {
    func testA11yPrintsWhatAScreenReaderSays() throws {
        try write("preset: tabBar\nwidth: 320\nitems: [{title: Home, icon: home}, {icon: bell, accessibilityLabel: Alerts, badge: '2'}]\n", to: "bar.yaml")
        let run = try runTabsnap(["a11y", "bar.yaml", "--position", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Home, tab, 1 of 2\nAlerts, tab, 2 of 2, selected, 2 new items\n")
        // A label's control characters are not speech: refused at their place, as a title's are
        // (round 36; they were printed escaped), so no terminal or golden gets an ESC.
        try write("preset: tabBar\nwidth: 320\nitems: [{title: Home, icon: home}, {icon: bell, accessibilityLabel: \"A\\e]52;c;eA==\\aB\"}]\n", to: "esc.yaml")
        let escaped = try runTabsnap(["a11y", "esc.yaml"])
        XCTAssertEqual(escaped.status, 2, escaped.stdout)
        XCTAssertFalse(escaped.stderr.contains("\u{1B}"), escaped.stderr)
        XCTAssertTrue(escaped.stderr.contains("items[1].accessibilityLabel: holds the control character U+001B, which is not text a screen reader can speak"), escaped.stderr)
        // The spoken golden keeps what `a11y` prints, invisible characters escaped (hostile round 24: raw).
        try write("preset: tabBar\nwidth: 320\nitems: [{title: Home, icon: home}, {icon: bell, accessibilityLabel: \"A\\u202EB\\u00AD\\u200B\\u061C\"}]\n"
                  + "snapshots: {formats: [a11y]}\n", to: "gold-esc.yaml")
        XCTAssertEqual(try runTabsnap(["check", "gold-esc.yaml", "--snapshots", "esc-gold"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        let kept = try String(contentsOf: folder.appendingPathComponent("esc-gold/gold-esc.a11y.txt"), encoding: .utf8)
        XCTAssertFalse(kept.unicodeScalars.contains { $0.value == 0x202E }, kept)
        XCTAssertTrue(kept.contains("A\\u{202E}B\\u{AD}\\u{200B}\\u{61C}, tab, 2 of 2"), kept)
        // …exactly what `a11y` prints (round 25: the invisible ones were raw in the golden only).
        XCTAssertTrue(try runTabsnap(["a11y", "gold-esc.yaml"]).stdout.contains("A\\u{202E}B\\u{AD}\\u{200B}\\u{61C}, tab, 2 of 2"))
        try write("preset: lineBar\nwidth: 320\nitems: 3\n", to: "line.yaml")
        let none = try runTabsnap(["a11y", "line.yaml"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("line.yaml: the bar draws no buttons (preset lineBar), so a screen reader finds none"), none.stderr)
        try write("preset: lineBar\nwidth: 320\nitems: [{accessibilityLabel: One}, {accessibilityLabel: Two}]\n", to: "line.yaml")
        let labelled = try runTabsnap(["a11y", "line.yaml"])
        XCTAssertEqual(labelled.status, 2)
        XCTAssertTrue(labelled.stderr.contains("so accessibility labels and hints are never drawn"), labelled.stderr)
        try write("width: 320\nitems: [{title: A, accessibilityLabel: \"two\\nlines\"}, B]\n", to: "bad.yaml")
        let bad = try runTabsnap(["a11y", "bad.yaml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("bad.yaml:2:"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("items[0].accessibilityLabel"), bad.stderr)
    }
}

extension CLITests {
    /// `snapshots: {formats: [a11y]}` keeps what a screen reader says as a text golden
    /// (`bar.p1.a11y.txt`): recorded, passed, failed with a line diff and a text artifact, shown
    /// in the HTML report, accepted by name and pruned like any golden tabsnap recorded.
    func testSpokenTextIsAGolden() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let spec = "preset: tabBar\nwidth: 320\nscale: 1\nitems: [{title: Home, icon: home}, {icon: bell, accessibilityLabel: Alerts, badge: \"2\"}]\n"
        try write(spec + "snapshots: {formats: [png, a11y], positions: [1]}\n", to: "specs/bar.yaml")
        let record = try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(record.status, 0, record.stderr)
        let golden = try String(contentsOf: folder.appendingPathComponent("gold/bar.p1.a11y.txt"), encoding: .utf8)
        XCTAssertTrue(golden.hasSuffix("Home, tab, 1 of 2\nAlerts, tab, 2 of 2, selected, 2 new items\n"), golden)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold"]).status, 0)
        try write(spec.replacingOccurrences(of: "Alerts", with: "Notifications") + "snapshots: {formats: [png, a11y], positions: [1]}\n", to: "specs/bar.yaml")
        let failed = try runTabsnap(["check", "specs", "--snapshots", "gold", "--report", "r.html"])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.contains("To accept bar.p1.a11y.txt:"), failed.stdout)
        let diff = try String(contentsOf: folder.appendingPathComponent(".tabsnap/failures/bar.p1.a11y.diff.txt"), encoding: .utf8)
        XCTAssertTrue(diff.contains("-Alerts, tab, 2 of 2, selected, 2 new items\n+Notifications, tab, 2 of 2, selected, 2 new items"), diff)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".tabsnap/failures/bar.p1.a11y.actual.txt").path))
        let html = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<span class=\"add\">+Notifications, tab, 2 of 2, selected, 2 new items</span>"), html)
        XCTAssertEqual(try runTabsnap(["check", "--snapshots=gold", "--accept-name=bar.p1.a11y.txt", "--", "specs"]).status, 0)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("gold/bar.p1.a11y.txt"), encoding: .utf8).contains("Notifications"))
        // Left out of the formats, the spoken golden is an orphan --prune removes; a user's
        // file of the same kind of name, without tabsnap's mark, is left alone.
        try write("notes\n", to: "gold/notes.a11y.txt")
        try write(spec + "snapshots: {positions: [1]}\n", to: "specs/bar.yaml")
        let pruned = try runTabsnap(["check", "specs", "--snapshots", "gold", "--prune"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold/bar.p1.a11y.txt").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold/notes.a11y.txt").path))
        // A bar that draws no buttons has nothing to say: an error, not an empty golden.
        try write("preset: lineBar\nwidth: 320\nitems: 3\nsnapshots: {formats: [a11y]}\n", to: "specs/line.yaml")
        let line = try runTabsnap(["check", "specs/line.yaml", "--snapshots", "gold2", "--record", "missing"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(line.status, 2)
        XCTAssertTrue((line.stdout + line.stderr).contains("a11y: the bar draws no buttons"), line.stdout + line.stderr)
    }
}

extension CLITests {
    /// Labels and hints are translated as titles are: `{key: …}` from the spec's catalogs, in
    /// the locale asked for, pseudo-locales included.
    func testSpokenTextIsTranslated() throws {
        try write(#"{"sourceLanguage":"en","version":"1.0","strings":{"alerts":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Alerts"}},"de":{"stringUnit":{"state":"translated","value":"Mitteilungen"}}}}}}"#,
                  to: "L.xcstrings")
        try write("preset: tabBar\nwidth: 320\nstrings: [L.xcstrings]\nitems: [{title: Home, icon: home}, {icon: bell, accessibilityLabel: {key: alerts}}]\n",
                  to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["a11y", "bar.yaml"]).stdout, "Home, tab, 1 of 2, selected\nAlerts, tab, 2 of 2\n")
        XCTAssertEqual(try runTabsnap(["a11y", "bar.yaml", "--locale", "de"]).stdout, "Home, tab, 1 of 2, selected\nMitteilungen, tab, 2 of 2\n")
        XCTAssertEqual(try runTabsnap(["a11y", "bar.yaml", "--locale", "pseudo-accented"]).stdout, "[Ĥöɱé], tab, 1 of 2, selected\n[Åļéŕţš], tab, 2 of 2\n")
    }
}
