import Foundation
import Tabsnap
import TabsnapFiles
import TabsnapPNG
@testable import TabsnapSequence
import XCTest

/// GIF, WebP and video outputs, each read back by an independent decoder (giflib's, libwebp's,
/// ffmpeg's) and compared with the frames rendered on their own.
final class AnimatedFormatTests: XCTestCase {
    private var folder: URL!
    private let bar = try! SpecLoader.parse("width: 240\nitems: [Home, Search, Profile]\nindicator: {style: line}")
    private let clearBar = try! SpecLoader.parse("width: 200\nbackground: \"#00000000\"\nitems: [One, Two]")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The true frames and the times they start, in milliseconds.
    private func truth(_ bar: Bar, _ transition: BarTransition) throws -> [(ms: Double, image: RGBAImage)] {
        var frames: [(Double, RGBAImage)] = []
        try FrameRenderer(bar: bar, transition: transition, scale: 1).render { frame, image in frames.append((frame.time * 1000, image)) }
        return frames
    }

    /// Mean and largest per-pixel RGB distance, pixels compared as shown over white.
    private func distance(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, max: Double) {
        var sum = 0.0, largest = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var squared = 0.0
            for c in 0..<3 {
                let over: (RGBAImage) -> Double = { image in
                    let alpha = Double(image.pixels[i + 3]) / 255
                    return Double(image.pixels[i + c]) * alpha + 255 * (1 - alpha)
                }
                squared += pow(over(a) - over(b), 2)
            }
            sum += squared.squareRoot()
            largest = max(largest, squared.squareRoot())
        }
        return (sum / Double(a.pixels.count / 4), largest)
    }

    // MARK: GIF

    func testGIFShowsEveryFrameAtItsTimeWithSmoothEdges() throws {
        let transition = BarTransition(from: 0, to: 2, easing: .easeInOut, frames: 11, fps: 50)
        let url = folder.appendingPathComponent("swipe.gif")
        try FrameRenderer(bar: bar, transition: transition, scale: 1).writeAnimation(.gif, to: url)
        let decoded = try GIFReference.decode(url)
        XCTAssertEqual(decoded.frames.count, 11, "at 50 fps every frame is 2 cs: none folds away")
        XCTAssertEqual(decoded.plays, 0, "loops forever by default")
        var worstMean = 0.0
        for (ms, image) in try truth(bar, transition) {
            let shown = try XCTUnwrap(decoded.shown(at: ms))
            let d = distance(shown, image)
            worstMean = max(worstMean, d.mean)
            // Quantising anti-aliased text moves an edge pixel by a few levels, never by a colour.
            XCTAssertLessThan(d.max, 40, "frame at \(ms) ms")
        }
        XCTAssertLessThan(worstMean, 0.5)
    }

    func testGIFTimingFoldsFramesUnder20msAndHolds() throws {
        var transition = BarTransition(from: 0, steps: [.init(to: 1, frames: 13, hold: 0.5), .init(to: 2, frames: 13)], fps: 60)
        transition.loop = .times(3)
        let url = folder.appendingPathComponent("hold.gif")
        try FrameRenderer(bar: bar, transition: transition, scale: 1).writeAnimation(.gif, to: url)
        let decoded = try GIFReference.decode(url)
        let delays = decoded.frames.map(\.milliseconds)
        XCTAssertTrue(delays.allSatisfy { $0 >= 20 }, "browsers slow anything under 2 cs to 10 cs: \(delays)")
        XCTAssertTrue(delays.contains { $0 >= 500 }, "the hold is one frame with a long delay: \(delays)")
        XCTAssertLessThan(decoded.frames.count, transition.frameCount)
        let total = (transition.frame(transition.frameCount - 1).time + transition.delay(after: transition.frameCount - 1)) * 1000
        XCTAssertEqual(Double(decoded.totalMilliseconds), total, accuracy: 10, "no drift: frames sit at their times")
        XCTAssertEqual(decoded.plays, 3)
        let last = try truth(bar, transition).last!.image
        XCTAssertLessThan(distance(decoded.frames.last!.image, last).mean, 0.5, "the last frame is always kept")
    }

    /// Frames under 20 ms apart fold away, but never the ones where the motion turns: a 60 fps
    /// ping-pong reaches its target, and two 2-frame steps both show their ends.
    func testGIFKeepsTheFramesWhereTheMotionTurns() throws {
        for transition in [BarTransition(from: 0, steps: [.init(to: 2, easing: .linear, frames: 20)], fps: 60, pingPong: true),
                           BarTransition(from: 0, steps: [.init(to: 2, frames: 2), .init(to: 0, frames: 2)], fps: 60),
                           BarTransition(from: 0, steps: [.init(to: 2, frames: 2)], fps: 60, pingPong: true)] {
            let url = folder.appendingPathComponent("turn.gif")
            try FrameRenderer(bar: bar, transition: transition, scale: 1).writeAnimation(.gif, to: url)
            let decoded = try GIFReference.decode(url)
            let target = try Renderer().image(of: bar, position: 2, scale: 1)
            XCTAssertTrue(decoded.frames.contains { distance($0.image, target).mean < 0.5 }, "the bar at 2 is shown: \(transition)")
            let start = try Renderer().image(of: bar, position: 0, scale: 1)
            XCTAssertLessThan(distance(decoded.frames.last!.image, start).mean, 0.5, "and it ends back at 0")
            XCTAssertTrue(decoded.frames.allSatisfy { $0.milliseconds >= 20 })
        }
    }

    /// Synthetic frames of few colours: the palette is exact, so the decoded frames must be too,
    /// including pixels that turn transparent (which a kept canvas cannot show).
    func testGIFUncoversPixelsThatTurnTransparent() throws {
        func image(_ opaque: (Int, Int) -> (UInt8, UInt8, UInt8)?) -> RGBAImage {
            var image = RGBAImage(width: 8, height: 4)
            for y in 0..<4 {
                for x in 0..<8 {
                    guard let (r, g, b) = opaque(x, y) else { continue }
                    image.pixels.replaceSubrange((y * 8 + x) * 4..<(y * 8 + x) * 4 + 4, with: [r, g, b, 255])
                }
            }
            return image
        }
        let frames = [
            image { x, _ in x < 4 ? (255, 0, 0) : nil },
            image { x, _ in x >= 4 ? (255, 0, 0) : nil },
            image { x, y in x == 1 && y == 1 ? (0, 0, 255) : nil },
            image { _, _ in (0, 200, 0) },
            image { _, _ in nil },
        ]
        var colors = GIFWriter.Colors()
        frames.forEach { colors.add($0) }
        let url = folder.appendingPathComponent("clear.gif")
        let writer = try GIFWriter(url: url, width: 8, height: 4, colors: colors, plays: 1)
        for frame in frames { try writer.append(frame, delay: 0.1) }
        try writer.finish()
        let decoded = try GIFReference.decode(url)
        XCTAssertEqual(decoded.frames.map(\.image), frames)
        XCTAssertEqual(decoded.frames.map(\.milliseconds), [100, 100, 100, 100, 100])
        XCTAssertEqual(decoded.plays, 1, "one play: no NETSCAPE loop block")
    }

    /// APNG frames are compressed on every core (issue 31), in order: the same bytes as one
    /// thread, also when a frame turns the file RGBA or moves its key colour mid-way.
    func testAPNGCompressedOnEveryCoreIsTheSameFile() throws {
        let transition = BarTransition(from: 0, sequence: StepList(steps: [.init(to: 2, frames: 12), .init(to: 1, frames: 6, hold: 0.3)]), fps: 30)
        for bar in [bar, clearBar] {
            var files: [[UInt8]] = []
            for threads in [1, 4] {
                let url = folder.appendingPathComponent("t\(threads).png")
                try FrameRenderer(bar: bar, transition: transition, scale: 1, threads: threads).writeAPNG(to: url)
                files.append([UInt8](try Data(contentsOf: url)))
            }
            XCTAssertTrue(files[0] == files[1])
        }
        // Written frame by frame, a key colour taken by a later frame and an RGBA frame after
        // RGB ones are re-encoded with what is still being compressed.
        var files: [[UInt8]] = []
        for threads in [1, 3] {
            let url = folder.appendingPathComponent("k\(threads).png")
            let writer = try APNGWriter(url: url, width: 8, height: 8, encodeThreads: threads)
            for step in 0..<12 {
                var image = RGBAImage(width: 8, height: 8)
                for index in stride(from: 0, to: image.pixels.count, by: 4) {
                    let value = UInt8((index / 4 * 7 + step * 13) % 256)
                    image.pixels.replaceSubrange(index..<index + 4, with: [value, UInt8(step), 0, step == 9 ? 128 : 255])
                }
                try writer.append(image, delay: 0.05)
            }
            try writer.finish()
            files.append([UInt8](try Data(contentsOf: url)))
        }
        XCTAssertTrue(files[0] == files[1], "key moves and RGBA mid-way: the same bytes")
    }

    /// WebP frames are encoded on every core (issue 31), in order: the file is byte for byte
    /// the one a single thread writes, in every compression, holds and long frames included.
    func testWebPEncodedOnEveryCoreIsTheSameFile() throws {
        let transition = BarTransition(from: 0, sequence: StepList(steps: [.init(to: 2, frames: 12), .init(to: 1, frames: 6, hold: 0.3)]), fps: 30)
        for compression in [nil, 60, -1] {
            var files: [[UInt8]] = []
            for threads in [1, 4] {
                let url = folder.appendingPathComponent("t\(threads).webp")
                try FrameRenderer(bar: bar, transition: transition, scale: 1, threads: threads)
                    .writeAnimation(.webp, to: url, quality: compression == -1 ? 70 : nil, nearLossless: compression == 60 ? 60 : nil)
                files.append([UInt8](try Data(contentsOf: url)))
            }
            XCTAssertTrue(files[0] == files[1], "compression \(compression.map(String.init) ?? "lossless")")
        }
    }

    func testGIFKeepsAClearBarClearWithoutAMatte() throws {
        let transition = BarTransition(from: 0, to: 1, frames: 6, fps: 50)
        let url = folder.appendingPathComponent("clear-bar.gif")
        let notes = try FrameRenderer(bar: clearBar, transition: transition, scale: 1).writeAnimation(.gif, to: url, matte: .none)
        XCTAssertGreaterThan(notes.changedPixels, 0, "anti-aliased edges are partly transparent: counted for the warning")
        let decoded = try GIFReference.decode(url)
        for (ms, truth) in try truth(clearBar, transition) {
            let shown = try XCTUnwrap(decoded.shown(at: ms))
            for i in stride(from: 3, to: truth.pixels.count, by: 4) {
                // GIF has one bit of alpha: at least half opaque shows, less is clear.
                XCTAssertEqual(shown.pixels[i], truth.pixels[i] >= 128 ? 255 : 0, "pixel \(i / 4) at \(ms) ms")
            }
        }
    }

    /// By default a GIF blends partly transparent pixels over the page white, as a page would
    /// show the animated PNG (issue 31: a title at half opacity on a clear bar turned solid
    /// black); `--matte` another colour. Every pixel is then solid.
    func testGIFBlendsOverAMatte() throws {
        let transition = BarTransition(from: 0, to: 1, frames: 3, fps: 50)
        for (matte, rgb) in [(GIFMatte.pageWhite, [1.0, 1.0, 1.0]), (.color(RGBAColor(red: 0.2, green: 0.1, blue: 0)), [0.2, 0.1, 0])] {
            let url = folder.appendingPathComponent("matte.gif")
            let notes = try FrameRenderer(bar: clearBar, transition: transition, scale: 1).writeAnimation(.gif, to: url, matte: matte)
            XCTAssertEqual(notes.changedPixels, 0)
            let decoded = try GIFReference.decode(url)
            for (ms, truth) in try truth(clearBar, transition) {
                let shown = try XCTUnwrap(decoded.shown(at: ms))
                var worst = 0
                for i in stride(from: 0, to: truth.pixels.count, by: 4) {
                    XCTAssertEqual(shown.pixels[i + 3], 255, "every pixel solid")
                    let alpha = Double(truth.pixels[i + 3]) / 255
                    for channel in 0..<3 {
                        let blended = Double(truth.pixels[i + channel]) * alpha + rgb[channel] * 255 * (1 - alpha)
                        worst = max(worst, abs(Int(shown.pixels[i + channel]) - Int(blended.rounded())))
                    }
                }
                XCTAssertLessThan(worst, 24, "\(matte) at \(ms) ms: the blend, within the palette's rounding")
            }
        }
    }

    /// Many colours (a gradient) beside a flat background: the background, covering most of the
    /// picture, is in the palette exactly; the gradient is near.
    func testGIFPaletteKeepsLargeAreasExact() throws {
        var image = RGBAImage(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                let at = (y * 64 + x) * 4
                let pixel: [UInt8] = y < 16 ? [UInt8(x * 4), UInt8(y * 16), UInt8(255 - x * 4), 255] : [247, 247, 250, 255]
                image.pixels.replaceSubrange(at..<at + 4, with: pixel)
            }
        }
        var colors = GIFWriter.Colors()
        colors.add(image)
        let url = folder.appendingPathComponent("gradient.gif")
        let writer = try GIFWriter(url: url, width: 64, height: 64, colors: colors)
        try writer.append(image, delay: 0.1)
        try writer.finish()
        let shown = try XCTUnwrap(GIFReference.decode(url).frames.first?.image)
        XCTAssertEqual(Array(shown.pixels[(40 * 64) * 4..<(40 * 64) * 4 + 4]), [247, 247, 250, 255])
        XCTAssertLessThan(distance(shown, image).max, 32, "1 024 gradient colours in 254 entries")
        XCTAssertLessThan(distance(shown, image).mean, 3)
    }

    /// A frame held past 655.35 s (GIF's largest delay) continues in blocks of its own
    /// rectangle: the clear disposal after the last one still clears the whole rectangle.
    func testAGIFHoldLongerThanOneDelayStillClearsItsRectangle() throws {
        func image(_ opaque: (Int, Int) -> Bool) -> RGBAImage {
            var image = RGBAImage(width: 8, height: 4)
            for y in 0..<4 { for x in 0..<8 where opaque(x, y) { image.pixels.replaceSubrange((y * 8 + x) * 4..<(y * 8 + x) * 4 + 4, with: [255, 0, 0, 255]) } }
            return image
        }
        let frames = [image { x, _ in x < 2 }, image { x, _ in x >= 4 }, image { x, _ in x == 7 }]
        var colors = GIFWriter.Colors()
        frames.forEach { colors.add($0) }
        let url = folder.appendingPathComponent("long.gif")
        let writer = try GIFWriter(url: url, width: 8, height: 4, colors: colors, plays: 1)
        try writer.append(frames[0], delay: 0.5)
        try writer.append(frames[1], delay: 700)  // 70 000 cs: two blocks
        try writer.append(frames[2], delay: 0.5)
        try writer.finish()
        let decoded = try GIFReference.decode(url)
        XCTAssertEqual(decoded.frames.map(\.milliseconds), [500, 655_350, 44_650, 500])
        XCTAssertEqual(decoded.frames.last?.image, frames[2], "the red block at the right is cleared before the last frame")
    }

    /// Browsers show a frame of 10 ms or less for 100 ms: at 120 fps, APNG and WebP frames fold
    /// to at least 11 ms, keeping the frames where the motion turns.
    func testFramesUnderTheBrowsersFloorFold() throws {
        let transition = BarTransition(from: 0, steps: [.init(to: 2, easing: .linear, frames: 25)], fps: 120, pingPong: true)
        let target = try Renderer().image(of: bar, position: 2, scale: 1)
        let webp = folder.appendingPathComponent("fast.webp")
        try FrameRenderer(bar: bar, transition: transition, scale: 1).writeAnimation(.webp, to: webp)
        let decoded = try WebPReference.decode(webp)
        XCTAssertTrue(decoded.frames.allSatisfy { $0.milliseconds > 10 }, "\(decoded.frames.map(\.milliseconds))")
        XCTAssertTrue(decoded.frames.contains { $0.image == target }, "the turn is kept")
        XCTAssertLessThan(decoded.frames.count, transition.frameCount)
        let apng = folder.appendingPathComponent("fast.png")
        try FrameRenderer(bar: bar, transition: transition, scale: 1).writeAnimation(.apng, to: apng)
        let animation = try APNGDecoder.decode([UInt8](Data(contentsOf: apng)))
        XCTAssertTrue(animation.frames.allSatisfy { $0.delay > 0.010 }, "\(animation.frames.map(\.delay))")
        XCTAssertTrue(animation.frames.contains { $0.image == target })
    }

    // MARK: WebP

    func testLosslessWebPIsExactAndFoldsHolds() throws {
        var transition = BarTransition(from: 0, steps: [.init(to: 1, frames: 7, hold: 0.3)], fps: 60)
        transition.loop = .times(2)
        let url = folder.appendingPathComponent("swipe.webp")
        try FrameRenderer(bar: bar, transition: transition, scale: 1).writeAnimation(.webp, to: url)
        let decoded = try WebPReference.decode(url)
        XCTAssertEqual(decoded.plays, 2)
        XCTAssertEqual(decoded.frames.count, 7, "the 18 hold frames fold into the last")
        for (ms, truth) in try truth(bar, transition) {
            XCTAssertEqual(try XCTUnwrap(decoded.shown(at: ms)), truth, "frame at \(ms) ms")
        }
        let total = (transition.frame(transition.frameCount - 1).time + transition.delay(after: transition.frameCount - 1)) * 1000
        XCTAssertEqual(Double(decoded.totalMilliseconds), total, accuracy: 1)
    }

    func testLossyWebPIsSmallerAndClose() throws {
        let transition = BarTransition(from: 0, to: 1, frames: 5, fps: 30)
        let lossless = folder.appendingPathComponent("a.webp"), lossy = folder.appendingPathComponent("b.webp")
        let renderer = FrameRenderer(bar: bar, transition: transition, scale: 2)
        try renderer.writeAnimation(.webp, to: lossless)
        try renderer.writeAnimation(.webp, to: lossy, quality: 60)
        let sizes = try [lossless, lossy].map { try XCTUnwrap(FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) }
        XCTAssertLessThan(sizes[1], sizes[0])
        let exact = try WebPReference.decode(lossless), near = try WebPReference.decode(lossy)
        XCTAssertEqual(near.frames.count, exact.frames.count)
        for (a, b) in zip(exact.frames, near.frames) { XCTAssertLessThan(distance(a.image, b.image).mean, 4) }
    }

    /// Noise frames from a fixed generator: opaque, or with random alpha too.
    private func noise(_ side: Int, opaque: Bool, seed: inout UInt64) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for index in pixels.indices where opaque ? index % 4 != 3 : true {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            pixels[index] = UInt8(truncatingIfNeeded: seed >> 56)
        }
        return RGBAImage(width: side, height: side, pixels: pixels)
    }

    /// Hostile round 18 F4: frames are stored as they come, past the memory budget in a scratch
    /// file, and come back exact; nothing of the scratch file is left.
    func testWebPPastTheMemoryBudgetIsExact() throws {
        var seed: UInt64 = 7
        let frames = (0..<12).map { index in noise(1024, opaque: index % 3 != 2, seed: &seed) }
        let url = folder.appendingPathComponent("big.webp")
        let writer = try WebPWriter(url: url, width: 1024, height: 1024)
        for image in frames { try writer.append(image, delay: 0.1) }
        try writer.finish(durability: .rebuildable)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        XCTAssertGreaterThan(size, CompressedFrames.budget, "the frames went past the budget")
        let decoded = try WebPReference.decode(url)
        XCTAssertEqual(decoded.frames.map(\.image), frames)
        XCTAssertEqual(decoded.frames.map(\.milliseconds), Array(repeating: 100, count: 12))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["big.webp"], "no scratch file is left")
    }

    /// Hostile round 26 F2: the scratch space never has a name in the output's folder (O_TMPFILE),
    /// so a folder swapped for a link meanwhile gets nothing created or removed by name. The
    /// kernel shows such a file as `#INODE (deleted)`; one made under a name and unlinked keeps
    /// that name.
    func testScratchSpaceNeverHasAName() throws {
        let scratch = try ScratchFile(beside: folder.appendingPathComponent("big.webp"))
        XCTAssertEqual(try scratch.append([1, 2, 3]), 0)
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        let targets = fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
        let ours = targets.filter { $0.hasPrefix(folder.resolvingSymlinksInPath().path + "/") }
        XCTAssertEqual(ours.count, 1, "\(targets)")
        let name = try XCTUnwrap(ours.first).dropFirst(folder.resolvingSymlinksInPath().path.count + 1)
        XCTAssertNotNil(name.wholeMatch(of: /#[0-9]+ \(deleted\)/), "the scratch file had a name: \(name)")
        XCTAssertEqual(try scratch.read(at: 1, count: 2), [2, 3])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }

    /// Changes at odd places (the format halves a frame's origin), a frame starting in the same
    /// millisecond as the one before (which then never shows), a frame returning to what the
    /// canvas already shows, and one shown longer than a WebP frame's 24-bit duration holds.
    func testWebPFramesAtOddPlacesAndOddTimes() throws {
        func image(_ dots: [(x: Int, y: Int)]) -> RGBAImage {
            var pixels = [UInt8](repeating: 0, count: 9 * 7 * 4)
            for dot in dots { pixels.replaceSubrange((dot.y * 9 + dot.x) * 4..<(dot.y * 9 + dot.x) * 4 + 4, with: [200, 10, 30, 255]) }
            return RGBAImage(width: 9, height: 7, pixels: pixels)
        }
        let (a, b, c, d) = (image([]), image([(3, 5)]), image([(3, 5), (8, 6)]), image([(1, 1)]))
        let url = folder.appendingPathComponent("odd.webp")
        let writer = try WebPWriter(url: url, width: 9, height: 7)
        try writer.append(a, delay: 0.1)
        try writer.append(b, delay: 0.0004)  // starts at 100 ms, as the next: never shows
        try writer.append(c, delay: 0.2)
        try writer.append(d, delay: 0.00005)  // starts at 300 ms, as the next: never shows
        try writer.append(c, delay: 20_000)  // as the canvas shows: c's 200 ms grow by 20 000 s
        try writer.append(b, delay: 0.05)
        try writer.finish(durability: .rebuildable)
        let decoded = try WebPReference.decode(url)
        XCTAssertEqual(decoded.frames.map(\.milliseconds), [100, 16_777_215, 200 + 20_000_000 - 16_777_215, 50], "c's 200 ms and 20 000 s, in two frames")
        XCTAssertEqual(decoded.frames.map(\.image), [a, c, c, b])
        // A delay that is not a number (a library caller's) is an error, not a trap.
        let bad = try WebPWriter(url: folder.appendingPathComponent("bad.webp"), width: 9, height: 7)
        for delay in [Double.nan, -1, .infinity, 2e9] {
            XCTAssertThrowsError(try bad.append(a, delay: delay), "\(delay)")
        }
    }

    // MARK: Video

    private func ffmpeg() throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/ffmpeg" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        if let path { return path }
        // CI installs ffmpeg (scripts/test): there, its absence is a failure, not a skip.
        if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("ffmpeg is not on PATH") }
        throw XCTSkip("ffmpeg is not on PATH")
    }

    /// ffmpeg's own decoder: every frame as RGBA, `width` × `height`.
    private func decodeVideo(_ url: URL, ffmpeg: String, width: Int, height: Int) throws -> [RGBAImage] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-v", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let size = width * height * 4
        XCTAssertEqual(data.count % size, 0)
        return stride(from: 0, to: data.count - size + 1, by: size).map { RGBAImage(width: width, height: height, pixels: Array(data[$0..<$0 + size])) }
    }

    /// MP4 and WebM hold BT.709, limited range, and say so: a player that reads the tags shows
    /// the colours drawn (untagged BT.601, ffmpeg's default, a browser showed #FF3B30 as #FF4C2C).
    func testVideosAreBT709AndTaggedSo() throws {
        let ffmpeg = try ffmpeg()
        let red = try SpecLoader.parse("width: 64\nheight: 32\nbackground: '#FF3B30'\nitems: [{title: A}]\nbutton: {tint: '#FF3B30', selectedTint: '#FF3B30'}\nindicator: {style: none}")
        for kind in [AnimationFileKind.mp4, .webm] {
            let url = folder.appendingPathComponent("red.\(kind.rawValue)")
            try FrameRenderer(bar: red, transition: BarTransition(from: 0, to: 0, frames: 2, fps: 10), scale: 1).writeAnimation(kind, to: url)
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: ffmpeg.replacingOccurrences(of: "ffmpeg", with: "ffprobe"))
            probe.arguments = ["-v", "error", "-show_entries", "stream=color_space,color_transfer,color_primaries,color_range", "-of", "compact", url.path]
            let out = Pipe()
            probe.standardOutput = out
            try probe.run()
            let tags = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            for tag in ["color_range=tv", "color_space=bt709", "color_transfer=bt709", "color_primaries=bt709"] {
                XCTAssertTrue(tags.contains(tag), "\(kind): \(tags)")
            }
            let shown = try XCTUnwrap(decodeVideo(url, ffmpeg: ffmpeg, width: 64, height: 32).first)
            let middle = (16 * 64 + 4) * 4
            for (channel, value) in [255, 59, 48].enumerated() {
                XCTAssertLessThanOrEqual(abs(Int(shown.pixels[middle + channel]) - value), 3, "\(kind) channel \(channel): \(Array(shown.pixels[middle..<middle + 3]))")
            }
        }
    }

    func testVideosPlayEveryFrameForItsTime() throws {
        let ffmpeg = try ffmpeg()
        // An odd size: the videos gain a pixel of padding.
        let oddBar = try SpecLoader.parse("width: 241\nheight: 49\nitems: [Home, Search, Profile]")
        var transition = BarTransition(from: 0, steps: [.init(to: 2, frames: 11, hold: 0.2)], fps: 50)
        transition.loop = .times(2)
        let frames = try truth(oddBar, transition)
        for kind in [AnimationFileKind.mp4, .webm] {
            let url = folder.appendingPathComponent("swipe.\(kind.rawValue)")
            try FrameRenderer(bar: oddBar, transition: transition, scale: 1).writeAnimation(kind, to: url)
            // The same frames make the same bytes (WebM's track IDs were random).
            let again = folder.appendingPathComponent("again.\(kind.rawValue)")
            try FrameRenderer(bar: oddBar, transition: transition, scale: 1).writeAnimation(kind, to: again)
            XCTAssertTrue(try Data(contentsOf: url) == Data(contentsOf: again), "\(kind) differs between two writes")
            let decoded = try decodeVideo(url, ffmpeg: ffmpeg, width: 242, height: 50)
            // 10 steps of 20 ms, the hold's 10 frames and the last frame's own 20 ms: 21 frames, twice.
            XCTAssertEqual(decoded.count, 2 * 21, "\(kind)")
            for (index, shown) in decoded.prefix(21).enumerated() {
                let truthFrame = frames.last { $0.ms <= Double(index) * 20 + 0.5 }!.image
                var cropped = RGBAImage(width: 241, height: 49)
                for y in 0..<49 {
                    cropped.pixels.replaceSubrange(y * 241 * 4..<(y + 1) * 241 * 4, with: shown.pixels[y * 242 * 4..<(y * 242 + 241) * 4])
                }
                // 4:2:0 chroma costs about 3–4 levels on average; a frame shown at the wrong time
                // costs 4 to 19 here: the right one must be the nearest.
                let expected = distance(cropped, truthFrame).mean
                XCTAssertLessThan(expected, 6, "\(kind) frame \(index)")
                XCTAssertLessThanOrEqual(expected, frames.map { distance(cropped, $0.image).mean }.min()! + 1e-9, "\(kind) frame \(index) shows another time")
            }
        }
    }
}

/// A stalled ffmpeg (it stops reading frames, or never ends) is stopped after a while and said.
final class StalledFFmpegTests: XCTestCase {
    func testAStalledFFmpegIsStoppedAndSaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-stall-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = (ProcessInfo.processInfo.environment["PATH"], VideoWriter.stallSeconds, VideoWriter.finishSeconds, VideoWriter.exitSeconds)
        defer {
            setenv("PATH", saved.0 ?? "/usr/bin:/bin", 1)
            VideoWriter.stallSeconds = saved.1
            VideoWriter.finishSeconds = saved.2
            VideoWriter.exitSeconds = saved.3
        }
        VideoWriter.stallSeconds = 0.5
        VideoWriter.finishSeconds = 0.5
        VideoWriter.exitSeconds = 0.5
        setenv("PATH", folder.path + ":/usr/bin:/bin", 1)
        let frame = RGBAImage(width: 400, height: 400)
        for (script, message) in [("exec sleep 1000", "ffmpeg took no whole frame in 0.5 s; stopped it"),
                                  // Round 72: reading a trickle (a frame here is 480 KB) was never stopped.
                                  ("while :; do head -c 4096 > /dev/null; sleep 0.05; done", "ffmpeg took no whole frame in 0.5 s; stopped it"),
                                  ("cat > /dev/null; exec sleep 1000", "ffmpeg did not finish within 0.5 s of its last frame; stopped it"),
                                  // Round 20: gone with status 0 mid-way said "ffmpeg failed: exit status 0".
                                  ("exit 0", "ffmpeg exited with status 0 before taking every frame"),
                                  // Round 33: closed its input and slept; the kill was ours, not "killed by signal 9".
                                  ("exec 0<&-; exec sleep 1000", "ffmpeg stopped taking frames (0 taken) and did not exit within 0.5 s; stopped it"),
                                  // Round 36: what it wrote must be an MP4 (100 random bytes went into place, exit 0).
                                  ("for last; do :; done; head -c 100 /dev/urandom > \"$last\"; cat > /dev/null; exit 0", "ffmpeg wrote no whole MP4"),
                                  // Round 41: an ftyp box claiming more than the file holds, and no movie.
                                  ("for last; do :; done; printf '\\000\\000\\000\\030ftyp' > \"$last\"; cat > /dev/null; exit 0", "ffmpeg wrote no whole MP4"),
                                  ("for last; do :; done; printf '\\000\\000\\000\\010ftyp' > \"$last\"; cat > /dev/null; exit 0", "ffmpeg wrote no whole MP4")] {
            try Data("#!/bin/sh\n\(script)\n".utf8).write(to: folder.appendingPathComponent("ffmpeg"))
            chmod(folder.appendingPathComponent("ffmpeg").path, 0o755)
            let started = Date()
            XCTAssertThrowsError(try {
                let writer = try VideoWriter(url: folder.appendingPathComponent("a.mp4"), format: .mp4, width: 400, height: 400, fps: 10)
                for _ in 0..<40 { try writer.append(frame, delay: 0.1) }
                try writer.finish(durability: .rebuildable)
            }()) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 10)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.mp4").path))
        }
    }
}

/// Hostile round 107: on a full disk ffmpeg's last lines are "Error initializing output stream
/// 0:0 --" and "Conversion failed!"; the error said the first, cut, and not that the disk was full.
extension AnimatedFormatTests {
    func testFFmpegsReasonIsTheSystemsWhenItGivesOne() {
        let full = """
            [libx264 @ 0x55] profile High, level 1.3, 4:2:0, 8-bit
            Could not write header for output file #0 (incorrect codec parameters ?): No space left on device
            Error initializing output stream 0:0 --\u{20}
            Conversion failed!
            """
        XCTAssertEqual(VideoWriter.lastLine(of: full), "Could not write header for output file #0 (incorrect codec parameters ?): No space left on device")
        XCTAssertEqual(VideoWriter.lastLine(of: "Unknown encoder 'libx264'\nConversion failed!\n"), "Conversion failed!", "no system reason: the last line")
    }
}
