import Foundation
import TabsnapDraw
import TabsnapModel

extension SVGDrawing {
    /// What painting `commands` on an SVG surface takes: what its document holds while drawn and
    /// what cairo keeps of it (bytes), with the file icons that hold and keep most. `icon`: what
    /// one drawing of a file icon takes, its own group included (`IconCache.svgDrawing(of:)`).
    /// Tabsnap's own groups — a draw list's, a Swift-drawn icon's — keep half a kilobyte each.
    static func of(_ commands: [DrawCommand], icon: (URL) -> SVGDrawing)
        -> (drawing: SVGDrawing, heaviest: (held: (file: URL, held: Int), kept: (file: URL, kept: Int))?) {
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
                        if drawing.held > held?.held ?? -1 { held = (url, drawing.held) }
                        if drawing.kept > kept?.kept ?? -1 { kept = (url, drawing.kept) }
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
        return (total, held.flatMap { held in kept.map { (held, $0) } })
    }

    /// Refuses painting `commands` as a vector picture (SVG or PDF) whose icons' documents would
    /// hold more than `Limits.frameIconBytes` while drawn, as their probes measured them (review
    /// of 1281b66: a hundred buttons of an icon holding 9 MB a drawing would take 0.9 GB).
    static func checkHeld(_ commands: [DrawCommand], icon: (URL) -> SVGDrawing) throws(RenderError) {
        let (drawing, heaviest) = of(commands, icon: icon)
        guard drawing.held > Limits.frameIconBytes, let heaviest else { return }
        throw .icon(IconLoadError(path: heaviest.held.file.path, reason: "a vector picture of the bar holds its SVG icons' drawings while it is drawn: "
                                  + "\(size(drawing.held)) together (this icon \(size(heaviest.held.held)) a drawing), over the "
                                  + "\(Limits.frameIconBytes >> 20) MB a picture may; fewer or simpler icons, or PNG output"))
    }

    /// A size in a message: KB under 10 MB, else MB.
    static func size(_ bytes: Int) -> String {
        bytes < 10 << 20 ? "\((bytes + 1_023) >> 10) KB" : "\(bytes >> 20) MB"
    }
}
