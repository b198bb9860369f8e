import Foundation
import Tabsnap
@testable import TabsnapSequence
import XCTest

/// Jobs of large frames run with no other beside it (hostile round 15: three failing 4096²
/// transitions on two threads peaked at 1.26 GB; one at a time, 0.94 GB).
final class WorkerPoolTests: XCTestCase {
    private final class Overlap: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private(set) var aloneSawOthers = false
        private(set) var mostAtOnce = 0

        func enter(alone: Bool) {
            lock.lock()
            running += 1
            mostAtOnce = max(mostAtOnce, running)
            if alone && running > 1 { aloneSawOthers = true }
            lock.unlock()
        }

        func leave(alone: Bool) {
            lock.lock()
            if alone && running > 1 { aloneSawOthers = true }
            running -= 1
            lock.unlock()
        }
    }

    func testJobsThatRunAloneRunAlone() throws {
        let overlap = Overlap()
        let alone: Set<Int> = [3, 4, 10, 17]
        var delivered: [Int] = []
        try WorkerPool.run(count: 24, threads: 4, window: 24, runsAlone: { _, index in alone.contains(index) }, job: { _, index in
            overlap.enter(alone: alone.contains(index))
            Thread.sleep(forTimeInterval: 0.005)
            overlap.leave(alone: alone.contains(index))
            return index
        }, deliver: { _, index in delivered.append(index) })
        XCTAssertEqual(delivered, Array(0..<24), "in order, none lost")
        XCTAssertFalse(overlap.aloneSawOthers)
        XCTAssertGreaterThan(overlap.mostAtOnce, 1, "the others still share the threads")
    }
}

/// Frames of 2 Mpx or more render one at a time, one ahead of the writer (hostile round 21:
/// lossless WebP of 4096² frames took 1.1 GB with two threads four frames ahead; 0.85 GB so,
/// measured with /usr/bin/time on the debug build); smaller ones use every thread.
final class FramePacingTests: XCTestCase {
    func testLargeFramesRenderOneAtATime() throws {
        let transition = BarTransition(from: 0, steps: [BarTransition.Step(to: 1, frames: 3)])
        func pace(width: Double, height: Double, scale: Double) -> (Int, Int?) {
            var bar = Bar(preset: .tabBar, width: width, items: [BarItem(title: "A"), BarItem(title: "B")])
            bar.height = height
            let renderer = FrameRenderer(bar: bar, transition: transition, scale: scale, threads: 4)
            let paced = renderer.pace(bar.resolved())
            return (paced.threads, paced.window)
        }
        XCTAssertTrue(pace(width: 2048, height: 2048, scale: 2) == (1, 1), "4096² px")
        XCTAssertTrue(pace(width: 1024, height: 512, scale: 2) == (1, 1), "2048×1024 px (2 Mpx)")
        XCTAssertTrue(pace(width: 390, height: 83, scale: 3) == (4, nil), "a phone's bar at 3x")
    }

    /// Hostile round 141: each thread's renderer reads the bar's SVG icons for itself, so
    /// `animate --threads 16` of a bar with one 7.4 MB icon (100 MB read) held 1.74 GB. The
    /// threads hold `Limits.frameIconBytes` of icons together at most (with it: 582 MB).
    func testFramesAtOnceHoldTheirIconsWithinTheBound() throws {
        let bar = Bar(preset: .tabBar, width: 390, items: [BarItem(title: "A"), BarItem(title: "B")])
        let renderer = FrameRenderer(bar: bar, transition: BarTransition(from: 0, steps: [BarTransition.Step(to: 1, frames: 3)]), scale: 2, threads: 16)
        XCTAssertEqual(renderer.pace(bar.resolved(), iconBytes: 0).threads, 16, "no SVG icons")
        XCTAssertEqual(renderer.pace(bar.resolved(), iconBytes: 1 << 20).threads, 16, "small icons")
        XCTAssertEqual(renderer.pace(bar.resolved(), iconBytes: 100 << 20).threads, Limits.frameIconBytes / (100 << 20))
        XCTAssertEqual(renderer.pace(bar.resolved(), iconBytes: Limits.frameIconBytes * 2).threads, 1, "one thread however large")
    }
}

/// Round 21 (minor): a folder named ffmpeg early on PATH stopped the search ("Permission
/// denied"); a shell passes over it to the next folder's ffmpeg.
final class FFmpegLookupTests: XCTestCase {
    func testAFolderNamedFFmpegIsPassedOver() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-ffmpeg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/ffmpeg"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("b"), withIntermediateDirectories: true)
        let tool = root.appendingPathComponent("b/ffmpeg")
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        chmod(tool.path, 0o755)
        let path = root.appendingPathComponent("a").path + ":" + root.appendingPathComponent("b").path
        XCTAssertEqual(VideoWriter.ffmpegPath(environment: ["PATH": path]), tool.path)
        XCTAssertNil(VideoWriter.ffmpegPath(environment: ["PATH": root.appendingPathComponent("a").path]))
    }
}

/// Hostile round 145: `animate --svg --threads 64` of a bar of two heavy translucent icons held
/// 1.17 GB (472 MB with two threads): each thread holds its frame's SVG document while drawing
/// it, which the bound on icons did not count. What an icon's document holds is measured in its
/// probe, and the threads of vector frames hold icons and documents within the bound together.
final class VectorFramePacingTests: XCTestCase {
    func testVectorFramesAtOnceHoldTheirDocumentsWithinTheBound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-vectorpace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rects = (0..<3_000).map { "<rect x=\"\(Double($0 % 100) * 0.24)\" y=\"\(Double($0 / 100) * 0.8)\" width=\"0.2\" height=\"0.2\" opacity=\"0.5\"/>" }.joined()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(rects)</svg>".utf8).write(to: folder.appendingPathComponent("dots.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: dots.svg}, {title: B, icon: dots.svg}, {title: C, icon: dots.svg}, {title: D, icon: dots.svg}]\n"
                                       + "button: {iconSize: 64}\n",
                                       baseDirectory: folder)
        let transition = BarTransition(from: 0, steps: [BarTransition.Step(to: 1, frames: 3)])
        let frames = FrameRenderer(bar: bar, transition: transition, scale: 1, threads: 64)
        let resolved = bar.resolved()
        let renderer = Renderer()
        let document = try renderer.vectorDocumentBytes(of: renderer.geometry(of: bar, position: 0))
        XCTAssertGreaterThan(document, 8 << 20, "four drawings of 3 000 translucent rectangles, each document held while drawn")
        let vector = try frames.checkedPace(resolved, vector: true, passes: 1)
        XCTAssertLessThan(vector.threads, 64)
        XCTAssertLessThanOrEqual(vector.threads * (renderer.iconBytes + document), Limits.frameIconBytes,
                                 "the icons and documents of the frames drawn at once within the bound")
        XCTAssertGreaterThan(try frames.checkedPace(resolved, vector: false, passes: 1).threads, vector.threads, "pixels hold no document")
    }
}
