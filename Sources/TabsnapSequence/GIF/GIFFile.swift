import CGif
import Foundation
import TabsnapFiles

/// giflib's encoder writing one GIF89a into a `StagedFile`: the screen with its global palette,
/// the loop count, then image blocks; `finish()` moves the file into place.
final class GIFFile {
    /// Where giflib's output goes: buffered, then written to the staged file; a write error is
    /// kept and reported once giflib gives up.
    private final class Sink {
        let file: StagedFile
        var buffer: [UInt8] = []
        var error: FileError?

        init(file: StagedFile) { self.file = file }

        func flush() {
            guard error == nil, !buffer.isEmpty else { return }
            do { try file.write(buffer) } catch { self.error = error }
            buffer.removeAll(keepingCapacity: true)
        }
    }

    private let sink: Sink
    private let gif: UnsafeMutablePointer<GifFileType>
    private let path: String
    private var closed = false

    /// `plays`: how many times a viewer plays it, 0 for forever.
    init(url: URL, width: Int, height: Int, palette: GIFPalette, plays: Int) throws(FileError) {
        path = url.path
        transparent = Int32(palette.transparent)
        guard width <= 65_535, height <= 65_535 else {
            throw FileError(path: url.path, reason: "a GIF is at most 65 535 px a side; this animation is \(width)×\(height)")
        }
        sink = Sink(file: try StagedFile(target: url))
        var code: Int32 = 0
        let output: OutputFunc = { gif, bytes, count in
            guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            sink.buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
            if sink.buffer.count >= 1 << 20 { sink.flush() }
            return sink.error == nil ? count : 0
        }
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), output, &code) else {
            throw FileError(path: url.path, reason: "cannot start the GIF encoder (giflib error \(code))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        guard let map = GifMakeMapObject(Int32(palette.tableSize), nil) else {
            throw FileError(path: url.path, reason: "out of memory")  // deinit closes the encoder
        }
        defer { GifFreeMapObject(map) }
        for (index, color) in palette.colors.enumerated() {
            map.pointee.Colors[index] = GifColorType(Red: PackedColor.red(color), Green: PackedColor.green(color), Blue: PackedColor.blue(color))
        }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, Int32(palette.transparent), map))
        if plays != 1 {
            // NETSCAPE2.0 counts repeats after the first play; 0 repeats forever.
            let repeats = plays == 0 ? 0 : plays - 1
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
            try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
            try check(EGifPutExtensionBlock(gif, 3, [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]))
            try check(EGifPutExtensionTrailer(gif))
        }
    }

    private let transparent: Int32

    deinit {
        if !closed {
            var code: Int32 = 0
            EGifCloseFile(gif, &code)
        }
    }

    /// Appends an image; a delay past what one block can say (65 535 cs) continues in blocks of
    /// the same rectangle that change nothing (all transparent), the last of them carrying the
    /// image's disposal, so a clear disposal still clears the whole rectangle.
    func write(_ block: GIFImageBlock) throws(FileError) {
        var delay = block.delay
        var first = true
        repeat {
            let part = min(delay, 65_535)
            delay -= part
            let disposal = delay > 0 ? GIFImageBlock.Disposal.keep : block.disposal
            if first {
                try writeImage(block, delay: part, disposal: disposal)
                first = false
            } else {
                var nothing = block
                nothing.pixels = [UInt8](repeating: UInt8(transparent), count: block.width * block.height)
                try writeImage(nothing, delay: part, disposal: disposal)
            }
        } while delay > 0
    }

    private func writeImage(_ block: GIFImageBlock, delay: Int, disposal: GIFImageBlock.Disposal) throws(FileError) {
        var control = GraphicsControlBlock(DisposalMode: disposal.rawValue, UserInputFlag: false,
                                           DelayTime: Int32(delay), TransparentColor: transparent)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        try check(EGifPutImageDesc(gif, Int32(block.x), Int32(block.y), Int32(block.width), Int32(block.height), false, nil))
        var line = [UInt8](repeating: 0, count: block.width)
        for row in 0..<block.height {
            let start = row * block.width
            // A copy: giflib masks the line it is given in place.
            line.replaceSubrange(0..<block.width, with: block.pixels[start..<start + block.width])
            try check(EGifPutLine(gif, &line, Int32(block.width)))
        }
    }

    /// Writes the trailer and moves the file into place.
    func finish(durability: Durability = .durable) throws(FileError) {
        closed = true
        var code: Int32 = 0
        let result = EGifCloseFile(gif, &code)
        if let error = sink.error { throw error }
        guard result == GIF_OK else { throw FileError(path: path, reason: "the GIF encoder failed (giflib error \(code))") }
        sink.flush()
        if let error = sink.error { throw error }
        try sink.file.commit(durability)
    }

    private func check(_ result: Int32) throws(FileError) {
        guard result == GIF_OK else {
            if let error = sink.error { throw error }
            throw FileError(path: path, reason: "the GIF encoder failed (giflib error \(gif.pointee.Error))")
        }
    }
}
