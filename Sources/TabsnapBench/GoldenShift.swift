import Foundation
import Tabsnap

/// Makes every golden in a folder fail: each frame moved one pixel to the right, as a layout
/// regression would (every vertical edge of the bar differs, in every frame of a transition).
enum GoldenShift {
    static func shiftAll(in folder: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
        for name in names {
            let url = folder.appendingPathComponent(name)
            let animation = try SnapshotComparison.load(url)
            let frames = animation.frames.map { AnimationFrame(image: shiftedRight($0.image), delay: $0.delay) }
            try SnapshotComparison.write(frames, to: url)
        }
    }

    static func shiftedRight(_ image: RGBAImage) -> RGBAImage {
        var out = RGBAImage(width: image.width, height: image.height)
        let row = image.width * 4
        for y in 0..<image.height where image.width > 1 {
            let start = y * row
            out.pixels.replaceSubrange((start + 4)..<(start + row), with: image.pixels[start..<(start + row - 4)])
        }
        return out
    }
}
