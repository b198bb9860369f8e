import Foundation
import TabsnapDraw
import TabsnapModel

/// What SVG output drawing SVG icons has cost the process in memory it cannot give back.
/// Cairo 1.16's SVG surface (Debian 12's) never frees the document of a picture in which a
/// group was painted — librsvg paints one for each element with an opacity — so each such SVG
/// file stays in memory, about its own size, until the process ends (a C harness: 300 groups
/// painted with an alpha keep 150 KB a document; PDF keeps nothing). `check` of 52 SVG goldens
/// of heavy icons held 2.1 GB (hostile round 144). The process's total is bounded: past
/// `Limits.svgIconOutputBytes`, SVG output that draws SVG icons is refused, naming the icon.
enum SVGIconOutput {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var written = 0
    /// The bound (tests lower it).
    nonisolated(unsafe) static var budget = Limits.svgIconOutputBytes
    /// What the process has written so far (bytes).
    static var writtenBytes: Int { lock.withLock { written } }

    /// The first SVG icon file `commands` draw, if any.
    static func firstSVGIcon(in commands: [DrawCommand]) -> URL? {
        for command in commands {
            switch command {
            case .icon(let run):
                if case .file(let url) = run.icon, url.pathExtension.lowercased() == "svg" { return url }
            case .group(let group):
                if let url = firstSVGIcon(in: group.commands) { return url }
            case .rect, .fill, .stroke, .text:
                break
            }
        }
        return nil
    }

    /// Refuses SVG output of `commands` when they draw an SVG icon and the process has kept its
    /// bound of such output already.
    static func check(_ commands: [DrawCommand]) throws(RenderError) {
        guard let icon = firstSVGIcon(in: commands) else { return }
        let kept = lock.withLock { written }
        guard kept >= budget else { return }
        throw .icon(IconLoadError(path: icon.path, reason: "SVG output that draws SVG icons stays in memory until Tabsnap exits (cairo 1.16's SVG "
                                  + "surface keeps each such picture): this run has written \(kept >> 20) MB of it, the \(budget >> 20) MB it allows; "
                                  + "write PNG or PDF, or fewer SVG pictures a run"))
    }

    /// Counts an SVG file of `count` bytes drawn from `commands` (only one that draws an SVG icon).
    static func add(_ count: Int, for commands: [DrawCommand]) {
        guard firstSVGIcon(in: commands) != nil else { return }
        lock.withLock { written += count }
    }
}
