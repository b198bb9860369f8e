import Foundation
@_exported import Tabsnap
@_exported import TabsnapCheck

/// Compares a bar rendered at `position` and `scale` with the golden `Snapshots/<name>.png` of
/// the test's package. Record modes as for `tabsnap check` (`TABSNAP_RECORD`; `never` under CI,
/// else `missing`). A recorded golden fails the test once, so someone looks at it. On a mismatch
/// the actual image, the diff and the triptych go to `.tabsnap/failures/`.
public func assertTabBarSnapshot(
    of bar: Bar, position: Double? = nil, scale: Double? = nil, named name: String,
    options: ComparisonOptions = .exact, record: RecordMode? = nil, location: SnapshotLocation? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let source = SourceSpot(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        let image = try Renderer.forCurrentThread().image(of: bar, position: position, scale: scale)
        verify(FrameSource(count: 1) { _ in AnimationFrame(still: image) }, name: name, options: options,
               record: record, location: location, source: source)
    } catch {
        source.fail("\(name): cannot render: \(error)")
    }
}

/// Compares a transition, frame by frame, with the animated golden `Snapshots/<name>.png`.
public func assertTabBarSnapshot(
    of bar: Bar, transition: BarTransition, scale: Double? = nil, named name: String,
    options: ComparisonOptions = .exact, record: RecordMode? = nil, location: SnapshotLocation? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let source = SourceSpot(fileID: fileID, filePath: filePath, line: line, column: column)
    do {
        // Frames are rendered as they are compared, on this thread's renderer.
        let frames = try CaseRenderer.frames(of: bar, transition: transition, scale: scale ?? bar.scale, with: .forCurrentThread())
        verify(frames, name: name, options: options, record: record, location: location, source: source)
    } catch {
        source.fail("\(name): cannot render: \(error)")
    }
}

/// Compares an image rendered some other way (a contact sheet, a rasterized SVG) with its golden.
public func assertImageSnapshot(
    _ image: RGBAImage, named name: String,
    options: ComparisonOptions = .exact, record: RecordMode? = nil, location: SnapshotLocation? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verify(FrameSource(count: 1) { _ in AnimationFrame(still: image) }, name: name, options: options,
           record: record, location: location,
           source: SourceSpot(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Compares decoded animation frames (and their delays) with an animated golden.
public func assertAnimationSnapshot(
    _ animation: AnimatedImage, named name: String,
    options: ComparisonOptions = .exact, record: RecordMode? = nil, location: SnapshotLocation? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verify(FrameSource.frames(animation), name: name, options: options, record: record, location: location,
           source: SourceSpot(fileID: fileID, filePath: filePath, line: line, column: column))
}

private struct SourceSpot {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    func fail(_ message: String) {
        recordFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

private func verify(_ actual: FrameSource, name: String, options: ComparisonOptions, record: RecordMode?,
                    location: SnapshotLocation?, source: SourceSpot) {
    let mode: RecordMode
    do {
        mode = try record ?? RecordMode.resolve()
    } catch {
        return source.fail("\(error)")
    }
    let place = location ?? .package(containing: source.filePath)
    let verifier = GoldenVerifier(snapshots: place.snapshots, artifacts: place.artifacts, mode: mode, options: options)
    let file = name.hasSuffix(".png") ? name : name + ".png"
    let result = verifier.verify(actual, name: file)
    switch result.status {
    case .passed:
        return
    case .new:
        source.fail("recorded new golden \(result.golden.path); look at it, then run the test again")
    case .recorded:
        source.fail("re-recorded \(result.golden.path) (record mode \(mode.rawValue)); look at it, then run the test again")
    case .missing:
        source.fail("\(result.message); the render is at \(result.artifacts.actual ?? "?")")
    case .failed:
        var lines = ["\(file) differs from its golden: \(result.message)"]
        for (label, path) in [("actual", result.artifacts.actual), ("diff", result.artifacts.diff), ("triptych", result.artifacts.triptych)] {
            if let path { lines.append("  \(label): \(path)") }
        }
        source.fail(lines.joined(separator: "\n"))
    case .error:
        source.fail(result.message)
    }
}
