import CCairo
import CPango
import TabsnapDraw
import TabsnapGeometry
import TabsnapModel

/// Takes a checked draw list apart into `FlatShape`s for a vector format that has no text, no
/// nested layers and no cairo (Lottie). Cairo itself does the geometry: each path is traced on a
/// scratch context under the groups' transforms and read back in the list's coordinates, so
/// arcs, quadratics, rounded corners and text outlines come out as the same lines and cubic
/// curves the PNG is filled from. What such a format cannot hold is refused by name
/// (`RenderError.unmapped`), never dropped: an icon file (SVG or PNG), markup text (its spans'
/// colours and lines), a colour glyph (emoji), a group's gradient mask (the edge fade), a clip
/// of more than one outline.
struct DrawListFlattener {
    let session: FontSession
    /// What the shapes are for, in messages ("Lottie").
    let format: String
    /// Where the spec names each file drawn, by path (`Renderer.inputPlaces`), for refusals.
    var places: [String: String] = [:]

    func shapes(_ list: DrawList) throws(RenderError) -> [FlatShape] {
        // Unbounded: on a small image surface, pango left out the outlines of text outside it.
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr) }
        var out: [FlatShape] = []
        try walk(list.commands, on: cr, state: State(transform: .identity, opacity: 1, clips: [], part: nil), into: &out)
        return out
    }

    /// What the groups around a command add up to.
    private struct State {
        var transform: DrawTransform
        var opacity: Double
        var clips: [[FlatSubpath]]
        var part: String?
    }

    private func walk(_ commands: [DrawCommand], on cr: OpaquePointer, state: State, into out: inout [FlatShape]) throws(RenderError) {
        func add(_ kind: FlatShape.Kind, _ outline: [FlatSubpath], _ paint: Paint, opacity: Double = 1) {
            guard !outline.isEmpty else { return }
            out.append(FlatShape(kind: kind, outline: outline, paint: Self.transformed(paint, by: state.transform),
                                 opacity: state.opacity * opacity, clips: state.clips, part: state.part))
        }
        for command in commands {
            switch command {
            case .rect(let rect, let color, let radius):
                add(.fill(.nonZero), Self.outline(on: cr, transform: state.transform) { CairoPainter.roundedRect(rect, radius: radius, on: $0) }, .color(color))
            case .fill(let path, let paint, let rule):
                add(.fill(rule), Self.outline(on: cr, transform: state.transform) { CairoPaths.trace(path.ops, on: $0) }, paint)
            case .stroke(let path, let paint, let style):
                add(.stroke(Self.scaled(style, by: state.transform)), Self.outline(on: cr, transform: state.transform) { CairoPaths.trace(path.ops, on: $0) }, paint)
            case .text(let run):
                guard case .plain(let text) = run.content else {
                    throw .unmapped("\(format): \(PartPlace.of(state.part).map { "\($0): " } ?? "")markup text is not mapped (its spans' colours and lines have no \(format) shape); write the title as plain text")
                }
                let layout = session.makeLayout(run.content, font: run.font, wrapWidth: run.constrained ? run.frame.width : nil, maxLines: run.lines)
                defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
                if OutlinedText.hasColour(layout) {
                    throw .unmapped("\(format): \(PartPlace.of(state.part).map { "\($0): " } ?? "")\(MissingGlyphKey.quoted(text)) is set in a colour font (emoji), whose glyphs are pictures with no outline to animate")
                }
                add(.fill(.nonZero), Self.outline(on: cr, transform: state.transform) { cr in
                    cairo_move_to(cr, run.frame.x, run.frame.y)
                    pango_cairo_layout_path(cr, layout)
                }, .color(run.color))
            case .icon(let run):
                try icon(run, on: cr, state: state, add: add)
            case .group(let group):
                if group.mask != nil {
                    throw .unmapped("\(format): \(group.name.map { "the group \($0) has" } ?? "a group has") a gradient mask (the edge fade), which is not mapped; leave the fade out")
                }
                var inner = state
                if let clip = group.clip {
                    let outline = Self.outline(on: cr, transform: state.transform) { CairoPaths.trace(clip.ops, on: $0) }
                    guard outline.count <= 1 else {
                        throw .unmapped("\(format): a clip of \(outline.count) outlines is not mapped (a mask is one outline)")
                    }
                    inner.clips.append(outline)
                }
                if let transform = group.transform { inner.transform = transform.then(state.transform) }
                inner.opacity *= group.opacity
                if let name = group.name { inner.part = name }
                try walk(group.commands, on: cr, state: inner, into: &out)
            }
        }
    }

    /// A built-in icon is its strokes; an icon in Swift its shapes; an icon file has no shapes
    /// to give (librsvg and PNG pixels), so it is refused.
    private func icon(_ run: IconRun, on cr: OpaquePointer, state: State, add: (FlatShape.Kind, [FlatSubpath], Paint, Double) -> Void) throws(RenderError) {
        let place = DrawTransform(a: run.frame.width, b: 0, c: 0, d: run.frame.height, tx: run.frame.x, ty: run.frame.y)
        switch run.icon {
        case .builtin(let icon):
            let grid = DrawTransform.scale(x: 1 / VectorIcon.grid, y: 1 / VectorIcon.grid).then(place).then(state.transform)
            let style = StrokeStyle(width: VectorIcon.strokeWidth, cap: .round, join: .round)
            let color = run.tint ?? .black
            add(.stroke(Self.scaled(style, by: grid)), Self.outline(on: cr, transform: grid) { CairoPaths.trace(icon.vector.ops, on: $0) },
                .color(color), run.alpha)
        case .vector(let glyph):
            guard glyph.viewBox.width > 0, glyph.viewBox.height > 0 else { return }
            let box = DrawTransform.scale(x: 1 / glyph.viewBox.width, y: 1 / glyph.viewBox.height).then(place).then(state.transform)
            for shape in glyph.shapes {
                // A template icon is drawn in the tint, its shapes' alpha as coverage.
                let color = run.tint.map { tint in RGBAColor(red: tint.red, green: tint.green, blue: tint.blue, alpha: tint.alpha * (shape.color?.alpha ?? 1)) }
                    ?? shape.color ?? .black
                let outline = Self.outline(on: cr, transform: box) { CairoPaths.trace(shape.path.ops, on: $0) }
                add(shape.stroke.map { .stroke(Self.scaled($0, by: box)) } ?? .fill(shape.rule), outline, .color(color), run.alpha)
            }
        case .file(let url):
            // A screen's page image is drawn as an icon is, but named as the spec names it.
            let place = places[url.path]
            if place?.hasPrefix("screen.pages") == true {
                throw .unmapped("\(format): \(place ?? "screen.pages"): the page image \(url.lastPathComponent) is not mapped (an SVG or PNG image has no \(format) shapes here); use a colour or a placeholder page")
            }
            throw .unmapped("\(format): \(place.map { "\($0): " } ?? "")the icon file \(url.lastPathComponent) is not mapped (an SVG or PNG icon has no \(format) shapes here); use a built-in icon")
        }
    }

    /// The path `trace` makes under `transform`, read back in the list's coordinates.
    static func outline(on cr: OpaquePointer, transform: DrawTransform, _ trace: (OpaquePointer) -> Void) -> [FlatSubpath] {
        cairo_new_path(cr)
        var matrix = CairoPaths.matrix(transform)
        cairo_set_matrix(cr, &matrix)
        trace(cr)
        cairo_identity_matrix(cr)
        guard let path = cairo_copy_path(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        cairo_new_path(cr)
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var subpaths: [FlatSubpath] = []
        var current: FlatSubpath?
        func finish() {
            if let done = current, !done.segments.isEmpty { subpaths.append(done) }
            current = nil
        }
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = data[index].header
            func point(_ offset: Int) -> Point { Point(x: data[index + offset].point.x, y: data[index + offset].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                finish()
                current = FlatSubpath(start: point(1), segments: [], closed: false)
            case CAIRO_PATH_LINE_TO:
                current?.segments.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO:
                current?.segments.append(.curve(point(1), point(2), point(3)))
            case CAIRO_PATH_CLOSE_PATH:
                current?.closed = true
                let start = current?.start
                finish()
                // Cairo goes on from the closed subpath's start if more follows.
                if let start { current = FlatSubpath(start: start, segments: [], closed: false) }
            default:
                break
            }
            index += max(Int(header.length), 1)
        }
        finish()
        return subpaths
    }

    /// A stroke's width under a transform: scaled by its mean scale (the square root of its
    /// determinant; bars scale evenly).
    static func scaled(_ style: StrokeStyle, by transform: DrawTransform) -> StrokeStyle {
        let factor = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
        var scaled = style
        scaled.width *= factor
        scaled.dash = style.dash.map { $0 * factor }
        scaled.dashPhase *= factor
        return scaled
    }

    /// A paint whose gradient points are moved into the list's coordinates.
    static func transformed(_ paint: Paint, by transform: DrawTransform) -> Paint {
        switch paint {
        case .color:
            return paint
        case .linearGradient(var gradient):
            gradient.start = transform.apply(to: gradient.start)
            gradient.end = transform.apply(to: gradient.end)
            return .linearGradient(gradient)
        case .radialGradient(var gradient):
            gradient.center = transform.apply(to: gradient.center)
            gradient.radius *= abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
            return .radialGradient(gradient)
        }
    }
}

extension Renderer {
    /// The shapes a geometry draws, for a vector format written without cairo (`FlatShape`):
    /// the list is checked as every output's is (fonts, glyphs, icons), then taken apart.
    /// `format` names the format in refusals of what it cannot hold.
    public func flatPicture(of geometry: BarGeometry, format: String) throws(RenderError) -> FlatPicture {
        let list = try drawList(geometry, on: .vector)
        let flattener = DrawListFlattener(session: session(for: list.fonts), format: format, places: Self.inputPlaces(geometry))
        return FlatPicture(size: list.size, shapes: try flattener.shapes(list))
    }
}
