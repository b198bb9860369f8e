import TabsnapModel

/// Everything a renderer draws, as numbers: the output of the one pure layout function.
/// Frames are in points, in content coordinates (x = 0 is the content's left edge, insets
/// included); subtract `scrollOffset` for bar coordinates.
public struct BarGeometry: Sendable, Hashable, Encodable {
    public var width: Double
    public var height: Double
    public var position: Double
    public var direction: LayoutDirection
    public var contentWidth: Double
    public var scrollOffset: Double
    public var insets: Insets
    /// Tabman's focus area (full bar height).
    public var focus: Rect
    public var buttons: [ButtonGeometry]
    public var indicator: IndicatorGeometry?
    /// The edge fade, when `layout.fadeEdges` is on.
    public var fade: EdgeFade?

    private enum CodingKeys: String, CodingKey {
        case width, height, position, direction, contentWidth, scrollOffset, insets, focus, buttons, indicator, fade
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(position, forKey: .position)
        try container.encode(direction, forKey: .direction)
        try container.encode(contentWidth, forKey: .contentWidth)
        try container.encode(scrollOffset, forKey: .scrollOffset)
        try container.encode(insets, forKey: .insets)
        try container.encode(focus, forKey: .focus)
        try container.encode(buttons, forKey: .buttons)
        try container.encode(indicator, forKey: .indicator)  // explicit null when there is none
        try container.encode(fade, forKey: .fade)
    }
}

public struct ButtonGeometry: Sendable, Hashable, Codable {
    public var frame: Rect
    /// v_i: 0 unselected … 1 selected.
    public var selection: Double
    /// 0.5 + 0.5·v with `adjustsAlpha`, else 1. Multiplies `color`'s own alpha when drawn.
    public var alpha: Double
    /// Interpolated tint.
    public var color: Color
    public var title: String?
    /// Where the title's logical box goes (zero size without a title).
    public var titleFrame: Rect
    /// The font in effect at this selection.
    public var font: FontSpec
    /// Where the icon goes (zero size without an icon).
    public var iconFrame: Rect

    private enum CodingKeys: String, CodingKey {
        case frame, selection, alpha, color, title, titleFrame, font, iconFrame
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frame, forKey: .frame)
        try container.encode(selection, forKey: .selection)
        try container.encode(alpha, forKey: .alpha)
        try container.encode(color, forKey: .color)
        try container.encode(title, forKey: .title)  // explicit null for an untitled button
        try container.encode(titleFrame, forKey: .titleFrame)
        try container.encode(font, forKey: .font)
        try container.encode(iconFrame, forKey: .iconFrame)
    }
}

public struct IndicatorGeometry: Sendable, Hashable, Codable {
    public var style: IndicatorStyle
    public var frame: Rect
    public var cornerRadius: Double
    public var color: Color
    public var display: IndicatorDisplay
}

extension BarGeometry {
    /// The bar's geometry at `position` (default: the bar's own). Stateless: the same arguments
    /// always give the same result.
    public static func compute(for bar: Bar, position: Double? = nil, measurer: TextMeasurer,
                               layoutManager: LayoutManager = DefaultLayoutManager()) -> BarGeometry {
        let p = position ?? bar.position
        let n = bar.items.count
        let W = bar.width
        let sizer = ButtonSizer(options: bar.button, measurer: measurer)
        let contents = bar.items.map(sizer.size(of:))
        let traits = bar.layout.traits
        let insets = bar.layout.insets ?? layoutManager.insets(for: traits)
        let spacing = bar.layout.spacing ?? layoutManager.spacing(for: traits)
        let H = barHeight(bar, contents: contents, insets: insets)

        let horizontal = horizontalLayout(mode: bar.layout.mode, alignment: bar.layout.alignment, barWidth: W,
                                          naturalWidths: contents.map(\.intrinsic.width), insets: insets,
                                          spacing: spacing, visibleButtons: bar.layout.visibleButtons)
        let buttonHeight = H - insets.vertical
        let frames = horizontal.spans.map { Rect(x: $0.x, y: insets.top, width: $0.width, height: buttonHeight) }
        let selection = SelectionState(position: p, count: n)
        let focus = focusArea(buttonFrames: frames, selection: selection, barHeight: H)

        let buttons = bar.items.indices.map { i in
            buttonGeometry(item: bar.items[i], content: contents[i], frame: frames[i],
                           selection: selection.selection(of: i), options: bar.button)
        }
        let indicator = indicatorGeometry(bar: bar, frames: frames, contents: contents, focus: focus,
                                          selection: selection, position: p, barHeight: H)
        let geometry = BarGeometry(width: W, height: H, position: p, direction: .leftToRight,
                                   contentWidth: horizontal.contentWidth,
                                   scrollOffset: centredScrollOffset(focusMidX: focus.midX, barWidth: W,
                                                                      contentWidth: horizontal.contentWidth),
                                   insets: horizontal.insets, focus: focus, buttons: buttons, indicator: indicator)
        var placed = bar.direction == .rightToLeft ? geometry.mirrored() : geometry
        if bar.layout.fadeEdges {
            placed.fade = EdgeFade(scrollOffset: placed.scrollOffset, barWidth: W, contentWidth: placed.contentWidth)
        }
        return placed
    }

    /// Preset height, or the tallest button plus vertical insets, rounded up to a whole point as
    /// UIKit's intrinsic sizes are (no half-covered pixel row at the bottom); a bar without
    /// buttons is as tall as its indicator line.
    private static func barHeight(_ bar: Bar, contents: [ButtonContentSize], insets: Insets) -> Double {
        if let height = bar.height { return height }
        if bar.button.style == .none {
            return IndicatorMetrics.lineThickness(bar.indicator.weight) + insets.vertical
        }
        let tallest = contents.map(\.intrinsic.height).max() ?? 0
        return (tallest + insets.vertical).rounded(.up)
    }

    private static func buttonGeometry(item: BarItem, content: ButtonContentSize, frame: Rect, selection v: Double,
                                       options: ButtonOptions) -> ButtonGeometry {
        let font = options.font(at: v)
        let inner = frame.insetBy(options.contentInsets)
        let titleWidth = font == options.font ? content.titleWidthUnselected : content.titleWidthSelected
        let gap = content.icon.height > 0 && content.title.height > 0 ? TabItemMetrics.iconTitleSpacing : 0
        let blockHeight = content.icon.height + gap + content.title.height
        let top = inner.midY - blockHeight / 2
        let iconFrame = Rect(x: inner.midX - content.icon.width / 2, y: top,
                             width: content.icon.width, height: content.icon.height)
        let titleFrame = Rect(x: inner.midX - titleWidth / 2, y: top + content.icon.height + gap,
                              width: titleWidth, height: content.title.height)
        return ButtonGeometry(frame: frame, selection: v, alpha: options.alpha(at: v), color: options.color(at: v),
                              title: item.title, titleFrame: titleFrame, font: font, iconFrame: iconFrame)
    }

    private static func indicatorGeometry(bar: Bar, frames: [Rect], contents: [ButtonContentSize], focus: Rect,
                                          selection: SelectionState, position p: Double,
                                          barHeight H: Double) -> IndicatorGeometry? {
        let options = bar.indicator
        guard options.style != .none, !frames.isEmpty else { return nil }
        var span: (x: Double, width: Double)
        if options.progressive {
            span = (frames[0].x, focus.maxX - frames[0].x)
        } else {
            let width: Double
            switch options.width {
            case .button: width = focus.width
            case .title:
                width = interpolate(contents[selection.lower].title.width, contents[selection.upper].title.width,
                                    selection.fraction)
            case .points(let points): width = points
            }
            span = (focus.midX - width / 2, width)
        }
        span = applyOverscroll(span, position: p, capacity: frames.count, overscroll: options.overscroll,
                               progressive: options.progressive)
        guard let placed = indicatorFrame(style: options.style, options: options, span: span, barHeight: H) else {
            return nil
        }
        let color = options.color ?? (options.style == .block ? bar.button.tint.multiplyingAlpha(by: 0.25)
                                                              : bar.button.selectedTint)
        return IndicatorGeometry(style: options.style, frame: placed.frame, cornerRadius: placed.cornerRadius,
                                 color: color, display: options.resolvedDisplay)
    }

    /// Right-to-left: the same layout mirrored inside the content, so order and overscroll signs flip.
    private func mirrored() -> BarGeometry {
        var copy = self
        let span = contentWidth
        copy.direction = .rightToLeft
        copy.scrollOffset = max(contentWidth - width, 0) - scrollOffset
        copy.insets = Insets(left: insets.right, right: insets.left, top: insets.top, bottom: insets.bottom)
        copy.focus = focus.mirrored(in: span)
        copy.buttons = buttons.map { button in
            var button = button
            button.frame = button.frame.mirrored(in: span)
            button.titleFrame = button.titleFrame.mirrored(in: span)
            button.iconFrame = button.iconFrame.mirrored(in: span)
            return button
        }
        if let indicator { copy.indicator?.frame = indicator.frame.mirrored(in: span) }
        return copy
    }
}
