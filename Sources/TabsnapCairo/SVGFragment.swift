import Foundation
import TabsnapModel

/// An icon in the editable SVG: cairo's own SVG of the icon alone, as a group. Cairo draws SVG
/// and PNG icons (librsvg, tints as masks) exactly as in the other outputs, and its ids
/// (`surface1`, `clip2`, `glyph0-1`) are prefixed so several icons in one document stay apart.
enum SVGFragment {
    /// `<g id="…">` holding the icon's drawing; its ids start with `prefix`.
    static func icon(_ run: IconRun, size: Size, icons: IconPainter, id: String, prefix: String) throws(RenderError) -> String {
        var problem: RenderError?
        let bytes = try CairoSurfaces.vector(.svg, width: size.width, height: size.height) { cr in
            icons.paint(run, on: cr)
            problem = icons.problem(on: cr)
        }
        if let problem { throw problem }
        let document = String(decoding: SVGSurfaceIDs.normalize(bytes), as: UTF8.self)
        return "<g id=\"\(SVGNumber.escape(id))\">\n" + prefixed(inner(of: document), with: prefix) + "</g>\n"
    }

    /// What is inside the root `<svg …>` element.
    private static func inner(of document: String) -> String {
        guard let root = document.range(of: "<svg"), let open = document[root.upperBound...].firstIndex(of: ">"),
              let close = document.range(of: "</svg>", options: .backwards) else { return "" }
        return String(document[document.index(after: open)..<close.lowerBound])
    }

    /// Every id the fragment defines, and every reference to one (`#id"` and `#id)`), with
    /// `prefix` in front.
    private static func prefixed(_ fragment: String, with prefix: String) -> String {
        var ids: [String] = []
        var rest = fragment[...]
        while let start = rest.range(of: " id=\"") {
            guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
            ids.append(String(rest[start.upperBound..<end]))
            rest = rest[end...]
        }
        var text = fragment
        for id in ids {
            text = text.replacingOccurrences(of: " id=\"\(id)\"", with: " id=\"\(prefix)\(id)\"")
            for end in ["\"", ")"] {
                text = text.replacingOccurrences(of: "#\(id)\(end)", with: "#\(prefix)\(id)\(end)")
            }
        }
        return text
    }
}
