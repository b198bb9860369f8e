import Foundation
import CDeflate

/// The reusable half of writing PNGs: libdeflate compressors and the scratch buffers that rows,
/// filters and deflate write into. Writing frame after frame, a fresh set per image cost more in
/// page faults and compressor set-up than the filters themselves, so a frame loop keeps one per
/// thread (not Sendable: never shared between threads).
public final class PNGScanlineEncoder {
    private var compressors: [Int32: OpaquePointer] = [:]
    private let sparse = SparseDeflate(effort: .fast)
    private lazy var denseSparse = SparseDeflate(effort: .thorough)
    private var filtered = ScratchBuffer()
    private var compressed = ScratchBuffer()
    private var rows = (current: ScratchBuffer(), previous: ScratchBuffer())

    /// An encoder with nothing allocated yet: compressors and buffers are made at first use.
    public init() {}

    deinit {
        for compressor in compressors.values { libdeflate_free_compressor(compressor) }
    }

    /// A whole PNG file (8-bit RGBA, sRGB, nothing time- or host-dependent) of an image whose
    /// rows `fill(y, row)` writes as straight RGBA, `width × 4` bytes each.
    public func encode(width: Int, height: Int, compression: PNGCompression,
                       fill: (Int, UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        compress(width: width, height: height, bytesPerPixel: 4, compression: compression, fill: fill) { data in
            var out = PNGChunk.signature
            out.reserveCapacity(data.count + 80)
            PNGChunk.append("IHDR", PNGChunk.header(width: width, height: height), to: &out)
            PNGChunk.append("sRGB", [0], to: &out)  // rendering intent: perceptual
            PNGChunk.append("IDAT", data, to: &out)
            PNGChunk.append("IEND", [], to: &out)
            return out
        }
    }

    /// A whole PNG file of `image` (8-bit RGBA, sRGB, nothing time- or host-dependent), deflated
    /// as `compression` says.
    public func encode(_ image: RGBAImage, compression: PNGCompression) -> [UInt8] {
        image.pixels.withUnsafeBufferPointer { pixels in
            encode(width: image.width, height: image.height, compression: compression) { y, row in
                row.update(from: pixels.baseAddress! + y * image.width * 4, count: image.width * 4)
            }
        }
    }

    /// The zlib stream of an image's filtered scanlines (an IDAT's or fdAT's data), its rows of
    /// `width × bytesPerPixel` bytes (3: RGB, 4: RGBA) written by `fill(y, row)`.
    public func compressedScanlines(width: Int, height: Int, bytesPerPixel: Int, compression: PNGCompression,
                                    filter: PNGFilterChoice = .adaptive,
                                    fill: (Int, UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        compress(width: width, height: height, bytesPerPixel: bytesPerPixel, compression: compression, filter: filter,
                 fill: fill) { Array($0) }
    }

    /// Filters every row and deflates the lot, handing the zlib stream (valid only during the
    /// call) to `then`. Each row takes the filter with the smallest sum of absolute values
    /// (libpng's heuristic), which suits flat UI colours and text edges alike; a row equal to the
    /// one above — most of a tab bar — is known to score 0 without scoring it: same filter, less work.
    private func compress<Result>(width: Int, height: Int, bytesPerPixel bpp: Int, compression: PNGCompression,
                                  filter choice: PNGFilterChoice = .adaptive,
                                  fill: (Int, UnsafeMutablePointer<UInt8>) -> Void,
                                  then: (UnsafeRawBufferPointer) -> Result) -> Result {
        let rowBytes = width * bpp
        let filteredCount = height * (rowBytes + 1)
        let target = filtered.reserve(filteredCount)
        let row0 = rows.current.reserve(rowBytes), row1 = rows.previous.reserve(rowBytes)
        // The row above the first is zeros, as the filters define it.
        row1.initialize(repeating: 0, count: max(rowBytes, 1))
        var (current, previous) = (row0, row1)
        for y in 0..<height {
            fill(y, current)
            let line = target + y * (rowBytes + 1)
            if case .every(let filter) = choice {
                line[0] = filter.rawValue
                filter.apply(row: current, previous: previous, count: rowBytes, bytesPerPixel: bpp, out: line + 1)
            } else if rowBytes > 0, memcmp(current, previous, rowBytes) == 0 {
                // The row above again: `up` filters it to zeros, the smallest score there is,
                // unless it is all zeros itself, when `none` (earlier in the tie order) scores 0 too.
                line[0] = (current[0] == 0 && memcmp(current, current + 1, rowBytes - 1) == 0 ? PNGFilter.none : .up).rawValue
                (line + 1).initialize(repeating: 0, count: rowBytes)
            } else {
                let filter = PNGFilter.best(row: current, previous: previous, count: rowBytes, bytesPerPixel: bpp)
                line[0] = filter.rawValue
                filter.apply(row: current, previous: previous, count: rowBytes, bytesPerPixel: bpp, out: line + 1)
            }
            swap(&current, &previous)
        }
        let level: Int32
        switch compression {
        case .fast: return sparse.zlib(target, count: filteredCount).withUnsafeBytes { then($0) }
        case .dense: return denseSparse.zlib(target, count: filteredCount).withUnsafeBytes { then($0) }
        case .libdeflate(let chosen): level = chosen
        }
        let compressor = self.compressor(level)
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        let out = compressed.reserve(bound)
        let written = libdeflate_zlib_compress(compressor, target, filteredCount, out, bound)
        // libdeflate's bound always suffices; 0 would mean a broken library, not bad input.
        precondition(written > 0, "libdeflate: compression bound too small")
        return then(UnsafeRawBufferPointer(start: out, count: written))
    }

    private func compressor(_ level: Int32) -> OpaquePointer {
        if let compressor = compressors[level] { return compressor }
        // Levels are clamped to libdeflate's 0…12, so only a failed allocation returns nil.
        guard let compressor = libdeflate_alloc_compressor(min(max(level, 0), 12)) else { fatalError("libdeflate: out of memory") }
        compressors[level] = compressor
        return compressor
    }
}

/// A byte buffer that only grows, kept between images so its pages stay mapped.
final class ScratchBuffer {
    private var pointer: UnsafeMutablePointer<UInt8>?
    private var capacity = 0

    deinit { pointer?.deallocate() }

    /// At least `count` bytes (at least one, so the address is real); contents undefined.
    func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if let pointer, count <= capacity { return pointer }
        pointer?.deallocate()
        capacity = max(count, 1)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        pointer = fresh
        return fresh
    }
}
