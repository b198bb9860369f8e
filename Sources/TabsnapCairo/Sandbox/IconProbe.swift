import Foundation
import TabsnapFiles
import TabsnapFonts

/// Every SVG icon is drawn once in a sandbox child (`SandboxChild`), at the largest size the
/// renderer will draw it, before librsvg draws it in this process. An icon whose drawing the
/// static checks (`SVGIconPreflight`) let through but which runs for minutes or takes gigabytes
/// — a dashed path of a million dashes, a filter region thousands of times the icon — is then
/// refused with one line, and no frame is drawn with it.
///
/// Verdicts are kept for the process by the icon's content and size, so a suite's specs sharing
/// icons, an animation's frames and the preview's re-renders start one child per icon and size.
enum IconProbe {
    private struct Key: Hashable {
        var digest: String
        var size: ProbeSize
    }

    private static let lock = NSLock()
    /// Sizes each icon (by digest) drew at: a size probed stands for every smaller one.
    nonisolated(unsafe) private static var drew: [String: [(size: ProbeSize, cost: IconCost)]] = [:]
    nonisolated(unsafe) private static var failed: [Key: SandboxChild.Failure] = [:]
    /// Verdicts kept at most (a long preview session editing icons); past it, all are let go.
    private static let kept = 4_096

    /// What reading and drawing `svg` (checked bytes) at `size` took the sandbox (CPU ms each,
    /// and memory), or why it could not within the limits; nothing when no sandbox is possible. A size probed
    /// stands for every smaller one (its cost with it). Probes run one at a time: concurrent
    /// renderers of one bar then wait for one child.
    static func cost(drawing svg: [UInt8], at size: ProbeSize) -> Result<IconCost, SandboxChild.Failure> {
        guard SandboxChild.isAvailable else { return .success(IconCost()) }
        var hash = SHA256()
        svg.withUnsafeBytes { hash.update($0) }
        let key = Key(digest: hash.finish(), size: size)
        return lock.withLock {
            if let probe = drew[key.digest]?.first(where: { $0.size.covers(size) }) { return .success(probe.cost) }
            if let failure = failed[key] { return .failure(failure) }
            let arguments = [size.pixelWidth, size.pixelHeight, size.pointWidth, size.pointHeight].map(String.init)
                + BundledFonts.files.map(\.path)
            let result = SandboxChild.run("icon", arguments, input: svg)
            if drew.count + failed.count >= kept {
                drew.removeAll()
                failed.removeAll()
            }
            switch result {
            case .success(let cost):
                // (A child that did not say, each part at what the whole took.)
                let all = cost.cpuMilliseconds
                let parts = cost.iconCost ?? IconCost(reading: all, resting: all, moving: all, vector: all, kilobytes: cost.peakResidentKilobytes)
                drew[key.digest, default: []].append((size, parts))
                return .success(parts)
            case .failure(let failure) where failure.isAboutTheMachine:
                // A child that could not start, or crashed (perhaps at the machine's limits), says
                // nothing sure about the icon: asked again next time.
                return .failure(failure)
            case .failure(let failure):
                failed[key] = failure
                return .failure(failure)
            }
        }
    }
}

/// What an SVG icon costs this process, as its probe measured it (CPU ms, memory).
typealias IconCost = SandboxChild.IconCost
/// What an SVG drawing of an icon holds and keeps, as its probe measured it.
typealias SVGDrawing = SandboxChild.SVGDrawing

extension SandboxChild.IconCost {
    /// The costlier of each part: an icon probed on pixels and on points draws on one of them.
    func union(_ other: IconCost) -> IconCost {
        IconCost(reading: max(reading, other.reading), resting: max(resting, other.resting),
                  moving: max(moving, other.moving), vector: max(vector, other.vector), kilobytes: max(kilobytes, other.kilobytes),
                  svg: svg.map { mine in other.svg.map { SVGDrawing(held: max(mine.held, $0.held), kept: max(mine.kept, $0.kept)) } ?? mine } ?? other.svg)
    }

    /// What drawing it once costs on `target`: `resting` there when it rests on whole pixels
    /// (`IconPainter` snaps it), else what it costs off them.
    func drawing(on target: ProbeTarget, onWholePixels: Bool) -> Int {
        switch target {
        case .vector: return vector
        case .pixels: return onWholePixels ? resting : moving
        }
    }
}
