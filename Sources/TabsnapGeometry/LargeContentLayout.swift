import TabsnapModel

/// The Large Content Viewer as placed (`LargeContentViewer`): a band of screen beside the bar and
/// the rounded panel centred in it, with the item's icon above its title. In canvas coordinates
/// (it neither scrolls nor mirrors: the panel is centred).
public struct LargeContentGeometry: Sendable, Hashable, Encodable {
    /// The item shown.
    public var item: Int
    /// The screen beside the bar the panel sits in, filled with `screenColor`.
    public var band: Rect
    /// The page behind the panel: the theme's system background.
    public var screenColor: RGBAColor
    /// The panel and its fill.
    public var panel: ShapeGeometry
    /// The item's icon's box (zero without one).
    public var iconFrame: Rect
    /// The icon shown; nil when the item has none.
    public var icon: Icon?
    /// A template icon's colour (`color`); nil: an original icon, in its own colours.
    public var iconTint: RGBAColor?
    /// The title's box (zero without a title): one line, ellipsized to the panel.
    public var titleFrame: Rect
    /// The title's text, plain or markup; nil when the item has none.
    public var text: TextContent?
    /// The title's font: the buttons' family and weight at the body size × the text scale.
    public var font: FontSpec
    /// The content's colour: the theme's primary text.
    public var color: RGBAColor

    private enum CodingKeys: String, CodingKey { case item, band, panel, iconFrame, titleFrame }

    /// Encodes what `tabsnap layout` prints: the item and the frames.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(item, forKey: .item)
        try container.encode(band, forKey: .band)
        try container.encode(panel.frame, forKey: .panel)
        try container.encode(iconFrame, forKey: .iconFrame)
        try container.encode(titleFrame, forKey: .titleFrame)
    }
}

extension BarGeometry {
    /// The geometry with its Large Content Viewer, when the bar shows one: the canvas grows by a
    /// band above a bottom bar (below a top one), the bar moving down when the band is above.
    /// Proportions of iOS's panel, in units of the title's size t = 17 pt × the text scale: the
    /// icon 2t square, t/2 between icon and title, 3t/4 around them, corners t/2, the panel at
    /// least as wide as it is tall and at most the bar's width less 16 pt a side, and 24 pt of
    /// screen around it.
    func addingLargeContent(of bar: ResolvedBar, selection: SelectionState, measurer: TextMeasurer) -> BarGeometry {
        guard bar.showsLargeContent, let viewer = bar.largeContent, !bar.items.isEmpty else { return self }
        // `selected`: the most selected item (the first of two equally selected), under the finger.
        let index = viewer.item ?? bar.items.indices.max { selection.selection(of: $0) < selection.selection(of: $1) } ?? 0
        guard bar.items.indices.contains(index) else { return self }
        let item = bar.items[index]
        let palette = ThemePalette(theme: bar.theme)
        let t = 17 * bar.textScale
        var font = bar.button.font
        font.size = t
        font.language = bar.language
        let iconSide = item.icon == nil ? 0 : 2 * t, gap = t / 2, pad = 3 * t / 4, margin = 24.0
        let text = item.text
        let natural = text.map { measurer.measure($0, font: font) } ?? Size(width: 0, height: 0)
        let maxWidth = max(width - 32, 2 * pad + 1)
        let contentHeight = iconSide + (iconSide > 0 && text != nil ? gap : 0) + natural.height
        let panelHeight = contentHeight + 2 * pad
        let panelWidth = min(max(max(iconSide, natural.width) + 2 * pad, panelHeight), maxWidth)
        let bandHeight = panelHeight + 2 * margin
        let bandOnTop = bar.placement == .bottom
        var placed = self
        if bandOnTop { placed.mapFrames { $0.offsetBy(dx: 0, dy: bandHeight) } }
        placed.height = height + bandHeight
        let band = Rect(x: 0, y: bandOnTop ? 0 : height, width: width, height: bandHeight)
        let panel = Rect(x: (width - panelWidth) / 2, y: band.y + margin, width: panelWidth, height: panelHeight)
        let iconFrame = iconSide > 0 ? Rect(x: panel.x + (panelWidth - iconSide) / 2, y: panel.y + pad, width: iconSide, height: iconSide) : .zero
        let titleWidth = min(natural.width, panelWidth - 2 * pad)
        let titleFrame = text == nil ? Rect.zero
            : Rect(x: panel.x + (panelWidth - titleWidth) / 2, y: panel.maxY - pad - natural.height, width: titleWidth, height: natural.height)
        let template = (item.renderingMode ?? bar.button.renderingMode) == .template
        placed.largeContent = LargeContentGeometry(
            item: index, band: band, screenColor: palette.screen,
            panel: ShapeGeometry(frame: panel, cornerRadius: t / 2, color: palette.largeContentPanel),
            iconFrame: iconFrame, icon: item.icon, iconTint: template ? palette.text : nil, titleFrame: titleFrame, text: text,
            font: font, color: palette.text)
        return placed
    }
}
