import Foundation
import TabsnapDraw
import TabsnapModel

/// What SVG output has cost the process in memory it cannot give back. Cairo 1.16's SVG surface
/// (Debian 12's) keeps about half a kilobyte for every group painted on it, whatever the group
/// holds, until the process ends (a C harness: 300 groups painted with an alpha keep 150 KB a
/// document, 300 opaque rectangles or one path of 60 000 squares nothing; PDF keeps nothing).
/// Tabsnap paints a group for each file icon and each clipped, masked, faded or translucent group
/// of a draw list, and librsvg one for each element of an SVG icon with an opacity, a mask, a
/// clip or a filter: `check` of 52 SVG goldens of icons of 12 000 translucent rectangles held
/// 2.1 GB (hostile round 144). What an SVG icon keeps is measured where it is probed (the
/// allocator's bytes in use once its SVG surface is gone, `SVGDrawing.kept`: counting its
/// elements was 4 times low for translucent icons and refused opaque ones that keep nothing,
/// round 145); Tabsnap's own groups count half a kilobyte each. The process's total is counted
/// before each SVG picture is painted, and past `Limits.svgSurfaceBytes` SVG output is refused,
/// naming the icon that keeps most; PNG and PDF are not held to it.
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

    /// Counts what painting `commands` as SVG keeps, or refuses it past the bound (`icon` as for
    /// `SVGDrawing.of(_:icon:)`).
    static func count(_ commands: [DrawCommand], icon: (URL) -> SVGDrawing) throws(RenderError) {
        let (drawing, heaviest) = SVGDrawing.of(commands, icon: icon)
        let refused: Int? = lock.withLock {
            guard kept + drawing.kept > bound else {
                kept += drawing.kept
                return nil
            }
            return kept
        }
        guard let refused else { return }
        let reason = "SVG output keeps what cairo 1.16's SVG surface holds for each group painted until Tabsnap exits (about "
            + "\(bytesPerGroup) bytes a group, and librsvg paints one for each element with an opacity, a mask, a clip or a filter"
            + (heaviest.kept.map { "; this icon keeps \(SVGDrawing.size($0.kept)) a drawing" } ?? "") + "): "
            + "this run has kept \(refused >> 20) MB, and this picture's \(SVGDrawing.size(drawing.kept)) would take it past the \(bound >> 20) MB it allows; "
            + "write PNG or PDF, or fewer SVG pictures a process (`check --shard`; a new `tabsnap preview`)"
        if let heaviest = heaviest.kept { throw .icon(IconLoadError(path: heaviest.file.path, reason: reason)) }
        throw .drawing(reason)
    }
}
