import Foundation
import TabsnapDraw
import TabsnapModel

/// What SVG output has cost the process in memory it cannot give back. Cairo 1.16's SVG surface
/// (Debian 12's) keeps about half a kilobyte for every group painted on it, whatever the group
/// holds, until the process ends (a C harness: 300 groups painted with an alpha keep 140 KB a
/// document, one holding a 1.4 MB image 0.47 KB; plain fills and PDF keep nothing). Tabsnap
/// paints a group for each file icon and each clipped, masked, faded or translucent group of a
/// draw list, and librsvg one for each element of an SVG icon with an opacity, a mask, a clip or
/// a filter: `check` of 52 SVG goldens of icons of 12 000 translucent rectangles held 2.1 GB
/// (hostile round 144). The process's groups are counted before each SVG picture is painted —
/// an SVG icon's drawn elements each counted as one — and past `Limits.svgSurfaceBytes` SVG
/// output is refused, naming the icon that paints most; PNG and PDF are not held to it.
enum SVGSurfaceLeak {
    /// What cairo keeps for each group (measured 0.47 KB).
    static let bytesPerGroup = 512
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept = 0
    nonisolated(unsafe) private static var bound = Limits.svgSurfaceBytes

    /// The bound (tests lower it).
    static var budget: Int {
        get { lock.withLock { bound } }
        set { lock.withLock { bound = newValue } }
    }

    /// What the process has kept so far (bytes, as counted).
    static var keptBytes: Int { lock.withLock { kept } }

    /// Counts what painting `commands` as SVG keeps, or refuses it past the bound. `drawn`: an
    /// SVG icon file's drawn elements (0 for others).
    static func count(_ commands: [DrawCommand], drawn: (URL) -> Int) throws(RenderError) {
        var groups = 0, heaviest: (file: URL, groups: Int)?
        func walk(_ commands: [DrawCommand]) {
            for command in commands {
                switch command {
                case .icon(let run):
                    guard case .file(let url) = run.icon else { continue }
                    let elements = drawn(url)
                    groups += 1 + elements
                    if elements > heaviest?.groups ?? 0 { heaviest = (url, elements) }
                case .group(let group):
                    groups += 1
                    walk(group.commands)
                case .rect, .fill, .stroke, .text:
                    break
                }
            }
        }
        walk(commands)
        let bytes = groups * bytesPerGroup
        let refused: Int? = lock.withLock {
            guard kept + bytes > bound else {
                kept += bytes
                return nil
            }
            return kept
        }
        guard let refused else { return }
        let reason = "SVG output keeps what cairo 1.16's SVG surface holds for each group painted until Tabsnap exits (about "
            + "\(bytesPerGroup) bytes a group\(heaviest == nil ? "" : "; this icon paints one for each of its \(heaviest?.groups ?? 0) elements")): "
            + "this run has kept \(refused >> 20) MB, and this picture's \(groups) groups would take it past the \(bound >> 20) MB it allows; "
            + "write PNG or PDF, or fewer SVG pictures a run (`check --shard`)"
        if let heaviest { throw .icon(IconLoadError(path: heaviest.file.path, reason: reason)) }
        throw .drawing(reason)
    }
}
