import CPango
import TabsnapModel

/// What pango says of a text laid out in a font, kept so the same text in the same font and
/// room is shaped once a session: the geometry measures every title at every position, and
/// `tabsnap lint` asks again for each title's ink and fit at each of up to 126 positions of a
/// variant. Shaping was nearly all of lint's time (HarfBuzz: 63 % of a 100-item bar of 200-
/// character titles, 3.9 s where `render` takes 0.07 s). Only numbers are kept, never a layout.
struct LaidOutText {
    /// The logical box's size: what geometry lays out with.
    var logical: Size
    /// Where the text leaves ink, relative to the layout's origin.
    var ink: Rect
    /// Lines pango set.
    var lines: Int
    /// Whether pango cut the text with "…".
    var ellipsized: Bool

    /// A layout's answers, read once.
    init(_ layout: OpaquePointer) {
        var inkBox = PangoRectangle(), logicalBox = PangoRectangle()
        pango_layout_get_extents(layout, &inkBox, &logicalBox)
        let unit = Double(PANGO_SCALE)
        logical = Size(width: Double(logicalBox.width) / unit, height: Double(logicalBox.height) / unit)
        ink = Rect(x: Double(inkBox.x) / unit, y: Double(inkBox.y) / unit, width: Double(inkBox.width) / unit, height: Double(inkBox.height) / unit)
        lines = Int(pango_layout_get_line_count(layout))
        ellipsized = pango_layout_is_ellipsized(layout) != 0
    }

    /// What a text is laid out from: `makeLayout`'s arguments, the wrap width as pango takes it
    /// (whole pango units, rounded down), so widths pango cannot tell apart are one key.
    struct Key: Hashable {
        var content: TextContent
        var font: FontSpec
        var wrapUnits: Int32?
        var maxLines: Int
    }

    /// The most layouts a session keeps answers for, forgotten all at once past it: a bar has
    /// at most `Limits.maxItems` titles, each measured in a few fonts and rooms, so a variant's
    /// answers fit; keys hold the text (at most a few KB), so this bounds the memo to a few MB.
    static let capacity = 2_048
}

extension FontSession {
    /// `text` laid out as `makeLayout` lays it out, answered from `laidOut` after the first time.
    func laidOut(_ text: TextContent, font: FontSpec, wrapWidth: Double? = nil, maxLines: Int = 1) -> LaidOutText {
        let key = LaidOutText.Key(content: text, font: font, wrapUnits: wrapWidth.map(Self.pangoUnits), maxLines: wrapWidth == nil ? 1 : maxLines)
        if let known = laidOutTexts[key] { return known }
        let layout = makeLayout(text, font: font, wrapWidth: wrapWidth, maxLines: maxLines)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let answer = LaidOutText(layout)
        if laidOutTexts.count >= LaidOutText.capacity { laidOutTexts.removeAll(keepingCapacity: true) }
        laidOutTexts[key] = answer
        return answer
    }

    /// A width in points as pango takes it: whole pango units, rounded down.
    static func pangoUnits(_ width: Double) -> Int32 {
        Int32((width * Double(PANGO_SCALE)).rounded(.down))
    }
}
