import Foundation
import TabsnapDraw
import TabsnapModel

/// The SVG a designer edits (`SVGText.named` / `.embedded`): the draw list written element by
/// element rather than through cairo, so text stays `<text>` and every part of the bar is a group
/// named as the draw list names it (`<g id="button-2">`). Shapes are written as cairo would draw
/// them (the same arcs, the same miter limit, gradients in user space), text as pango laid it
/// out run by run (`EditableSVGText`), icons as cairo's own SVG of them (`SVGFragment`).
final class EditableSVG {
    private let session: FontSession
    private let icons: IconPainter
    private let embedsFonts: Bool
    private let size: Size
    private var body = ""
    private var definitions = 0
    private var faces = SVGFontFaces()
    /// Every id written so far: each new one is made unique against all of them.
    private var usedIDs: Set<String> = []

    private init(session: FontSession, icons: IconPainter, embedsFonts: Bool, size: Size) {
        self.session = session
        self.icons = icons
        self.embedsFonts = embedsFonts
        self.size = size
    }

    /// The document of `list`; with `embedsFonts`, the font files its text uses are inside it.
    static func document(_ list: DrawList, session: FontSession, icons: IconPainter, embedsFonts: Bool) throws(RenderError) -> [UInt8] {
        let writer = EditableSVG(session: session, icons: icons, embedsFonts: embedsFonts, size: list.size)
        try writer.write(list.commands, part: nil)
        let width = SVGNumber.format(list.size.width), height = SVGNumber.format(list.size.height)
        var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        head += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        let brought = session.brought?.faces ?? []
        if embedsFonts, let style = try writer.faces.style(shown: { loaded in brought.first { $0.loaded == loaded }?.file.path ?? loaded }) { head += style }
        return Array((head + writer.body + "</svg>\n").utf8)
    }

    private func write(_ commands: [DrawCommand], part: String?) throws(RenderError) {
        for command in commands {
            switch command {
            case .rect(let rect, let color, let radius):
                let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
                var element = "<rect x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(rect.width))\" height=\"\(n(rect.height))\""
                if r > 0 { element += " rx=\"\(n(r))\"" }
                body += element + SVGPaint.fill(color) + "/>\n"
            case .fill(let path, let paint, let rule):
                body += "<path d=\"\(SVGPath.data(path.ops))\"\(paintAttribute("fill", paint))"
                body += (rule == .evenOdd ? " fill-rule=\"evenodd\"" : "") + "/>\n"
            case .stroke(let path, let paint, let style):
                body += "<path d=\"\(SVGPath.data(path.ops))\" fill=\"none\"\(paintAttribute("stroke", paint))\(SVGPaint.stroke(style))/>\n"
            case .text(let run):
                let id = uniqueID(part.map { $0 + ($0.hasPrefix("button-") ? "-title" : "-text") })
                body += try EditableSVGText.element(run, id: id, place: PartPlace.of(part) ?? "text", session: session, faces: &faces,
                                                    embedding: embedsFonts)
            case .icon(let run):
                let id = uniqueID(part.map { $0 + "-icon" } ?? "icon")
                // (Its icons are not text: the document is timed whole as text where the spec
                // brings fonts, `TextClock.untimed`.)
                let prefix = "d\(next())-"
                let draw = { () throws(RenderError) -> String in try SVGFragment.icon(run, size: self.size, icons: self.icons, id: id ?? "icon", prefix: prefix) }
                if let clock = session.clock { body += try clock.untimed(draw) } else { body += try draw() }
            case .group(let group):
                try write(group, part: group.name ?? part)
            }
        }
    }

    /// A group: its name as the id; clip and mask in the coordinates around it, then the
    /// transform inside them (cairo clips before it transforms, and masks after).
    private func write(_ group: DrawGroup, part: String?) throws(RenderError) {
        var outer = "<g"
        if let name = group.name, let id = uniqueID(name) { outer += " id=\"\(SVGNumber.escape(id))\"" }
        if group.opacity != 1 { outer += " opacity=\"\(n(group.opacity))\"" }
        if let clip = group.clip {
            let id = definitionID("clip")
            body += "<defs><clipPath id=\"\(id)\" clipPathUnits=\"userSpaceOnUse\"><path d=\"\(SVGPath.data(clip.ops))\"/></clipPath></defs>\n"
            outer += " clip-path=\"url(#\(id))\""
        }
        if let mask = group.mask {
            let id = definitionID("mask")
            var white = mask
            // A mask's luminance times its alpha: white at each stop's alpha is the alpha alone.
            white.stops = mask.stops.map { GradientStop(offset: $0.offset, color: RGBAColor(red: 1, green: 1, blue: 1, alpha: $0.color.alpha)) }
            let gradient = SVGPaint.definition(.linearGradient(white), id: "\(id)-alpha")
            // Cairo's mask has no edge: the region reaches far past the canvas, so a group moved
            // or scaled by a transform around it is not cut off.
            let region = "x=\"-1000000\" y=\"-1000000\" width=\"2000000\" height=\"2000000\""
            body += "<defs>\(gradient)<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" \(region)>"
            body += "<rect \(region) fill=\"url(#\(id)-alpha)\"/></mask></defs>\n"
            outer += " mask=\"url(#\(id))\""
        }
        body += outer + ">\n"
        if let transform = group.transform {
            body += "<g transform=\"matrix(\([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(n).joined(separator: " ")))\">\n"
            try write(group.commands, part: part)
            body += "</g>\n"
        } else {
            try write(group.commands, part: part)
        }
        body += "</g>\n"
    }

    /// A fill or stroke attribute: a colour, or a gradient defined just before the element.
    private func paintAttribute(_ name: String, _ paint: Paint) -> String {
        if case .color(let color) = paint { return SVGPaint.attributes(name, color) }
        let id = definitionID("paint")
        body += "<defs>\(SVGPaint.definition(paint, id: id))</defs>\n"
        return " \(name)=\"url(#\(id))\""
    }

    /// `name`, or `name-2`, `name-3` … when it is taken (a custom button's two texts, a part a
    /// component named like another's), unique among every id written.
    private func uniqueID(_ name: String?) -> String? {
        guard let name else { return nil }
        var candidate = name, count = 1
        while usedIDs.contains(candidate) {
            count += 1
            candidate = "\(name)-\(count)"
        }
        usedIDs.insert(candidate)
        return candidate
    }

    /// A definition's id (`clip3`), unique among every id written.
    private func definitionID(_ kind: String) -> String {
        definitions += 1
        return uniqueID("\(kind)\(definitions)") ?? kind
    }

    private func next() -> Int {
        definitions += 1
        return definitions
    }

    private func n(_ value: Double) -> String { SVGNumber.format(value) }
}
