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
    nonisolated(unsafe) private static var drew: [String: [(size: ProbeSize, milliseconds: Int)]] = [:]
    nonisolated(unsafe) private static var failed: [Key: SandboxChild.Failure] = [:]
    /// Verdicts kept at most (a long preview session editing icons); past it, all are let go.
    private static let kept = 4_096

    /// The CPU time (ms) the sandbox took to draw `svg` (checked bytes) at `size`, or why it
    /// could not within the limits; 0 when no sandbox is possible. A size probed stands for
    /// every smaller one (its time with it). Probes run one at a time: concurrent renderers of
    /// one bar then wait for one child.
    static func cost(drawing svg: [UInt8], at size: ProbeSize) -> Result<Int, SandboxChild.Failure> {
        guard SandboxChild.isAvailable else { return .success(0) }
        var hash = SHA256()
        svg.withUnsafeBytes { hash.update($0) }
        let key = Key(digest: hash.finish(), size: size)
        return lock.withLock {
            if let probe = drew[key.digest]?.first(where: { $0.size.covers(size) }) { return .success(probe.milliseconds) }
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
                drew[key.digest, default: []].append((size, cost.cpuMilliseconds))
                return .success(cost.cpuMilliseconds)
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
