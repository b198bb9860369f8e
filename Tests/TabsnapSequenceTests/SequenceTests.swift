import Foundation
import Tabsnap
import XCTest

final class SequenceTests: XCTestCase {
    private var folder: URL!
    private let bar = try! SpecLoader.parse("width: 240\nitems: [Home, Search, Profile]\nlayout: {fadeEdges: true}")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-seq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAPNGFramesEqualSingleRendersAtTheSamePositions() throws {
        let transition = BarTransition(from: -0.3, to: 2.4, easing: .easeInOut, frames: 7)
        let url = folder.appendingPathComponent("swipe.png")
        var writer: APNGWriter?
        try FrameRenderer(bar: bar, transition: transition, scale: 1, threads: 2).render { frame, image in
            let apng = try writer ?? APNGWriter(url: url, width: image.width, height: image.height, frameCount: transition.frameCount)
            writer = apng
            try apng.append(image, delay: transition.delay(after: frame.index))
        }
        try writer?.finish()
        let decoded = try APNGDecoder.decode([UInt8](Data(contentsOf: url)))
        XCTAssertEqual(decoded.frames.count, 7)
        let renderer = Renderer()
        for frame in transition.frames {
            XCTAssertTrue(decoded.frames[frame.index].image == (try renderer.image(of: bar, position: frame.state.position, scale: 1)),
                          "frame \(frame.index) at \(frame.state.position)")
        }
    }

    func testFramesArriveInOrderWhateverTheThreads() throws {
        let transition = BarTransition(from: 0, steps: [.init(to: 2, frames: 9, hold: 0.05), .init(to: 0, kind: .jump, frames: 5)])
        for threads in [1, 2, 4] {
            var indices: [Int] = []
            var images: [RGBAImage] = []
            try FrameRenderer(bar: bar, transition: transition, scale: 1, threads: threads).render { frame, image in
                indices.append(frame.index)
                images.append(image)
            }
            XCTAssertEqual(indices, Array(0..<transition.frameCount))
            XCTAssertEqual(images.first, images.last, "the sequence returns to position 0")
        }
    }

    func testJumpLeavesButtonsBetweenUntouched() throws {
        let renderer = Renderer()
        let middle = renderer.geometry(of: bar.resolved(), jumpingFrom: 0, to: 2, progress: 0.5)
        XCTAssertEqual(middle.buttons.map(\.selection), [0.5, 0, 0.5])
        let swipe = renderer.geometry(of: bar, position: 1)
        XCTAssertEqual(swipe.buttons[1].selection, 1, "a swipe passes through the middle button")
        let start = renderer.geometry(of: bar, position: 0), end = renderer.geometry(of: bar, position: 2)
        XCTAssertEqual(middle.indicator!.frame.midX, (start.indicator!.frame.midX + end.indicator!.frame.midX) / 2, accuracy: 1e-9)
    }

    func testFrameFolderWritesFramesAndManifest() throws {
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 3)
        let out = folder.appendingPathComponent("frames")
        let writer = try FrameFolderWriter(folder: out, transition: transition)
        try FrameRenderer(bar: bar, transition: transition, scale: 1).render { frame, image in
            try writer.append(frame, bytes: PNGEncoder.encode(image))
        }
        try writer.finish()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(),
                       ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frames.json"])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("frames.json"))) as? [String: Any]
        XCTAssertEqual(json?["timeUnit"] as? String, "ms", "times in a spec's unit, and said")
        XCTAssertEqual(json?["loop"] as? String, "forever")
        let manifest = json?["frames"] as? [[String: Any]]
        XCTAssertEqual(manifest?.map { $0["position"] as? Double }, [0, 0.5, 1])
        XCTAssertEqual(manifest?.map { $0["index"] as? Int }, [0, 1, 2])
        XCTAssertEqual(manifest?.map { $0["time"] as? Double }, [0, 16.667, 33.333])
        XCTAssertEqual(manifest?.map { $0["duration"] as? Double }, [16.667, 16.667, 16.667])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["frames"], "no temporary folder left")
    }

    func testFrameFolderRefusesToReplaceOtherContents() throws {
        let other = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: other.appendingPathComponent("holiday.jpg"))
        XCTAssertThrowsError(try FrameFolderWriter(folder: other))
    }

    /// Round 36: a link put where the new frame folder goes, while the frames were drawn, was
    /// said as "Not a directory". It is named for what it is, left as it is, and nothing is left.
    func testSomethingPutInTheNewFoldersPlaceIsNamedAndLeft() throws {
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 2)
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        for (kind, put) in [("a symbolic link", { (out: URL) in try FileManager.default.createSymbolicLink(at: out, withDestinationURL: elsewhere) }),
                            ("a file", { (out: URL) in try Data("mine".utf8).write(to: out) })] {
            let out = folder.appendingPathComponent("frames-\(kind.count)")
            let writer = try FrameFolderWriter(folder: out, transition: transition)
            try FrameRenderer(bar: bar, transition: transition, scale: 1).render { frame, image in
                try writer.append(frame, bytes: PNGEncoder.encode(image))
            }
            try put(out)
            XCTAssertThrowsError(try writer.finish()) { error in
                XCTAssertEqual((error as? FileError)?.reason, "\(kind) was put in its place while tabsnap ran; not replacing it (the frames were not written)")
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            XCTAssertFalse(names.contains { $0.hasPrefix(".") }, "no staging folder left: \(names)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [], "nothing written through the link")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("frames-6"), encoding: .utf8), "mine")
    }

    /// Round 39 (minor): an earlier run's frame folder moved away while the frames were drawn,
    /// and another folder made in its place: the user's folder was swapped out and kept as
    /// `frames.kept-PID` without a word. It is named and left; a name left free takes the frames.
    func testAFolderPutInTheEarlierFoldersPlaceIsNamedAndLeft() throws {
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 2)
        let out = folder.appendingPathComponent("frames"), old = folder.appendingPathComponent("frames.old")
        func write(finishing: () throws -> Void) throws { try writeFrames(of: transition, to: out, beforeFinishing: finishing) }
        try write {}
        XCTAssertThrowsError(try write {
            try FileManager.default.moveItem(at: out, to: old)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data("notes".utf8).write(to: out.appendingPathComponent("notes.txt"))
        }) { error in
            XCTAssertEqual((error as? FileError)?.reason, "a folder was put in its place while tabsnap ran; not replacing it (the frames were not written)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["notes.txt"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["frames", "frames.old"], "nothing kept aside, no staging left")
        try FileManager.default.removeItem(at: out)
        try FileManager.default.moveItem(at: old, to: out)
        try write { try FileManager.default.moveItem(at: out, to: old) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["frame-0000.png", "frame-0001.png", "frames.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: old.path).sorted(), ["frame-0000.png", "frame-0001.png", "frames.json"],
                       "the moved folder is left as it was")
    }

    /// Round 41 F4: `animate -o P/d/` with P moved away while the frames were drawn wrote them
    /// into the moved folder (held open since the start) and named `P/d`. They go where the path
    /// leads at the end (a folder made at P), the moved folder left as it was; a link put in
    /// P's place is refused, nothing written through it.
    func testAParentMovedAwayWhileFramesAreDrawnIsNeverWritten() throws {
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 2)
        let parent = folder.appendingPathComponent("P"), moved = folder.appendingPathComponent("P.old")
        let out = parent.appendingPathComponent("d")
        let frameFiles = ["frame-0000.png", "frame-0001.png", "frames.json"]
        func write(finishing: () throws -> Void) throws { try writeFrames(of: transition, to: out, beforeFinishing: finishing) }
        func contents(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
        // A new output folder, and then over an earlier run's: each time P is moved away.
        for earlier in [false, true] {
            if earlier { try write {} }
            try write { try FileManager.default.moveItem(at: parent, to: moved) }
            XCTAssertEqual(contents(out), frameFiles, "earlier: \(earlier)")
            XCTAssertEqual(contents(moved), earlier ? ["d"] : [], "the moved folder is left as it was (no staging, no frames)")
            try FileManager.default.removeItem(at: moved)
        }
        // A link put in P's place: refused, nothing written through it or into the moved folder.
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: parent)
        XCTAssertThrowsError(try write {
            try FileManager.default.moveItem(at: parent, to: moved)
            try FileManager.default.createSymbolicLink(at: parent, withDestinationURL: elsewhere)
        }) { error in
            XCTAssertTrue((error as? FileError)?.reason.hasPrefix("its parent folder ") == true, "\(error)")
            XCTAssertTrue((error as? FileError)?.reason.hasSuffix("(the frames were not written)") == true, "\(error)")
        }
        XCTAssertEqual(contents(elsewhere), [])
        XCTAssertEqual(contents(moved), [])
        // An empty folder made at a free output name meanwhile is not replaced by the frames.
        try FileManager.default.removeItem(at: parent)
        try FileManager.default.removeItem(at: moved)
        XCTAssertThrowsError(try write { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true) }) { error in
            XCTAssertEqual((error as? FileError)?.reason, "a folder was put in its place while tabsnap ran; not replacing it (the frames were not written)")
        }
        XCTAssertEqual(contents(out), [])
        XCTAssertEqual(contents(parent), ["d"], "no staging left")
    }

    /// Draws `transition`'s frames into a `FrameFolderWriter` for `out`, runs `beforeFinishing`
    /// (what happens to the folders while the frames are drawn), then finishes.
    private func writeFrames(of transition: BarTransition, to out: URL, beforeFinishing: () throws -> Void) throws {
        let writer = try FrameFolderWriter(folder: out, transition: transition)
        try FrameRenderer(bar: bar, transition: transition, scale: 1).render { frame, image in
            try writer.append(frame, bytes: PNGEncoder.encode(image))
        }
        try beforeFinishing()
        try writer.finish()
    }

    func testEasingNames() {
        XCTAssertEqual(Easing(parsing: "ease-in-out"), .easeInOut)
        XCTAssertEqual(Easing(parsing: "easeIn"), .easeIn)
        XCTAssertEqual(Easing(parsing: "spring(0.5, 0.3)"), .spring(damping: 0.5, response: 0.3))
        XCTAssertEqual(Easing(parsing: "cubic-bezier(0.25, 0.1, 0.25, 1)"), .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        XCTAssertNil(Easing(parsing: "bouncy"))
        XCTAssertNil(Easing(parsing: "cubic-bezier(2, 0, 0, 1)"), "x must stay within 0…1")
    }
}

extension SequenceTests {
    func testFramesAsASequence() throws {
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 4)
        let walked = Array(FrameRenderer(bar: bar, transition: transition, scale: 1).frames)
        XCTAssertEqual(walked.map(\.frame.state.position), [0, 1.0 / 3, 2.0 / 3, 1])
        XCTAssertTrue(walked[3].image == (try Renderer().image(of: bar, position: 1, scale: 1)))
    }

    func testStepsWrittenForTheCommandLine() throws {
        let steps = try SpecLoader.steps(["{to: 2, frames: 5}", "{hold: 100}", "{to: 1, kind: jump, frames: 3}"], source: "steps")
        let request = TransitionRequest(fps: 30, steps: steps)
        XCTAssertEqual(try request.transition(position: 0, buttonCount: 3, spec: nil),
                       BarTransition(from: 0, steps: [.init(to: 2, frames: 5, hold: 0.1), .init(to: 1, kind: .jump, frames: 3)], fps: 30))
        // An error names the source, the step's number as its line, and the column in the step.
        XCTAssertThrowsError(try SpecLoader.steps(["{to: 1}", "{to: 2, easing: wobbly}"], source: "steps")) { error in
            XCTAssertTrue((error as? SpecError)?.description.hasPrefix("steps:2:17: transition.steps[1].easing: unknown easing 'wobbly'") ?? false, "\(error)")
        }
    }

    /// The command line's transition rules live in the library: the default end, the spec's
    /// transition unless one is described, ranges.
    func testTransitionRequests() throws {
        let spec = BarTransition(from: 0, to: 2, frames: 9, fps: 30)
        XCTAssertEqual(try TransitionRequest().transition(position: 1, buttonCount: 3, spec: spec), spec)
        XCTAssertEqual(try TransitionRequest(from: 1, fps: 60).transition(position: 0, buttonCount: 3, spec: spec).from, 1)
        XCTAssertEqual(try TransitionRequest(frames: 5).transition(position: 0, buttonCount: 3, spec: spec),
                       BarTransition(from: 0, to: 1, frames: 5, fps: 30), "described here: the spec's is ignored but its fps kept")
        XCTAssertEqual(TransitionRequest.defaultEnd(from: 0, buttonCount: 3), 1)
        XCTAssertEqual(TransitionRequest.defaultEnd(from: 2, buttonCount: 3), 1, "from the last: the previous one")
        XCTAssertEqual(TransitionRequest.defaultEnd(from: 1.5, buttonCount: 4), 2)
        XCTAssertThrowsError(try TransitionRequest(frames: 1).validate()) { XCTAssertEqual("\($0)", "frames: 1 is out of range; expected 2…10000") }
        XCTAssertThrowsError(try TransitionRequest(frames: 3, duration: 100).validate()) { XCTAssertEqual("\($0)", "frames and duration: give one of them") }
        XCTAssertThrowsError(try TransitionRequest(to: 1, steps: StepList(steps: [.init(to: 2)])).validate())
        XCTAssertThrowsError(try TransitionRequest(fps: 0).validate())
    }
}
