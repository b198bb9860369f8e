import TabsnapModel

/// Colours, gradients and stroke styles as SVG attributes, matching cairo's defaults where
/// SVG's differ (cairo's miter limit is 10, SVG's 4).
enum SVGPaint {
    /// ` fill="#RRGGBB"`, with ` fill-opacity` when the colour is not opaque.
    static func fill(_ color: RGBAColor) -> String { attributes("fill", color) }

    /// The colour as `name` and `name-opacity` attributes (each with a leading space).
    static func attributes(_ name: String, _ color: RGBAColor) -> String {
        var text = " \(name)=\"\(hex(color))\""
        if color.alpha < 1 { text += " \(name)-opacity=\"\(SVGNumber.format(max(color.alpha, 0)))\"" }
        return text
    }

    /// `#RRGGBB` of a colour's channels (its `hexRGBA` without the alpha).
    static func hex(_ color: RGBAColor) -> String {
        String(color.hexRGBA.prefix(7))
    }

    /// A gradient element with this id, in user space (what the draw list's points are), padded
    /// past its ends as cairo pads (a plain colour, which callers write as an attribute, is a
    /// one-stop gradient).
    static func definition(_ paint: Paint, id: String) -> String {
        func stops(_ stops: [GradientStop]) -> String {
            // In offset order, as cairo sorts them (SVG would clamp a stop to the one before it).
            stops.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element).map { stop in
                var element = "<stop offset=\"\(SVGNumber.format(stop.offset))\" stop-color=\"\(hex(stop.color))\""
                if stop.color.alpha < 1 { element += " stop-opacity=\"\(SVGNumber.format(max(stop.color.alpha, 0)))\"" }
                return element + "/>"
            }.joined()
        }
        switch paint {
        case .color(let color):
            return "<linearGradient id=\"\(id)\">\(stops([GradientStop(offset: 0, color: color)]))</linearGradient>"
        case .linearGradient(let gradient):
            let coordinates = [("x1", gradient.start.x), ("y1", gradient.start.y), ("x2", gradient.end.x), ("y2", gradient.end.y)]
                .map { " \($0.0)=\"\(SVGNumber.format($0.1))\"" }.joined()
            return "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\"\(coordinates)>\(stops(gradient.stops))</linearGradient>"
        case .radialGradient(let gradient):
            let coordinates = [("cx", gradient.center.x), ("cy", gradient.center.y), ("r", gradient.radius)]
                .map { " \($0.0)=\"\(SVGNumber.format($0.1))\"" }.joined()
            return "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\"\(coordinates)>\(stops(gradient.stops))</radialGradient>"
        }
    }

    /// Width, caps, joins, dashes and cairo's miter limit (each with a leading space).
    static func stroke(_ style: StrokeStyle) -> String {
        var text = " stroke-width=\"\(SVGNumber.format(style.width))\""
        switch style.cap {
        case .butt: break
        case .round: text += " stroke-linecap=\"round\""
        case .square: text += " stroke-linecap=\"square\""
        }
        switch style.join {
        case .miter: text += " stroke-miterlimit=\"10\""
        case .round: text += " stroke-linejoin=\"round\""
        case .bevel: text += " stroke-linejoin=\"bevel\""
        }
        if !style.dash.isEmpty {
            text += " stroke-dasharray=\"\(style.dash.map(SVGNumber.format).joined(separator: " "))\""
            if style.dashPhase != 0 { text += " stroke-dashoffset=\"\(SVGNumber.format(style.dashPhase))\"" }
        }
        return text
    }
}
