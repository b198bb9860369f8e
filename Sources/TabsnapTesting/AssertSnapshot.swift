import Foundation
@_exported import Tabsnap
@_exported import TabsnapCheck

/// What a snapshot shows.
/// What `assertTabBarSnapshot` compares: anything that gives frames. The static factories cover
/// Tabsnap's own subjects; a subject of your own is one more factory in an extension, e.g. a
/// custom component's drawing as a `.drawList`, or frames made some other way:
///
///     extension SnapshotSubject {
///         static func notch(_ width: Double) -> SnapshotSubject { .drawList(NotchDrawing(width).list) }
///     }
public struct SnapshotSubject {
    /// Renders the subject with `renderer` at `scale` (nil: the subject's own, where it has one)
    /// into the frames compared with the golden (one frame for a still).
    public var frames: (_ renderer: Renderer, _ scale: Double?) throws -> FrameSource
    /// The bar's geometry, for a subject that is a bar at one position: a golden recorded keeps
    /// it, and a failure says what moved (`GeometryDiff`). Nil for pictures of other kinds.
    public var geometry: ((_ renderer: Renderer) throws -> GeometryRecord)? = nil
    /// The motion, for a subject that is a transition: a golden recorded keeps it, and a
    /// failure says how the motion changed (`MotionDiff`). Made only when a golden is written
    /// or differs.
    public var motion: ((_ renderer: Renderer) -> MotionRecord)? = nil

    /// A subject made by `frames`.
    public init(frames: @escaping (_ renderer: Renderer, _ scale: Double?) throws -> FrameSource) {
        self.frames = frames
    }

    /// One still picture.
    private static func still(_ image: @escaping (Renderer, Double?) throws -> RGBAImage) -> SnapshotSubject {
        SnapshotSubject { renderer, scale in
            let picture = try image(renderer, scale)
            return FrameSource(count: 1) { _ in AnimationFrame(still: picture) }
        }
    }

    /// A bar at `position` (default: the bar's own), at the bar's scale unless one is given.
    public static func bar(_ bar: Bar, position: Double? = nil) -> SnapshotSubject {
        var subject = still { renderer, scale in try renderer.image(of: bar, position: position, scale: scale) }
        subject.geometry = { renderer in GeometryRecord(of: bar, at: position, renderer: renderer) }
        return subject
    }


    /// A spec file's bar at `position` (default: the spec's), read as `tabsnap check` reads it,
    /// with `components` the custom layouts, buttons and indicators its `custom:` keys name.
    public static func spec(_ url: URL, position: Double? = nil, components: ComponentRegistry = .builtIn) -> SnapshotSubject {
        var subject = still { renderer, scale in
            try renderer.image(of: try SpecLoader.load(contentsOf: url, components: components), position: position, scale: scale)
        }
        subject.geometry = { renderer in
            GeometryRecord(of: try SpecLoader.load(contentsOf: url, components: components), at: position, renderer: renderer)
        }
        return subject
    }

    /// A transition, frame by frame, against an animated golden (frames are rendered as they
    /// are compared, so a long one is never held whole).
    public static func transition(_ bar: Bar, _ transition: BarTransition) -> SnapshotSubject {
        var subject = SnapshotSubject { renderer, scale in
            try CaseRenderer.frames(of: bar, transition: transition, scale: scale ?? bar.scale, with: renderer)
        }
        subject.motion = { renderer in MotionRecord(of: bar, transition: transition, renderer: renderer) }
        return subject
    }

    /// A geometry (one you computed or changed) drawn at `scale`, 2 when none is given.
    public static func geometry(_ geometry: BarGeometry) -> SnapshotSubject {
        var subject = still { renderer, scale in try renderer.image(of: geometry, scale: scale ?? 2) }
        subject.geometry = { renderer in GeometryRecord(geometry: geometry, fits: renderer.titleFits(in: geometry)) }
        return subject
    }

    /// A draw list built by hand — a custom component's drawing — at `scale`, 2 when none is given.
    public static func drawList(_ list: DrawList) -> SnapshotSubject {
        still { renderer, scale in try renderer.image(of: list, scale: scale ?? 2) }
    }

    /// An image rendered some other way (a contact sheet, a rasterized SVG).
    public static func image(_ image: RGBAImage) -> SnapshotSubject {
        still { _, _ in image }
    }

    /// Decoded animation frames, delays included.
    public static func animation(_ animation: AnimatedImage) -> SnapshotSubject {
        SnapshotSubject { _, _ in FrameSource.frames(animation) }
    }

    /// Frames from anywhere, made as they are compared.
    public static func frames(_ source: FrameSource) -> SnapshotSubject {
        SnapshotSubject { _, _ in source }
    }
}

/// Compares `subject` with the golden `Snapshots/<name>.png` of the test's package. Without a
/// `name`, the golden is named after the test file and the test (`BarTests.testHome.png`; a
/// second unnamed assertion in the same test is `BarTests.testHome.2.png`). Bars and
/// transitions render at `scale` (default: the bar's) with `layoutManager`. Record modes as for
/// `tabsnap check` (`TABSNAP_RECORD`; `never` under CI, else `missing`). A recorded golden fails
/// the test once, so someone looks at it. On a mismatch the actual image, the diff and the
/// triptych go to `.tabsnap/failures/`, and the failure names them and says how to accept the
/// new picture (`TABSNAP_RECORD=failed swift test --filter …`).
public func assertTabBarSnapshot(
    of subject: SnapshotSubject, scale: Double? = nil, named name: String? = nil,
    options: ComparisonOptions = .exact, record: RecordMode? = nil, location: SnapshotLocation? = nil,
    layoutManager: LayoutManager = DefaultLayoutManager(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, testName: String = #function,
    line: UInt = #line, column: UInt = #column
) {
    let source = SourceSpot(fileID: fileID, filePath: filePath, line: line, column: column, testName: testName)
    let name = name ?? DefaultSnapshotName.next(fileID: "\(fileID)", testName: testName)
    let frames: FrameSource
    let geometry: GeometryRecord?
    let renderer = Renderer.forCurrentThread(layoutManager: layoutManager)
    do {
        frames = try subject.frames(renderer, scale)
        geometry = try subject.geometry?(renderer)
    } catch {
        return source.fail("\(name): cannot render: \(error)")
    }
    let motion = subject.motion.map { make in { make(renderer) } }
    verify(frames, geometry: geometry, motion: motion, name: name, options: options, record: record, location: location, source: source)
}

private struct SourceSpot {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
    var testName: String

    /// How to take the new picture as the golden: this test again, recording what fails.
    var acceptHint: String {
        "to accept it: TABSNAP_RECORD=failed swift test --filter \(DefaultSnapshotName.test(testName))"
    }

    func fail(_ message: String) {
        recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

private func verify(_ actual: FrameSource, geometry: GeometryRecord?, motion: (() -> MotionRecord)?, name: String, options: ComparisonOptions,
                    record: RecordMode?, location: SnapshotLocation?, source: SourceSpot) {
    let mode: RecordMode
    do {
        mode = try record ?? RecordMode.resolve()
    } catch {
        return source.fail("\(error)")
    }
    let place = location ?? .package(containing: source.filePath)
    if let problem = ArtifactsCheck.problem(place) { return source.fail(problem) }
    let verifier = GoldenVerifier(snapshots: place.snapshots, artifacts: place.artifacts, mode: mode, options: options,
                                  owner: .swiftTest(DefaultSnapshotName.name(fileID: "\(source.fileID)", testName: source.testName)))
    let file = name.hasSuffix(".png") ? name : name + ".png"
    let result = verifier.verify(actual, name: file, geometry: geometry, motion: motion)
    switch result.status {
    case .passed:
        return
    case .new:
        source.fail("recorded new golden \(result.golden.path); look at it, then run the test again")
    case .recorded:
        source.fail("re-recorded \(result.golden.path) (record mode \(mode.rawValue)); look at it, then run the test again")
    case .missing:
        source.fail("\(result.message); the render is at \(result.artifacts.actual ?? "?"); to record it: TABSNAP_RECORD=missing swift test --filter \(DefaultSnapshotName.test(source.testName))")
    case .failed:
        // What moved, in the bar's terms, before the pixel figures.
        var lines = ["\(file) differs from its golden: " + ((result.changes ?? []) + [result.message]).joined(separator: "; ")]
        for (label, path) in [("actual", result.artifacts.actual), ("diff", result.artifacts.diff), ("triptych", result.artifacts.triptych)] {
            if let path { lines.append("  \(label): \(path)") }
        }
        lines.append("  \(source.acceptHint)")
        source.fail(lines.joined(separator: "\n"))
    case .error:
        source.fail(result.message)
    }
}

/// The artifacts folder holds the rules `tabsnap check` holds it to (`ArtifactsFolder`): not
/// the snapshots folder or inside it, not a symbolic link, only files Tabsnap wrote. Checked once
/// per pair of folders in a test process, as `check` does once per run.
private enum ArtifactsCheck {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var checked: Set<[String]> = []

    static func problem(_ place: SnapshotLocation) -> String? {
        let key = [place.artifacts.path, place.snapshots.path]
        return lock.withLock {
            if checked.contains(key) { return nil }
            do {
                try ArtifactsFolder.check(place.artifacts, snapshots: place.snapshots)
            } catch {
                return "artifacts folder \(error)"
            }
            checked.insert(key)
            return nil
        }
    }
}
