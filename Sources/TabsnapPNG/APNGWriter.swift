import Foundation
import TabsnapFiles

/// Writes an animated PNG, looping forever unless told a number of plays, as small as the frames allow and without holding
/// them: each frame is compressed as it comes and only its compressed bytes are kept until
/// `finish()` writes the file — in memory up to a budget, then on disk (`CompressedFrames`).
///
/// - The first frame is whole (it is also the still image non-animating viewers show); each later
///   frame holds only the rectangle that changed since the one before.
/// - A frame equal to the one before (a hold) is not stored again: the one before shows longer.
/// - The pixels of that rectangle that did not change are written transparent and the frame is
///   blended over the canvas: long runs of one value, which compress to almost nothing.
/// - While every frame is opaque — a tab bar nearly always is — the file is RGB (colour type 2),
///   a quarter fewer bytes, and "transparent" is a key colour (tRNS) no frame uses. A frame that
///   uses the key moves it to another unused colour; the first frame with any transparency turns
///   the file RGBA (unchanged pixels then alpha 0, for frames whose changed pixels are opaque).
///   Either way the frames already stored are re-encoded then.
///
/// The file appears under its name only when `finish()` succeeds (see `StagedFile`); a write error
/// (a full disk) is thrown with the file's path.
public final class APNGWriter {
    /// What the writer throws: a `FileError` naming the file being written.
    public typealias Failure = FileError

    typealias Region = ImageRegion

    /// A frame as stored: where it goes, how long it shows, how it meets the canvas, its data.
    private struct StoredFrame {
        var region: Region
        var delay: FrameDelay
        var blendsOver: Bool
        /// Its compressed data in `store`; nil: a frame that changes nothing (one transparent
        /// pixel over the canvas), made in `finish()` when the key colour is settled.
        var data: Int?
    }

    /// No filter: with unchanged pixels one key value, measured smaller than libpng's adaptive
    /// choice or any single filter on every frame of the five-tab swipe (apngasm, trying all, also
    /// picks none there).
    static let filter = PNGFilterChoice.every(.none)

    private let file: StagedFile
    private let width: Int
    private let height: Int
    /// How many frames the caller said it would append (nil: not said).
    private let frameCount: Int?
    private let compression: PNGCompression
    /// acTL's num_plays: 0 for forever.
    private let plays: Int
    private let durability: Durability
    private let encoder: PNGScanlineEncoder
    private var frames: [StoredFrame] = []
    /// The frames' compressed data: in memory up to a budget, then on disk beside the file.
    private let store: CompressedFrames
    /// The most bytes the file may have (a golden's limit), checked as frames come and before
    /// the file is written.
    private let limit: ByteLimit?
    private var previous: RGBAImage?
    /// Colour type 2 (RGB) while every frame so far is opaque. Never at `.fast` (a failing
    /// check's artifacts): RGBA's unchanged pixels are zeros, which deflate skips over, where RGB's
    /// key colour must be matched and every colour tracked to choose it — measured faster to
    /// write, for somewhat larger files.
    private var opaque = true
    /// Every colour a stored frame shows (RGB mode), and the unused one standing for "unchanged".
    private var colors = ColorSet()
    private var key: UInt32 = 0
    private var appended = 0
    private let mark: (keyword: String, text: String)?
    /// iTXt chunks carried after the mark (a transition golden's motion).
    private let notes: [(keyword: String, text: String)]
    /// Frames being compressed on other threads, each with its index in `frames`, stored in
    /// order as they are done (`settle()`): the compression, most of the writer's time, on
    /// every core. The choices that depend on the frames before (region, key colour, RGB or
    /// RGBA) stay here, in order.
    private let compressions: EncodeQueue<Int>

    /// `frameCount` frames will be appended, when it is given (holds among them are stored once).
    /// `encoder`: one a caller writing several files in turn on one thread can share (its
    /// buffers are a frame's size).
    /// `plays`: how many times a viewer plays it, 0 for forever.
    /// `mark`: a `PNGTextMark` (keyword, text) to carry after IHDR; `notes`: iTXt chunks
    /// (`PNGInternationalText`) to carry after it. `limit`: the file is
    /// refused, unwritten, when it would be larger (a golden the next check could not read),
    /// from the frame that takes it over: the frames still to come are not drawn for nothing.
    /// `encodeThreads`: frames compressed at once on other threads (1, the default: each on the
    /// caller's thread as it comes; the file is the same bytes either way). With a `limit`,
    /// frames are compressed one by one, so the limit is checked as each comes.
    public init(url: URL, width: Int, height: Int, frameCount: Int? = nil, compression: PNGCompression = .dense, plays: Int = 0,
                durability: Durability = .durable, encoder: PNGScanlineEncoder = PNGScanlineEncoder(),
                mark: (keyword: String, text: String)? = nil, notes: [(keyword: String, text: String)] = [],
                limit: ByteLimit? = nil, encodeThreads: Int = 1) throws(FileError) {
        compressions = EncodeQueue(depth: limit == nil ? encodeThreads : 1)
        self.mark = mark
        self.notes = notes
        self.limit = limit
        if let frameCount, frameCount <= 0 { throw FileError(path: url.path, reason: "an animation needs at least one frame") }
        self.plays = max(plays, 0)
        self.width = width
        self.height = height
        self.frameCount = frameCount
        self.compression = compression
        self.durability = durability
        self.encoder = encoder
        file = try StagedFile(target: url)
        store = CompressedFrames(target: file.target)
    }

    /// Appends the next frame, shown for `delay` seconds.
    public func append(_ image: RGBAImage, delay: Double) throws(FileError) {
        guard image.width == width && image.height == height else {
            throw FileError(path: file.target.path, reason: "frame \(appended) is \(image.width)×\(image.height) px; the animation's frames are \(width)×\(height)")
        }
        if let frameCount, appended >= frameCount {
            throw FileError(path: file.target.path, reason: "more frames than the \(frameCount) announced")
        }
        appended += 1
        guard let previous else {
            let whole = Region(x: 0, y: 0, width: width, height: height)
            opaque = compression != .fast && image.isOpaque(in: whole)
            if opaque {
                colors.insert(image, in: whole, changedFrom: nil)
                // A first frame with all 2^24 colours leaves no key: RGBA from the start.
                if let unused = colors.firstMissing() { key = unused } else { opaque = false }
            }
            frames.append(StoredFrame(region: whole, delay: FrameDelay(seconds: delay), blendsOver: false, data: nil))
            try compress(image, whole, unchangedFrom: nil)
            self.previous = image
            try checkLimitSoFar()
            return
        }
        guard let region = RGBAImage.changedRegion(from: previous, to: image) else {
            // A hold: the frame before shows longer, its delay summed exactly (in its own units;
            // a delay in other units gets a frame of its own that changes nothing).
            if !frames[frames.count - 1].delay.add(FrameDelay(seconds: delay)) {
                frames.append(StoredFrame(region: Self.nothing, delay: FrameDelay(seconds: delay), blendsOver: true, data: nil))
            }
            return
        }
        if opaque && !image.isOpaque(in: region) {
            try reencodeAsRGBA()
        } else if opaque {
            colors.insert(image, in: region, changedFrom: previous)
            if colors.contains(key), let unused = colors.firstMissing() { try rekey(to: unused) }
            // With all 2^24 colours in use (a 4096 × 4096 noise frame) no key is left: such a
            // file goes RGBA.
            if colors.contains(key) { try reencodeAsRGBA() }
        }
        let over = opaque || Self.changedPixelsAreOpaque(from: previous, to: image, in: region)
        frames.append(StoredFrame(region: region, delay: FrameDelay(seconds: delay), blendsOver: over, data: nil))
        try compress(image, region, unchangedFrom: over ? previous : nil)
        self.previous = image
        try checkLimitSoFar()
    }

    /// Refuses the file as soon as the frames stored so far, with their chunks, pass `limit`:
    /// a 64-frame transition of noise once took 17 s to draw for a refusal at `finish()`. (The
    /// count is what the file has so far; only a key colour moved later re-encodes stored frames,
    /// by a few bytes.)
    private func checkLimitSoFar() throws(FileError) {
        guard let limit else { return }
        try settle()
        let soFar = fileBytes(frames: frames.count, data: store.totalBytes, keyChunk: false)
        if soFar > limit.bytes { throw FileError(path: file.target.path, reason: limit.refusal(soFar, soFar: true)) }
    }

    /// The bytes of a file of `frames` frames whose data comes to `data` bytes: the signature,
    /// IHDR, the mark's tEXt, sRGB, the key colour's tRNS when there is one, acTL and IEND, and
    /// for each frame its fcTL (12 + 26) and data chunk (12, and 4 for an fdAT's sequence
    /// number: the first frame's IDAT has none).
    private func fileBytes(frames: Int, data: Int, keyChunk: Bool) -> Int {
        let header = 8 + 25 + (mark.map { 12 + PNGTextMark.chunkData(keyword: $0.keyword, text: $0.text).count } ?? 0)
            + notes.reduce(0) { $0 + 12 + PNGInternationalText.chunkData(keyword: $1.keyword, text: $1.text).count } + 13 + (keyChunk ? 18 : 0) + 20
        return header + frames * (38 + 16) - (frames > 0 ? 4 : 0) + data + 12
    }

    /// Writes the file and moves it into place.
    public func finish() throws(FileError) {
        if let frameCount, appended != frameCount {
            throw FileError(path: file.target.path, reason: "\(appended) of \(frameCount) frames written")
        }
        guard !frames.isEmpty else { throw FileError(path: file.target.path, reason: "an animation needs at least one frame") }
        try settle()
        // A delay over what one frame can say (65 535 units) continues in frames that change nothing.
        var entries: [StoredFrame] = []
        for frame in frames {
            for (index, part) in frame.delay.parts.enumerated() {
                entries.append(index == 0 ? StoredFrame(region: frame.region, delay: part, blendsOver: frame.blendsOver, data: frame.data)
                                          : StoredFrame(region: Self.nothing, delay: part, blendsOver: true, data: nil))
            }
        }
        let nothing = transparentPixelData()
        if let limit {
            // Every byte is known before one is written.
            let data = entries.reduce(0) { $0 + ($1.data.map(store.byteCount) ?? nothing.count) }
            let total = fileBytes(frames: entries.count, data: data, keyChunk: opaque && entries.count > 1)
            guard total <= limit.bytes else { throw FileError(path: file.target.path, reason: limit.refusal(total)) }
        }
        var out = PNGChunk.signature
        PNGChunk.append("IHDR", PNGChunk.header(width: width, height: height, colorType: opaque ? 2 : 6), to: &out)
        if let mark { PNGChunk.append("tEXt", PNGTextMark.chunkData(keyword: mark.keyword, text: mark.text), to: &out) }
        for note in notes { PNGChunk.append("iTXt", PNGInternationalText.chunkData(keyword: note.keyword, text: note.text), to: &out) }
        PNGChunk.append("sRGB", [0], to: &out)
        if opaque && entries.count > 1 {
            PNGChunk.append("tRNS", [0, UInt8(key >> 16), 0, UInt8((key >> 8) & 0xFF), 0, UInt8(key & 0xFF)], to: &out)
        }
        var control: [UInt8] = []
        PNGChunk.appendBigEndian(UInt32(entries.count), to: &control)
        PNGChunk.appendBigEndian(UInt32(clamping: plays), to: &control)
        PNGChunk.append("acTL", control, to: &out)
        var sequence: UInt32 = 0
        for (index, frame) in entries.enumerated() {
            PNGChunk.append("fcTL", Self.frameControl(frame, sequence: sequence), to: &out)
            sequence += 1
            let data = try frame.data.map(store.data) ?? nothing
            if index == 0 {
                PNGChunk.append("IDAT", data, to: &out)
            } else {
                var body: [UInt8] = []
                body.reserveCapacity(data.count + 4)
                PNGChunk.appendBigEndian(sequence, to: &body)
                body += data
                PNGChunk.append("fdAT", body, to: &out)
                sequence += 1
            }
            if out.count > 1 << 20 {
                try file.write(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        PNGChunk.append("IEND", [], to: &out)
        try file.write(out)
        try file.commit(durability)
    }

    // MARK: Frames

    /// Where a frame that changes nothing goes: one pixel in the corner.
    private static let nothing = Region(x: 0, y: 0, width: 1, height: 1)

    /// One transparent pixel (the key colour in RGB), blended over: the canvas as it was.
    private func transparentPixelData() -> [UInt8] {
        let bpp = opaque ? 3 : 4
        let pixel: [UInt8] = opaque ? [UInt8(key >> 16), UInt8((key >> 8) & 0xFF), UInt8(key & 0xFF)] : [0, 0, 0, 0]
        return encoder.compressedScanlines(width: 1, height: 1, bytesPerPixel: bpp, compression: compression, filter: Self.filter) { _, row in
            for k in 0..<bpp { row[k] = pixel[k] }
        }
    }

    /// Compresses the newest frame (`frames.last`), on another thread when there are several,
    /// storing the oldest ones done past the queue's depth.
    private func compress(_ image: RGBAImage, _ region: Region, unchangedFrom earlier: RGBAImage?) throws(FileError) {
        let index = frames.count - 1
        if compressions.depth == 1 {
            frames[index].data = try store.append(Self.encode(image, region, unchangedFrom: earlier, opaque: opaque, key: key, width: width,
                                                              compression: compression, encoder: encoder))
            return
        }
        let (opaque, key, width, compression) = (opaque, key, width, compression)
        if let done = compressions.submit(index, {
            Self.encode(image, region, unchangedFrom: earlier, opaque: opaque, key: key, width: width, compression: compression,
                        encoder: PNGScanlineEncoder())
        }) {
            frames[done.item].data = try store.append(done.bytes())
        }
    }

    /// Stores every frame still being compressed, in order: before anything reads the stored
    /// frames (a new key colour, RGBA, the limit, the file).
    private func settle() throws(FileError) {
        for done in compressions.drain() { frames[done.item].data = try store.append(done.bytes()) }
    }

    /// The zlib stream of `region` of `image`, as RGB (`opaque`) or RGBA; with `unchangedFrom`,
    /// the pixels equal to that image's are written transparent (the key colour in RGB, alpha
    /// 0 in RGBA). Touches nothing of a writer's: it runs on other threads.
    private static func encode(_ image: RGBAImage, _ region: Region, unchangedFrom earlier: RGBAImage?, opaque: Bool, key packed: UInt32,
                               width: Int, compression: PNGCompression, encoder: PNGScanlineEncoder) -> [UInt8] {
        let bpp = opaque ? 3 : 4
        // Unchanged pixels become the key colour (RGB) or transparent black (RGBA).
        let key = (UInt8(packed >> 16), UInt8((packed >> 8) & 0xFF), UInt8(packed & 0xFF))
        return image.pixels.withUnsafeBufferPointer { pixels in
            (earlier?.pixels ?? []).withUnsafeBufferPointer { before in
                encoder.compressedScanlines(width: region.width, height: region.height, bytesPerPixel: bpp,
                                            compression: compression, filter: Self.filter) { y, row in
                    let start = ((region.y + y) * width + region.x) * 4
                    // (An empty array's buffer may still have an address: test `earlier` itself.)
                    let source = pixels.baseAddress! + start, old = earlier == nil ? nil : before.baseAddress.map { $0 + start }
                    let words = UnsafeRawPointer(source), oldWords = old.map(UnsafeRawPointer.init)
                    if bpp == 4 {
                        guard let oldWords else {
                            row.update(from: source, count: region.width * 4)
                            return
                        }
                        let out = UnsafeMutableRawPointer(row)
                        for x in 0..<region.width {
                            let pixel = words.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                            let unchanged = oldWords.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) == pixel
                            out.storeBytes(of: unchanged ? 0 : pixel, toByteOffset: x * 4, as: UInt32.self)
                        }
                        return
                    }
                    for x in 0..<region.width {
                        let unchanged = oldWords.map {
                            $0.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self) == words.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        } ?? false
                        row[x * 3] = unchanged ? key.0 : source[x * 4]
                        row[x * 3 + 1] = unchanged ? key.1 : source[x * 4 + 1]
                        row[x * 3 + 2] = unchanged ? key.2 : source[x * 4 + 2]
                    }
                }
            }
        }
    }

    /// The stored RGB frames with the key colour moved to `newKey` (unused by every frame).
    private func rekey(to newKey: UInt32) throws(FileError) {
        let old = key
        key = newKey
        try recode(bytesPerPixel: 3) { rgb, out in
            let value = UInt32(rgb[0]) << 16 | UInt32(rgb[1]) << 8 | UInt32(rgb[2])
            let color = value == old ? newKey : value
            out[0] = UInt8(color >> 16); out[1] = UInt8((color >> 8) & 0xFF); out[2] = UInt8(color & 0xFF)
        }
    }

    /// The stored RGB frames again as RGBA: the key colour becomes alpha 0, the rest opaque.
    private func reencodeAsRGBA() throws(FileError) {
        let key = self.key
        opaque = false
        try recode(bytesPerPixel: 4) { rgb, out in
            let isKey = UInt32(rgb[0]) << 16 | UInt32(rgb[1]) << 8 | UInt32(rgb[2]) == key
            for k in 0..<3 { out[k] = isKey ? 0 : rgb[k] }
            out[3] = isKey ? 0 : 255
        }
    }

    /// Every stored RGB frame's pixels read back from its data, mapped by `pixel`, compressed again.
    private func recode(bytesPerPixel bpp: Int, pixel: (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>) -> Void) throws(FileError) {
        try settle()
        for index in frames.indices {
            let region = frames[index].region
            // Frames that change nothing are made in finish(); our own stream always inflates
            // (were it not to, the frame would stay as it is).
            guard let slot = frames[index].data,
                  let rgb = Self.unfilteredRows(try store.data(slot), width: region.width, height: region.height, bytesPerPixel: 3) else {
                continue
            }
            try store.replace(slot, with: rgb.withUnsafeBufferPointer { rgb in
                encoder.compressedScanlines(width: region.width, height: region.height, bytesPerPixel: bpp,
                                            compression: compression, filter: Self.filter) { y, row in
                    let source = rgb.baseAddress! + y * region.width * 3
                    for x in 0..<region.width { pixel(source + x * 3, row + x * bpp) }
                }
            })
        }
    }

    /// The pixel rows (no filter bytes) a zlib stream of filtered scanlines holds.
    private static func unfilteredRows(_ data: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8]? {
        let rowBytes = width * bpp
        guard let inflated = Deflate.zlibDecompress(data, expectedSize: height * (rowBytes + 1)) else { return nil }
        var rows = [UInt8](repeating: 0, count: height * rowBytes)
        let zeros = [UInt8](repeating: 0, count: max(rowBytes, 1))
        return rows.withUnsafeMutableBufferPointer { out -> [UInt8]? in
            for y in 0..<height {
                let line = y * (rowBytes + 1)
                guard let filter = PNGFilter(rawValue: inflated[line]) else { return nil }
                let row = out.baseAddress! + y * rowBytes
                for i in 0..<rowBytes { row[i] = inflated[line + 1 + i] }
                zeros.withUnsafeBufferPointer { zeros in
                    filter.reverse(row: row, previous: y > 0 ? UnsafePointer(row - rowBytes) : zeros.baseAddress!,
                                   count: rowBytes, bytesPerPixel: bpp)
                }
            }
            return Array(out)
        }
    }

    private static func frameControl(_ frame: StoredFrame, sequence: UInt32) -> [UInt8] {
        var data: [UInt8] = []
        PNGChunk.appendBigEndian(sequence, to: &data)
        let region = frame.region
        for value in [region.width, region.height, region.x, region.y] { PNGChunk.appendBigEndian(UInt32(value), to: &data) }
        let (numerator, denominator) = (UInt16(frame.delay.count), UInt16(frame.delay.perSecond))
        data += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
        data += [0, frame.blendsOver ? 1 : 0]  // dispose none; blend source or over
        return data
    }

    /// The delay a reader gets back after `seconds` went through an APNG file (holds merged).
    public static func storedDelay(_ seconds: Double) -> Double {
        FrameDelay(seconds: seconds).seconds
    }

    /// Whether every pixel of `region` that differs between the two images is opaque in `b`.
    private static func changedPixelsAreOpaque(from a: RGBAImage, to b: RGBAImage, in region: Region) -> Bool {
        a.pixels.withUnsafeBytes { before in
            b.pixels.withUnsafeBytes { now in
                var y = region.y
                while y < region.y + region.height {
                    var offset = (y * b.width + region.x) * 4
                    let end = offset + region.width * 4
                    while offset < end {
                        let pixel = now.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                        if UInt32(littleEndian: pixel) >> 24 != 255, before.loadUnaligned(fromByteOffset: offset, as: UInt32.self) != pixel {
                            return false
                        }
                        offset += 4
                    }
                    y += 1
                }
                return true
            }
        }
    }
}

extension RGBAImage {
    /// Whether every pixel in the region has alpha 255.
    package func isOpaque(in region: ImageRegion) -> Bool {
        pixels.withUnsafeBufferPointer { pixels in
            var y = region.y
            while y < region.y + region.height {
                var i = (y * width + region.x) * 4 + 3
                let end = i + region.width * 4
                while i < end {
                    if pixels[i] != 255 { return false }
                    i += 4
                }
                y += 1
            }
            return true
        }
    }
}

extension APNGWriter {
    /// Writes frames already in memory as an animated PNG (all frames must share one size).
    public static func write(_ frames: [AnimationFrame], to url: URL) throws(FileError) {
        guard let first = frames.first else { throw FileError(path: url.path, reason: "an animation needs at least one frame") }
        let writer = try APNGWriter(url: url, width: first.image.width, height: first.image.height, frameCount: frames.count)
        for frame in frames { try writer.append(frame.image, delay: frame.delay) }
        try writer.finish()
    }
}

/// Which of the 2^24 RGB colours occur: a bit each (2 MB).
struct ColorSet {
    private var words = [UInt64](repeating: 0, count: 1 << 18)

    mutating func insert(_ color: UInt32) {
        words[Int(color >> 6)] |= 1 << UInt64(color & 63)
    }

    func contains(_ color: UInt32) -> Bool {
        words[Int(color >> 6)] & (1 << UInt64(color & 63)) != 0
    }

    /// The colours of `region` of `image` (those that differ from `earlier`, when given). Words
    /// through pointers, while loops: this runs over every frame, in debug builds too.
    mutating func insert(_ image: RGBAImage, in region: APNGWriter.Region, changedFrom earlier: RGBAImage?) {
        let width = image.width
        words.withUnsafeMutableBufferPointer { bits in
            image.pixels.withUnsafeBytes { now in
                (earlier?.pixels ?? []).withUnsafeBytes { before in
                    let compare = earlier != nil
                    var y = region.y
                    while y < region.y + region.height {
                        var offset = (y * width + region.x) * 4
                        let end = offset + region.width * 4
                        while offset < end {
                            let pixel = now.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                            if !compare || before.loadUnaligned(fromByteOffset: offset, as: UInt32.self) != pixel {
                                let color = UInt32(now[offset]) << 16 | UInt32(now[offset + 1]) << 8 | UInt32(now[offset + 2])
                                bits[Int(color >> 6)] |= 1 << UInt64(color & 63)
                            }
                            offset += 4
                        }
                        y += 1
                    }
                }
            }
        }
    }

    /// The smallest colour not in the set (nil when all are).
    func firstMissing() -> UInt32? {
        guard let index = words.firstIndex(where: { $0 != .max }) else { return nil }
        return UInt32(index << 6 + (~words[index]).trailingZeroBitCount)
    }
}

/// A frame's delay as APNG stores it: `count` units of 1/`perSecond` s — one unit of 1/fps when
/// the delay is exactly a frame at some fps, else whole milliseconds. Holds add counts exactly, so
/// a merged hold reads back as the sum of its frames' stored delays.
struct FrameDelay: Equatable {
    var count: Int
    var perSecond: Int

    init(seconds: Double) {
        let rate = 1 / max(seconds, 1e-6)
        if abs(rate - rate.rounded()) < 1e-6, rate.rounded() <= 65_535 {
            (count, perSecond) = (1, Int(rate.rounded()))
        } else {
            // Delays come range-checked (at most 10 minutes), so this is a small whole number.
            (count, perSecond) = (Int(min(max((seconds * 1000).rounded(), 0), 1e9)), 1000)
        }
    }

    private init(count: Int, perSecond: Int) {
        self.count = count
        self.perSecond = perSecond
    }

    var seconds: Double { Double(count) / Double(perSecond) }

    /// Adds `other` when it is in the same units; false (nothing changed) when not.
    mutating func add(_ other: FrameDelay) -> Bool {
        guard other.perSecond == perSecond else { return false }
        count += other.count
        return true
    }

    /// The fcTL delays saying this one: one, or several when it is over 65 535 units.
    var parts: [FrameDelay] {
        guard count > 65_535 else { return [self] }
        return stride(from: 0, to: count, by: 65_535).map { FrameDelay(count: min(65_535, count - $0), perSecond: perSecond) }
    }
}
