import Foundation
import TabsnapModel

/// A transition as a Lottie animation (Bodymovin JSON): one Lottie frame per transition frame,
/// at the transition's frame rate, drawn from each frame's `FlatShape`s.
///
/// How it maps: each shape is a shape layer (a path group with its fill, stroke or gradient),
/// back to front as the draw list paints; text is its glyph outlines; a group's opacity is
/// multiplied into its shapes' paint; a group's clip is a layer mask (nested clips intersect).
/// Frames whose shapes have the same structure (the same shapes, with as many vertices) share
/// layers whose values are keyframed frame by frame, linearly: the easing, spring or release
/// is sampled at the frame rate, as the PNG frames are; a shape that only moves is a static
/// path with a moving position. Where the structure changes (a shape appears, a jump's blend
/// starts), a new set of layers takes over (each layer's in and out points).
public enum LottieDocument {
    /// The most points (vertices and control points, of every shape and clip, in every frame)
    /// a document is written from: its memory while written is about 400 bytes a point
    /// (measured: 961 frames of 649 points, 315 MB), so this keeps it under 1 GB (hostile round
    /// 34: 9 600 frames of a phone screen took 6.3 GB).
    public static let maximumPoints = 2_000_000

    /// The file's bytes (UTF-8 JSON): `frames[i]` are frame i's shapes, the composition is
    /// `size` (points, rounded up to whole units), `fps` frames a second, named `name`.
    public static func file(frames: [[FlatShape]], size: Size, fps: Double, name: String) -> [UInt8] {
        let beziers = frames.map { shapes in shapes.map { $0.outline.map(LottieBezier.init) } }
        let clips = frames.map { shapes in shapes.map { $0.clips.map { $0.map(LottieBezier.init) } } }
        let signatures = frames.indices.map { frame in
            frames[frame].indices.map { signature(frames[frame][$0], beziers[frame][$0], clips[frame][$0]) }
        }
        var layers: [JSONText] = []
        var index = 1
        var start = 0
        while start < frames.count {
            var end = start + 1
            while end < frames.count, signatures[end] == signatures[start] { end += 1 }
            var segment: [JSONText] = []
            for shape in frames[start].indices {
                let track = Track(range: start..<end, shapes: frames[start..<end].map { $0[shape] },
                                  beziers: beziers[start..<end].map { $0[shape] }, clips: clips[start..<end].map { $0[shape] })
                segment.append(layer(track, index: index))
                index += 1
            }
            // Lottie draws its first layer on top; the draw list paints back to front.
            layers += segment.reversed()
            start = end
        }
        let document = JSONText.object([
            ("v", .string("5.7.0")), ("fr", .number(fps)), ("ip", .number(0)), ("op", .number(Double(frames.count))),
            ("w", .number(size.width.rounded(.up))), ("h", .number(size.height.rounded(.up))), ("nm", .string(name)), ("ddd", .number(0)),
            ("assets", .array([])), ("layers", .array(layers)), ("markers", .array([])),
        ])
        return Array(document.text.utf8)
    }

    /// One shape through the frames of a segment.
    private struct Track {
        var range: Range<Int>
        var shapes: [FlatShape]
        var beziers: [[LottieBezier]]
        var clips: [[[LottieBezier]]]
    }

    /// What must match for two frames to share a layer: the kind of shape and paint, and the
    /// vertex count of every subpath and clip (values may differ).
    private static func signature(_ shape: FlatShape, _ beziers: [LottieBezier], _ clips: [[LottieBezier]]) -> String {
        var text: String
        switch shape.kind {
        case .fill(let rule): text = rule == .evenOdd ? "F2" : "F1"
        case .stroke(let style): text = "S\(style.cap)\(style.join)\(style.dash.count)"
        }
        switch shape.paint {
        case .color: text += "c"
        case .linearGradient(let gradient): text += "l\(gradient.stops.count)"
        case .radialGradient(let gradient): text += "r\(gradient.stops.count)"
        }
        text += beziers.map { "\($0.vertices.count)\($0.closed ? "c" : "o")" }.joined(separator: ",")
        text += "|" + clips.map { $0.map { "\($0.vertices.count)" }.joined(separator: ",") }.joined(separator: ";")
        return text + "|" + (shape.part ?? "")
    }

    private static func layer(_ track: Track, index: Int) -> JSONText {
        let first = track.shapes[0]
        // A shape that only moves or grows evenly (a title, an icon growing as it is selected,
        // the indicator sliding) keeps one path and is placed by its group's transform.
        let placements = Self.placements(track)
        var items: [JSONText] = []
        for path in track.beziers[0].indices {
            let values = placements != nil ? [track.beziers[0][path].json] : track.beziers.map { $0[path].json }
            items.append(.object([("ty", .string("sh")), ("nm", .string("path \(path + 1)")), ("ks", property(values, track.range))]))
        }
        items.append(paint(track, scales: placements?.map(\.scale)))
        let position = placements.map { list in list.map { JSONText.array([.number($0.dx), .number($0.dy)]) } } ?? [.array([.number(0), .number(0)])]
        let scale = placements.map { list in list.map { JSONText.array([.number($0.scale * 100), .number($0.scale * 100)]) } } ?? [.array([.number(100), .number(100)])]
        items.append(.object([
            ("ty", .string("tr")), ("p", property(position, track.range)), ("a", still(.array([.number(0), .number(0)]))),
            ("s", property(scale, track.range)), ("r", still(.number(0))), ("o", still(.number(100))),
            ("sk", still(.number(0))), ("sa", still(.number(0))),
        ]))
        var members: [(String, JSONText)] = [
            ("ddd", .number(0)), ("ind", .number(Double(index))), ("ty", .number(4)), ("nm", .string(first.part ?? "shape")), ("sr", .number(1)),
            ("ks", .object([
                ("o", still(.number(100))), ("r", still(.number(0))), ("p", still(.array([.number(0), .number(0), .number(0)]))),
                ("a", still(.array([.number(0), .number(0), .number(0)]))), ("s", still(.array([.number(100), .number(100), .number(100)]))),
            ])),
            ("ao", .number(0)),
        ]
        if !first.clips.isEmpty {
            members.append(("hasMask", .bool(true)))
            members.append(("masksProperties", .array(first.clips.indices.map { clip in
                .object([
                    ("inv", .bool(false)), ("mode", .string(clip == 0 ? "a" : "i")),
                    ("pt", property(track.clips.map { $0[clip].first?.json ?? .object([]) }, track.range)),
                    ("o", still(.number(100))), ("x", still(.number(0))), ("nm", .string("clip \(clip + 1)")),
                ])
            })))
        }
        members += [
            ("shapes", .array([.object([("ty", .string("gr")), ("nm", .string(first.part ?? "shape")), ("it", .array(items))])])),
            ("ip", .number(Double(track.range.lowerBound))), ("op", .number(Double(track.range.upperBound))), ("st", .number(0)), ("bm", .number(0)),
        ]
        return .object(members)
    }

    /// Each frame's shape as the first frame's scaled about the origin and moved, when every
    /// frame's is (colour paint only: a gradient's points would move with it); nil otherwise.
    private static func placements(_ track: Track) -> [(scale: Double, dx: Double, dy: Double)]? {
        guard case .color = track.shapes[0].paint, let origin = track.beziers[0].first?.vertices.first else { return nil }
        let base = LottieBezier.extent(track.beziers[0])
        var list: [(scale: Double, dx: Double, dy: Double)] = []
        for beziers in track.beziers {
            guard let point = beziers.first?.vertices.first else { return nil }
            let extent = LottieBezier.extent(beziers)
            let scale = base.width > 1e-6 ? extent.width / base.width : base.height > 1e-6 ? extent.height / base.height : 1
            guard scale > 1e-6 else { return nil }
            let dx = point.x - origin.x * scale, dy = point.y - origin.y * scale
            guard zip(track.beziers[0], beziers).allSatisfy({ $0.isPlaced($1, scale: scale, dx: dx, dy: dy) }) else { return nil }
            list.append((scale, dx, dy))
        }
        return list
    }

    /// The fill, stroke or gradient item, its colour and opacity keyframed as they change.
    /// `scales`: the group's scale at each frame, when it scales the shape (a stroke's width is
    /// then given unscaled, as the group scales it again).
    private static func paint(_ track: Track, scales: [Double]?) -> JSONText {
        let first = track.shapes[0]
        let opacity = track.shapes.map { shape -> JSONText in
            if case .color(let color) = shape.paint { return .number(color.alpha * shape.opacity * 100) }
            return .number(shape.opacity * 100)
        }
        var members: [(String, JSONText)] = []
        switch first.paint {
        case .color:
            let colors = track.shapes.map { shape -> JSONText in
                guard case .color(let color) = shape.paint else { return .array([]) }
                return .array([.number(color.red), .number(color.green), .number(color.blue), .number(1)])
            }
            members = [("c", property(colors, track.range)), ("o", property(opacity, track.range))]
        case .linearGradient, .radialGradient:
            var starts: [JSONText] = [], ends: [JSONText] = [], stops: [JSONText] = []
            var count = 0, radial = false
            for shape in track.shapes {
                let list: [GradientStop]
                switch shape.paint {
                case .linearGradient(let gradient):
                    starts.append(.array([.number(gradient.start.x), .number(gradient.start.y)]))
                    ends.append(.array([.number(gradient.end.x), .number(gradient.end.y)]))
                    list = gradient.stops
                case .radialGradient(let gradient):
                    radial = true
                    starts.append(.array([.number(gradient.center.x), .number(gradient.center.y)]))
                    ends.append(.array([.number(gradient.center.x + gradient.radius), .number(gradient.center.y)]))
                    list = gradient.stops
                case .color:
                    list = []
                }
                count = list.count
                let colours = list.flatMap { [JSONText.number($0.offset), .number($0.color.red), .number($0.color.green), .number($0.color.blue)] }
                let alphas = list.flatMap { [JSONText.number($0.offset), .number($0.color.alpha)] }
                stops.append(.array(colours + alphas))
            }
            members = [("o", property(opacity, track.range)), ("s", property(starts, track.range)), ("e", property(ends, track.range)),
                       ("t", .number(radial ? 2 : 1)), ("g", .object([("p", .number(Double(count))), ("k", property(stops, track.range))])),
                       ("h", still(.number(0))), ("a", still(.number(0)))]
        }
        let gradient: Bool
        if case .color = first.paint { gradient = false } else { gradient = true }
        switch first.kind {
        case .fill(let rule):
            return .object([("ty", .string(gradient ? "gf" : "fl")), ("nm", .string("fill"))] + members
                           + [("r", .number(rule == .evenOdd ? 2 : 1)), ("bm", .number(0))])
        case .stroke(let style):
            let widths = track.shapes.enumerated().map { index, shape -> JSONText in
                if case .stroke(let style) = shape.kind { return .number(style.width / (scales?[index] ?? 1)) }
                return .number(0)
            }
            var stroke: [(String, JSONText)] = [
                ("w", property(widths, track.range)),
                ("lc", .number(style.cap == .butt ? 1 : style.cap == .round ? 2 : 3)),
                ("lj", .number(style.join == .miter ? 1 : style.join == .round ? 2 : 3)), ("ml", .number(10)), ("bm", .number(0)),
            ]
            if !style.dash.isEmpty {
                // Lottie's dashes alternate dash and gap, then the offset.
                var dashes: [JSONText] = style.dash.enumerated().map { index, length in
                    .object([("n", .string(index % 2 == 0 ? "d" : "g")), ("nm", .string(index % 2 == 0 ? "dash" : "gap")), ("v", still(.number(length)))])
                }
                if style.dash.count % 2 == 1 {
                    // An odd list repeats, as cairo reads it.
                    dashes += style.dash.enumerated().map { index, length in
                        .object([("n", .string(index % 2 == 0 ? "g" : "d")), ("nm", .string(index % 2 == 0 ? "gap" : "dash")), ("v", still(.number(length)))])
                    }
                }
                dashes.append(.object([("n", .string("o")), ("nm", .string("offset")), ("v", still(.number(style.dashPhase)))]))
                stroke.append(("d", .array(dashes)))
            }
            return .object([("ty", .string(gradient ? "gs" : "st")), ("nm", .string("stroke"))] + members + stroke)
        }
    }

    /// A value that does not change.
    private static func still(_ value: JSONText) -> JSONText {
        .object([("a", .number(0)), ("k", value)])
    }

    /// A value through the frames of `range`: still when it never changes, else keyframed
    /// linearly at every frame where it changes (a run of equal values keeps its two ends).
    private static func property(_ values: [JSONText], _ range: Range<Int>) -> JSONText {
        let texts = values.map(\.text)
        guard texts.contains(where: { $0 != texts[0] }) else { return still(values[0]) }
        var keyframes: [JSONText] = []
        for (offset, value) in values.enumerated() {
            let isEnd = offset == 0 || offset == values.count - 1
            if !isEnd, texts[offset - 1] == texts[offset], texts[offset + 1] == texts[offset] { continue }
            // A keyframe's value is an array: a number or a shape is put in one.
            let held: JSONText
            switch value {
            case .array: held = value
            default: held = .array([value])
            }
            var members: [(String, JSONText)] = [("t", .number(Double(range.lowerBound + offset))), ("s", held)]
            if offset < values.count - 1 {
                members += [("o", .object([("x", .array([.number(0)])), ("y", .array([.number(0)]))])),
                            ("i", .object([("x", .array([.number(1)])), ("y", .array([.number(1)]))]))]
            }
            keyframes.append(.object(members))
        }
        return .object([("a", .number(1)), ("k", .array(keyframes))])
    }
}
