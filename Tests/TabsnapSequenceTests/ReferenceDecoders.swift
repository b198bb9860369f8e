import CGif
import CWebP
import Foundation
import TabsnapPNG

/// A decoded animation as a viewer shows it: whole canvases, each with how long it shows.
struct DecodedAnimation {
    var frames: [(image: RGBAImage, milliseconds: Int)]
    /// Plays: 0 forever.
    var plays: Int
}

/// GIFs read back with giflib's decoder (not Tabsnap's code), composed by the format's rules:
/// each image drawn over the canvas but for its transparent index, then disposed as it says.
enum GIFReference {
    struct Failure: Error { var message: String }

    static func decode(_ url: URL) throws -> DecodedAnimation {
        var code: Int32 = 0
        guard let gif = DGifOpenFileName(url.path, &code) else { throw Failure(message: "cannot open (\(code))") }
        defer { DGifCloseFile(gif, &code) }
        guard DGifSlurp(gif) == GIF_OK else { throw Failure(message: "cannot decode (\(gif.pointee.Error))") }
        let width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var frames: [(RGBAImage, Int)] = []
        var plays = 1
        for index in 0..<Int(gif.pointee.ImageCount) {
            let saved = gif.pointee.SavedImages[index]
            for block in 0..<Int(saved.ExtensionBlockCount) {
                let ext = saved.ExtensionBlocks[block]
                // NETSCAPE2.0's sub-block: 1, then the repeats (0: forever), little-endian.
                if ext.Function == CONTINUE_EXT_FUNC_CODE, ext.ByteCount == 3, ext.Bytes[0] == 1 {
                    let repeats = Int(ext.Bytes[1]) | Int(ext.Bytes[2]) << 8
                    plays = repeats == 0 ? 0 : repeats + 1
                }
            }
            var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: -1)
            DGifSavedExtensionToGCB(gif, Int32(index), &control)
            let desc = saved.ImageDesc
            guard let map = desc.ColorMap ?? gif.pointee.SColorMap else { throw Failure(message: "no colour map") }
            let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
            guard left + w <= width, top + h <= height else { throw Failure(message: "image \(index) outside the canvas") }
            for y in 0..<h {
                for x in 0..<w {
                    let value = Int32(saved.RasterBits[y * w + x])
                    guard value != control.TransparentColor else { continue }
                    guard value < map.pointee.ColorCount else { throw Failure(message: "index \(value) past the colour map") }
                    let color = map.pointee.Colors[Int(value)]
                    let at = ((top + y) * width + left + x) * 4
                    canvas[at] = color.Red
                    canvas[at + 1] = color.Green
                    canvas[at + 2] = color.Blue
                    canvas[at + 3] = 255
                }
            }
            frames.append((RGBAImage(width: width, height: height, pixels: canvas), Int(control.DelayTime) * 10))
            if control.DisposalMode == DISPOSE_BACKGROUND {
                for y in top..<(top + h) {
                    for x in left..<(left + w) {
                        for c in 0..<4 { canvas[(y * width + x) * 4 + c] = 0 }
                    }
                }
            }
        }
        return DecodedAnimation(frames: frames, plays: plays)
    }
}

/// Animated WebPs read back with libwebp's own animation decoder.
enum WebPReference {
    struct Failure: Error { var message: String }

    static func decode(_ url: URL) throws -> DecodedAnimation {
        let bytes = try [UInt8](Data(contentsOf: url))
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw Failure(message: "version mismatch") }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { throw Failure(message: "not an animated WebP") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw Failure(message: "no info") }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var frames: [(RGBAImage, Int)] = []
            var previousEnd: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &end) != 0, let pixels else { throw Failure(message: "bad frame") }
                let image = RGBAImage(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
                frames.append((image, Int(end - previousEnd)))
                previousEnd = end
            }
            return DecodedAnimation(frames: frames, plays: Int(info.loop_count))
        }
    }
}

extension DecodedAnimation {
    /// The canvas shown `milliseconds` after the start.
    func shown(at milliseconds: Double) -> RGBAImage? {
        var start = 0.0
        var current = frames.first?.image
        for frame in frames {
            if start > milliseconds + 0.5 { break }
            current = frame.image
            start += Double(frame.milliseconds)
        }
        return current
    }

    var totalMilliseconds: Int { frames.reduce(0) { $0 + $1.milliseconds } }
}
