import Foundation
import TabsnapFiles
import TabsnapPNG

/// The frames of a source as its first pass made them, so that every later pass reads them
/// instead of making them again. A check walks a transition's frames once to compare them and
/// again to record a failing golden or to draw its diff; each walk drew every frame, so a bar
/// whose SVG icons cost a second a frame took twice what its 60 s bound counted (hostile round
/// 143: 25 frames counted 56.6 s ran 107.8 s under `check --record failed`). With the tape the
/// frames are drawn once, whatever the passes.
///
/// Frames are kept as drawn while they fit `memoryBudget`. Past it, a costly source's frames
/// (`FrameSource.isCostly`: SVG icons, a spec's own fonts) are compressed (`PNGCompression.fast`)
/// into a nameless scratch file beside the first target it can make one beside, so a 10 000-frame transition of large frames
/// holds a bounded amount of memory; an ordinary source's are not kept, as making one again
/// costs about what compressing it would, and a passing check of a long transition should not
/// pay for a pass it will not make. Where no scratch file can be made (a read-only goldens
/// folder and artifacts folder, a full disk), the tape stops keeping frames, and a frame it
/// cannot read back is made again: a later pass then makes the frames it lacks, the same
/// frames, only slower.
public final class FrameTape {
    /// Bytes of frames kept as drawn, by default, before the rest are compressed.
    public static let memoryBudget = 16 << 20
    private let memoryBudget: Int

    private let source: FrameSource
    private let targets: [URL]
    private var raw: [AnimationFrame] = []
    private var rawBytes = 0
    private var scratch: ScratchFile?
    private var compressed: [(offset: Int, count: Int, delay: Double)] = []
    private var full = false
    private let encoder = PNGScanlineEncoder()

    /// A tape of `source`'s frames; `targets` are files whose folders may hold its scratch file,
    /// tried in turn (the golden's, then the artifacts folder's). `memoryBudget`: bytes of frames
    /// kept as drawn.
    public init(_ source: FrameSource, targets: [URL], memoryBudget: Int = FrameTape.memoryBudget) {
        self.source = source
        self.targets = targets
        self.memoryBudget = memoryBudget
    }

    /// How many of the source's frames, from the first, the tape holds.
    public var recorded: Int { raw.count + compressed.count }

    /// The source as read through the tape: frame `index` comes from the tape when it holds it;
    /// otherwise it is made, and kept when it is the next one the tape lacks (a walk in order
    /// keeps them all).
    public var frames: FrameSource {
        FrameSource(count: source.count, isCostly: source.isCostly) { index in try self.frame(index) }
    }

    private func frame(_ index: Int) throws -> AnimationFrame {
        if index < raw.count { return raw[index] }
        if index < recorded, let scratch {
            let kept = compressed[index - raw.count]
            // (A scratch file that cannot be read back is no error of the golden's: the frame is
            // made again.)
            if let bytes = try? scratch.read(at: kept.offset, count: kept.count), let image = try? PNGDecoder.decode(bytes) {
                return AnimationFrame(image: image, delay: kept.delay)
            }
            return try source.frame(index)
        }
        let made = try source.frame(index)
        if index == recorded { keep(made) }
        return made
    }

    private func keep(_ frame: AnimationFrame) {
        guard !full else { return }
        if compressed.isEmpty, rawBytes + frame.image.pixels.count <= memoryBudget {
            raw.append(frame)
            rawBytes += frame.image.pixels.count
            return
        }
        guard source.isCostly else {
            full = true
            return
        }
        guard let file = scratch ?? targets.lazy.compactMap({ try? ScratchFile(beside: $0) }).first else {
            full = true
            return
        }
        scratch = file
        let data = encoder.encode(frame.image, compression: .fast)
        guard let offset = try? file.append(data) else {
            full = true
            return
        }
        compressed.append((offset, data.count, frame.delay))
    }
}
