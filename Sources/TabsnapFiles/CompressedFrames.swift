import Foundation

/// The compressed frames an animation writer keeps until its `finish()` writes them (an APNG's
/// header must know their number, and a frame that brings a new colour re-encodes those before
/// it; a WebP's header must know the file's size): in memory up to `budget` bytes, past it in a
/// scratch file beside the output, so a long animation of large frames holds a bounded amount of
/// memory however many frames it has.
package final class CompressedFrames {
    private enum Slot {
        case memory([UInt8])
        case scratch(offset: Int, count: Int)
    }

    /// Bytes kept in memory before frames go to the scratch file.
    package static let budget = 32 << 20

    private var slots: [Slot] = []
    private var inMemory = 0
    /// Bytes of every frame's data, wherever it is kept.
    package private(set) var totalBytes = 0
    private var scratch: ScratchFile?
    private let target: URL

    /// Frames of the file at `target` (their scratch file, if they need one, goes beside it).
    package init(target: URL) {
        self.target = target
    }

    package var count: Int { slots.count }

    /// Keeps `data` as the next frame's; returns its index.
    package func append(_ data: [UInt8]) throws(FileError) -> Int {
        slots.append(try slot(for: data))
        totalBytes += data.count
        return slots.count - 1
    }

    /// Replaces frame `index`'s data (a re-encoded frame).
    package func replace(_ index: Int, with data: [UInt8]) throws(FileError) {
        if case .memory(let old) = slots[index] { inMemory -= old.count }
        totalBytes -= byteCount(index)
        slots[index] = try slot(for: data)
        totalBytes += data.count
    }

    /// How many bytes frame `index`'s data has.
    package func byteCount(_ index: Int) -> Int {
        switch slots[index] {
        case .memory(let data): return data.count
        case .scratch(_, let count): return count
        }
    }

    /// Frame `index`'s data.
    package func data(_ index: Int) throws(FileError) -> [UInt8] {
        switch slots[index] {
        case .memory(let data): return data
        case .scratch(let offset, let count):
            guard let scratch else { throw FileError(path: target.path, reason: "lost its scratch space") }
            return try scratch.read(at: offset, count: count)
        }
    }

    private func slot(for data: [UInt8]) throws(FileError) -> Slot {
        if inMemory + data.count <= Self.budget {
            inMemory += data.count
            return .memory(data)
        }
        if scratch == nil { scratch = try ScratchFile(beside: target) }
        guard let scratch else { throw FileError(path: target.path, reason: "lost its scratch space") }
        return .scratch(offset: try scratch.append(data), count: data.count)
    }
}
