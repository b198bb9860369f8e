import Foundation
import Testing
import TabsnapTesting

/// Whether an issue's comments say `text`.
private func says(_ text: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
}

/// `assertTabBarSnapshot` under Swift Testing: failures become issues at the call site.
/// A class, so each test's folder is removed when the test ends (Swift Testing makes one instance
/// per test and lets it go afterwards).
@Suite final class AssertTabBarSnapshotTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-assert-\(UUID().uuidString)")
    var location: SnapshotLocation {
        SnapshotLocation(snapshots: root.appendingPathComponent("Snapshots"), artifacts: root.appendingPathComponent("failures"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    let bar = try! SpecLoader.parse("width: 300\nscale: 1\nitems: [Home, Search, Profile]\nlayout: {mode: fit, insets: 0}")


    /// Every subject reaches the same golden when it shows the same picture: a spec file, the
    /// bar it holds, and that bar's image.
    @Test func specBarAndImageSubjectsShareAGolden() throws {
        let spec = location.snapshots.deletingLastPathComponent().appendingPathComponent("bar.yaml")
        try FileManager.default.createDirectory(at: spec.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("width: 300\nscale: 1\nitems: [Home, Search, Profile]\nlayout: {mode: fit, insets: 0}\n".utf8).write(to: spec)
        withKnownIssue { assertTabBarSnapshot(of: .spec(spec, position: 1), named: "same", record: .missing, location: location) }
        assertTabBarSnapshot(of: .bar(bar, position: 1), named: "same", record: .never, location: location)
        assertTabBarSnapshot(of: .image(try Renderer().image(of: bar, position: 1)), named: "same", record: .never, location: location)
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar, position: 0), named: "same", record: .never, location: location) }
    }

    @Test func recordsAMissingGoldenOnceThenPasses() {
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .missing, location: location) } matching: { says("recorded new golden")($0) }
        #expect(FileManager.default.fileExists(atPath: location.snapshots.appendingPathComponent("bar.png").path))
        assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .never, location: location)
    }

    @Test func aPerturbedBarFailsWithArtifacts() {
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .missing, location: location) }
        var shifted = bar
        shifted.position = 0.01  // the indicator moves 1 pt
        // What moved comes first, in the bar's terms (the golden keeps its geometry).
        withKnownIssue { assertTabBarSnapshot(of: .bar(shifted), named: "bar", record: .never, location: location) } matching: {
            says("bar.png differs from its golden: ")($0) && says("indicator x +1.1 pt")($0)
        }
        for suffix in ["actual", "diff", "triptych"] {
            #expect(FileManager.default.fileExists(atPath: location.artifacts.appendingPathComponent("bar.\(suffix).png").path))
        }
        // The failure names its artifacts, and once the bar is right again they go: artifacts
        // left behind would describe a failure that is gone.
        withKnownIssue { assertTabBarSnapshot(of: .bar(shifted), named: "bar", record: .never, location: location) } matching: { issue in
            ["actual", "diff", "triptych"].allSatisfy { says("  \($0): ")(issue) && says("bar.\($0).png")(issue) }
                && says("to accept it: TABSNAP_RECORD=failed swift test --filter aPerturbedBarFailsWithArtifacts")(issue)
        }
        assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .never, location: location)
        for suffix in ["actual", "diff", "triptych"] {
            #expect(!FileManager.default.fileExists(atPath: location.artifacts.appendingPathComponent("bar.\(suffix).png").path))
        }
    }

    /// Without a name, the golden is named after the file and the test, as swift-snapshot-testing
    /// names its own; a second unnamed assertion in the test gets `.2`.
    @Test func anUnnamedAssertionIsNamedAfterItsTest() {
        let name = "AssertTabBarSnapshotTests.anUnnamedAssertionIsNamedAfterItsTest"
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), record: .missing, location: location) } matching: { says("\(name).png")($0) }
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar, position: 1), record: .missing, location: location) } matching: { says("\(name).2.png")($0) }
        for file in ["\(name).png", "\(name).2.png"] {
            #expect(FileManager.default.fileExists(atPath: location.snapshots.appendingPathComponent(file).path))
        }
    }

    @Test func neverRecordsNothing() {
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .never, location: location) } matching: { says("record mode never")($0) }
        #expect(!FileManager.default.fileExists(atPath: location.snapshots.path))
    }

    @Test func transitionsCompareFrameByFrame() throws {
        let transition = BarTransition(from: 0, to: 2, frames: 4)
        withKnownIssue { assertTabBarSnapshot(of: .transition(bar, transition), named: "swipe", record: .missing, location: location) }
        assertTabBarSnapshot(of: .transition(bar, transition), named: "swipe", record: .never, location: location)
        withKnownIssue {
            assertTabBarSnapshot(of: .transition(bar, BarTransition(from: 0, to: 2, easing: .linear, frames: 4)), named: "swipe",
                                 record: .never, location: location)
        } matching: { says("2 of 4 frames differ")($0) }
    }

    /// The assertion holds its artifacts folder to `tabsnap check`'s rules: a folder that is the
    /// snapshots folder, or a link, is refused before anything is written or deleted there (on
    /// 0.15.0 a passing assertion deleted a golden named like an artifact).
    @Test func refusesAnArtifactsFolderThatIsNotItsOwn() throws {
        let root = location.snapshots.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: location.snapshots, withIntermediateDirectories: true)
        let golden = location.snapshots.appendingPathComponent("bar.actual.png")
        try Data("a golden of someone's, named like an artifact".utf8).write(to: golden)
        let same = SnapshotLocation(snapshots: location.snapshots, artifacts: location.snapshots)
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .missing, location: same) } matching: { says("holds the snapshots folder")($0) }
        #expect(FileManager.default.fileExists(atPath: golden.path))
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("linked-failures")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
        let linked = SnapshotLocation(snapshots: location.snapshots, artifacts: link)
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "bar", record: .missing, location: linked) } matching: { says("is a symbolic link")($0) }
    }

    /// The default location is the package's own Snapshots/ folder.
    @Test func findsThePackagesGoldens() throws {
        let entry = try #require(try DemoGallery.entries().first { $0.name == "ios-tab-bar" })
        assertTabBarSnapshot(of: .bar(entry.bar), scale: 2, named: "example-ios-tab-bar")
    }
}
