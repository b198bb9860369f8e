/// One image of a GIF as the file stores it: a rectangle of palette indices over the canvas.
struct GIFImageBlock: Equatable {
    enum Disposal: Int32 {
        /// The image stays on the canvas under the next (giflib's DISPOSE_DO_NOT).
        case keep = 1
        /// Its rectangle turns transparent before the next (DISPOSE_BACKGROUND).
        case clear = 2
    }

    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var pixels: [UInt8]
    /// Centiseconds.
    var delay: Int
    var disposal: Disposal
}

/// Decides what each frame stores, given the canvas the frame before leaves.
///
/// - The first image is the whole canvas; each later one only the rectangle that changed, its
///   unchanged pixels transparent (the canvas shows through, and runs of one index compress to
///   almost nothing).
/// - A transparent pixel cannot uncover anything in a kept canvas, so when the next frame turns
///   a shown pixel transparent, this frame's rectangle is widened to cover it and disposed to
///   transparent after it shows. One frame is held back until the next is known for that.
struct GIFCanvasPlan {
    let width: Int
    let height: Int
    let transparent: UInt8
    /// The canvas as shown before `current` draws.
    private var before: [UInt8]
    private var current: (indices: [UInt8], delay: Int)?
    private var isFirst = true

    init(width: Int, height: Int, transparent: UInt8) {
        self.width = width
        self.height = height
        self.transparent = transparent
        before = [UInt8](repeating: transparent, count: width * height)
    }

    /// Takes the next frame; returns the one before it, now that its disposal is known.
    mutating func add(_ indices: [UInt8], delay: Int) -> GIFImageBlock? {
        let block = current.map { plan($0.indices, delay: $0.delay, next: indices) }
        current = (indices, delay)
        return block
    }

    mutating func finish() -> GIFImageBlock? {
        defer { current = nil }
        return current.map { plan($0.indices, delay: $0.delay, next: nil) }
    }

    private mutating func plan(_ frame: [UInt8], delay: Int, next: [UInt8]?) -> GIFImageBlock {
        var rect = isFirst ? Rect(x0: 0, y0: 0, x1: width, y1: height) : bounds { frame[$0] != before[$0] }
        isFirst = false
        var disposal = GIFImageBlock.Disposal.keep
        if let next {
            let uncovered = bounds { next[$0] == transparent && frame[$0] != transparent }
            if !uncovered.isEmpty {
                disposal = .clear
                rect = rect.union(uncovered)
            }
        }
        if rect.isEmpty { rect = Rect(x0: 0, y0: 0, x1: 1, y1: 1) }  // nothing changed: one unchanged pixel
        var pixels = [UInt8](repeating: transparent, count: rect.width * rect.height)
        for y in rect.y0..<rect.y1 {
            let row = y * width, out = (y - rect.y0) * rect.width - rect.x0
            for x in rect.x0..<rect.x1 where frame[row + x] != before[row + x] {
                pixels[out + x] = frame[row + x]
            }
        }
        before = frame
        if disposal == .clear {
            for y in rect.y0..<rect.y1 {
                for x in rect.x0..<rect.x1 { before[y * width + x] = transparent }
            }
        }
        return GIFImageBlock(x: rect.x0, y: rect.y0, width: rect.width, height: rect.height, pixels: pixels,
                             delay: delay, disposal: disposal)
    }

    private struct Rect {
        var x0, y0, x1, y1: Int
        var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
        var width: Int { x1 - x0 }
        var height: Int { y1 - y0 }

        func union(_ other: Rect) -> Rect {
            if isEmpty { return other }
            if other.isEmpty { return self }
            return Rect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
        }
    }

    /// The smallest rectangle holding every pixel where `test` is true (empty if none).
    private func bounds(where test: (Int) -> Bool) -> Rect {
        var rect = Rect(x0: width, y0: height, x1: 0, y1: 0)
        for y in 0..<height {
            let row = y * width
            var first = -1
            for x in 0..<width where test(row + x) {
                first = x
                break
            }
            guard first >= 0 else { continue }
            var last = first
            for x in stride(from: width - 1, to: first, by: -1) where test(row + x) {
                last = x
                break
            }
            rect.x0 = min(rect.x0, first)
            rect.x1 = max(rect.x1, last + 1)
            rect.y0 = min(rect.y0, y)
            rect.y1 = y + 1
        }
        return rect
    }
}
