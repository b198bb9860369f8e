import Foundation
import TabsnapDraw
import TabsnapModel

extension SVGDrawing {
    /// What painting `commands` on an SVG surface takes: what its document holds while drawn and
    /// what cairo keeps of it (bytes), with the file icons that hold and keep most (nil: none
    /// holds or keeps anything). `icon`: what
    /// one drawing of a file icon takes, its own group included (`IconCache.svgDrawing(of:)`).
    /// Tabsnap's own groups — a draw list's, a Swift-drawn icon's — keep half a kilobyte each.
    static func of(_ commands: [DrawCommand], icon: (URL) -> SVGDrawing)
        -> (drawing: SVGDrawing, heaviest: (held: (file: URL, held: Int)?, kept: (file: URL, kept: Int)?)) {
        var total = SVGDrawing(), held: (file: URL, held: Int)?, kept: (file: URL, kept: Int)?
        func walk(_ commands: [DrawCommand]) {
            for command in commands {
                switch command {
                case .icon(let run):
                    switch run.icon {
                    case .builtin: break  // stroked, no group
                    case .vector: total.kept += SVGSurfaceLeak.bytesPerGroup
                    case .file(let url):
                        let drawing = icon(url)
                        total.held += drawing.held
                        total.kept += drawing.kept
                        if drawing.held > held?.held ?? 0 { held = (url, drawing.held) }
                        if drawing.kept > kept?.kept ?? 0 { kept = (url, drawing.kept) }
                    }
                case .group(let group):
                    total.kept += SVGSurfaceLeak.bytesPerGroup
                    walk(group.commands)
                case .rect, .fill, .stroke, .text:
                    break
                }
            }
        }
        walk(commands)
        return (total, (held, kept))
    }

    /// Refuses painting `commands` as a vector picture (SVG or PDF) whose icons' documents would
    /// hold more than `Limits.frameIconBytes` while drawn, as their probes measured them (review
    /// of 1281b66: a hundred buttons of an icon holding 9 MB a drawing would take 0.9 GB).
    static func checkHeld(_ commands: [DrawCommand], icon: (URL) -> SVGDrawing) throws(RenderError) {
        let (drawing, heaviest) = of(commands, icon: icon)
        let bound = heldBudget
        guard drawing.held > bound, let heaviest = heaviest.held else { return }
        throw .icon(IconLoadError(path: heaviest.file.path, reason: "a vector picture of the bar holds its SVG icons' drawings while it is drawn: "
                                  + "\(size(drawing.held)) together (this icon \(size(heaviest.held)) a drawing), over the "
                                  + "\(bound >> 20) MB a picture may; fewer or simpler icons, or PNG output"))
    }

    /// What a vector picture's icons may hold while it is drawn (`Limits.frameIconBytes`; tests
    /// lower it).
    nonisolated(unsafe) static var heldBudget = Limits.frameIconBytes

    /// A size in a message: KB under 10 MB, else MB.
    static func size(_ bytes: Int) -> String {
        bytes < 10 << 20 ? "\((bytes + 1_023) >> 10) KB" : "\(bytes >> 20) MB"
    }
}
