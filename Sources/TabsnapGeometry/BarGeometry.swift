import Foundation
import TabsnapModel

/// Everything a renderer draws: the output of the one pure layout function, and the only input
/// of the draw list (nothing is read from the `Bar` after this). Frames are in points, in content coordinates (x = 0 is the content's left edge, insets
/// included; y = 0 is the top of the canvas, safe area included); subtract `scrollOffset` from x
/// for bar coordinates.
public struct BarGeometry: Sendable, Hashable, Encodable {
    /// Bar width in points: the visible window and the canvas width (the content may be wider and
    /// scroll).
    public var width: Double
    /// Canvas height: the bar plus its safe area.
    public var height: Double
    /// The position the geometry was computed at, as given: fractional mid-swipe, below 0 or past
    /// the last button in overscroll.
    public var position: Double
    /// Layout direction; a right-to-left geometry comes already mirrored.
    public var direction: BarDirection
    /// Width of the scrollable content in points, insets included; never less than `width`.
    public var contentWidth: Double
    /// How far the content is scrolled, in points: Tabman's scroll centring puts the focus in the
    /// middle of the bar, clamped so the content never scrolls past either end (0 when it fits).
    /// The draw list subtracts it from every x.
    public var scrollOffset: Double
    /// The layout insets actually used, in points (alignment `center` replaces the horizontal ones
    /// so the end buttons can reach the bar's middle); left and right swap in right-to-left.
    public var insets: Insets
    /// The safe area added above and below the bar; `height` and every frame already include it.
    public var safeArea: SafeArea
    /// Tabman's focus area (the bar's full height, safe area excluded).
    public var focus: Rect
    /// One per item, in the items' order (right-to-left mirrors their frames, not the order).
    public var buttons: [ButtonGeometry]
    /// The indicator, already through the overscroll rule; nil for style `none` or no items.
    public var indicator: IndicatorGeometry?
    /// The edge fade, when `layout.fadeEdges` is on.
    public var fade: EdgeFade?
    /// Lines between buttons, faded beside the selected one.
    public var separators: [ShapeGeometry]
    /// The sliding selected background (segmented thumb), when `selectedBackground.motion` is
    /// slide; with fade each button carries its own.
    public var selectedBackground: ShapeGeometry?
    /// Hairlines along the canvas edges.
    public var hairlines: [Rect]
    /// Colour of `hairlines` (the bar's separator colour); clear when the bar has none.
    public var hairlineColor: RGBAColor
    /// The bar's fill; nil leaves the canvas transparent.
    public var background: RGBAColor?
    /// The user's font files the titles were measured with (and are drawn with).
    public var fonts: [URL] = []
    /// The button that draws every button (`Bar.customButton`); nil: the built-in drawing.
    public var buttonComponent: AnyBarButton? = nil
    /// The badge that draws every badge (`Bar.customBadge`); nil: the built-in drawing.
    public var badgeComponent: AnyBarBadge? = nil
    /// The background that draws the selected backgrounds (`ButtonSettings.customSelectedBackground`);
    /// nil: the built-in drawing.
    public var selectedBackgroundComponent: AnyBarSelectedBackground? = nil
    /// The Large Content Viewer beside the bar, when it shows one (in canvas coordinates).
    public var largeContent: LargeContentGeometry? = nil
    /// The screen around the bar (`ScreenLayout`), when the bar is shown in one; the bar's own
    /// numbers stay the bar's. Not part of what `tabsnap layout` prints.
    public var screen: ScreenGeometry? = nil

    /// The picture's size: the screen's, or the bar's alone.
    public var canvas: Size { screen?.size ?? Size(width: width, height: height) }

    private enum CodingKeys: String, CodingKey {
        case width, height, position, direction, contentWidth, scrollOffset, insets, safeArea, focus, buttons, indicator,
             fade, separators, selectedBackground, hairlines, largeContent
    }

    /// Encodes what `tabsnap layout` prints: the layout's numbers and frames (`indicator` and
    /// `fade` as explicit nulls when there are none); the hairline and background colours and the
    /// fonts stay out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(position, forKey: .position)
        try container.encode(direction, forKey: .direction)
        try container.encode(contentWidth, forKey: .contentWidth)
        try container.encode(scrollOffset, forKey: .scrollOffset)
        try container.encode(insets, forKey: .insets)
        try container.encode(safeArea, forKey: .safeArea)
        try container.encode(focus, forKey: .focus)
        try container.encode(buttons, forKey: .buttons)
        try container.encode(indicator, forKey: .indicator)  // explicit null when there is none
        try container.encode(fade, forKey: .fade)
        try container.encode(separators, forKey: .separators)
        try container.encodeIfPresent(selectedBackground, forKey: .selectedBackground)
        try container.encode(hairlines, forKey: .hairlines)
        try container.encodeIfPresent(largeContent, forKey: .largeContent)
    }
}

extension BarGeometry {
    /// The bar's geometry at `position` (default: the bar's own). Stateless: the same arguments
    /// always give the same result.
    public static func compute(for bar: Bar, position: Double? = nil, measurer: TextMeasurer,
                               layoutManager: LayoutManager = DefaultLayoutManager()) -> BarGeometry {
        compute(for: bar.resolved(), position: position, measurer: measurer, layoutManager: layoutManager)
    }

    /// The geometry of a bar whose defaults are already filled in.
    public static func compute(for bar: ResolvedBar, position: Double? = nil, measurer: TextMeasurer,
                               layoutManager: LayoutManager = DefaultLayoutManager()) -> BarGeometry {
        compute(for: bar, selection: SelectionState(position: position ?? bar.position, count: bar.items.count),
                measurer: measurer, layoutManager: layoutManager)
    }

    /// The geometry of a bar (defaults filled in) at a selection state: a position's, or a
    /// jump's (`SelectionState(jumpingFrom:to:progress:count:)`), whose focus goes straight
    /// from one button to the other while the content scrolls from the start's offset to the
    /// end's, as Tabman animates a tap.
    public static func compute(for bar: ResolvedBar, selection: SelectionState, measurer: TextMeasurer,
                               layoutManager: LayoutManager = DefaultLayoutManager()) -> BarGeometry {
        let bar = bar.withDrawnFonts()
        let p = selection.position
        let n = bar.items.count
        let W = bar.width
        let traits = bar.layout.traits
        let insets = bar.layout.insets ?? layoutManager.insets(for: traits)
        let spacing = bar.layout.spacing ?? layoutManager.spacing(for: traits)
        let environment = BarEnvironment(theme: bar.theme, palette: ThemePalette(theme: bar.theme), tint: bar.button.tint,
                                         selectedTint: bar.button.selectedTint, textScale: bar.appliedTextScale,
                                         direction: bar.direction, layoutManager: layoutManager, measurer: measurer,
                                         badge: bar.customBadge ?? AnyBarBadge(StandardBadge(options: bar.badges)))
        let badges = BadgePlacer(badge: environment.badge, environment: environment)
        let button = bar.customButton ?? AnyBarButton(StandardButton(options: bar.button))
        let measures = bar.items.map { button.measure($0, in: environment) }
        let layout = bar.customLayout ?? bar.layout.builtinLayout
        let horizontal = placeButtons(layout, LayoutRequest(barWidth: W, naturalWidths: measures.map(\.natural.width),
                                                            insets: insets, spacing: spacing, environment: environment))
        let indicator = bar.customIndicator ?? bar.indicator.builtinIndicator
        let room = IndicatorRoom(indicator, environment: environment)
        let roomDeficit = room.deficit(layoutInsets: insets, contentInsets: bar.button.contentInsets)
        let H = bar.height ?? intrinsicHeight(drawsContent: button.drawsContent, indicator: indicator, fallbackWeight: bar.indicator.weight,
                                              environment: environment, insets: insets, count: n) {
            button.height(of: bar.items[$0], measured: measures[$0], width: horizontal.spans[$0].width, in: environment) + roomDeficit
        }
        let clear = room.clearSpan(height: H)
        let band = Rect(x: 0, y: 0, width: horizontal.contentWidth, height: H)
        let frames = horizontal.spans.map { Rect(x: $0.x, y: insets.top, width: $0.width, height: max(H - insets.vertical, 0)) }
        let focus = layout.focusArea(for: selection, buttons: frames, barHeight: H)

        let pill = bar.customSelectedBackground ?? bar.button.selectedBackground.map { AnyBarSelectedBackground(StandardSelectedBackground(options: $0)) }
        var pills: [ShapeGeometry] = []
        let buttons = bar.items.indices.map { i -> ButtonGeometry in
            let v = selection.selection(of: i)
            let item = bar.items[i]
            let context = ButtonContext(index: i, count: n, frame: frames[i], selection: v,
                                        offset: selection.offset(of: i), clear: clear,
                                        environment: environment)
            let content = button.place(item, measured: measures[i], in: context)
            let shape = pill?.shape(behind: frames[i], content: content.restingContent, band: band, in: environment)
            if let shape { pills.append(shape) }
            return ButtonGeometry(
                frame: frames[i], selection: v, content: content, background: shape.flatMap { SelectedBackgroundMotion.fading($0, motion: pill?.motion ?? .slide, selection: v) },
                badge: item.badge.map {
                    badges.badge(value: $0, besideTitle: content.badgeBesideTitle, title: content.badgeAnchor,
                                 anchor: content.badgeAnchor, button: frames[i], bar: band)
                })
        }
        let context = IndicatorContext(selection: selection, position: p, focus: focus, buttons: frames,
                                       titles: measures.map(\.titleExtent), barHeight: H, insets: insets, environment: environment)
        // Centred on the focus; mid-jump, the start's offset moves to the end's (UIKit animates the
        // content offset, not the focus it was centred on).
        let centred = { (focus: Rect) in centredScrollOffset(focusMidX: focus.midX, barWidth: W, contentWidth: horizontal.contentWidth) }
        let offset = selection.jump.map { jump in
            let ends = [jump.from, jump.to].map { centred(layout.focusArea(for: SelectionState(position: $0, count: n), buttons: frames, barHeight: H)) }
            return ends[0] + (ends[1] - ends[0]) * jump.progress
        } ?? centred(focus)
        let geometry = BarGeometry(width: W, height: H, position: p, direction: .leftToRight,
                                   contentWidth: horizontal.contentWidth, scrollOffset: offset,
                                   insets: horizontal.insets, safeArea: .zero, focus: focus, buttons: buttons,
                                   indicator: indicator.flatMap { placedIndicator($0, in: context) }, fade: nil,
                                   separators: BarChrome.separators(bar.layout.separators, frames: frames, selection: selection),
                                   selectedBackground: pill.flatMap { SelectedBackgroundMotion.sliding(pills, motion: $0.motion, selection: selection) },
                                   hairlines: [], hairlineColor: bar.separator?.color ?? .clear,
                                   background: bar.background.color, buttonComponent: bar.customButton,
                                   badgeComponent: bar.customBadge, selectedBackgroundComponent: bar.customSelectedBackground)
        var placed = bar.direction == .rightToLeft ? geometry.mirrored() : geometry
        placed = placed.addingSafeArea(bar.safeArea)
        placed.fonts = bar.fonts
        placed.hairlines = BarChrome.hairlines(bar.separator, placement: bar.placement, scrollOffset: placed.scrollOffset,
                                               width: W, canvasHeight: placed.height)
        if bar.layout.fadeEdges {
            placed.fade = EdgeFade(scrollOffset: placed.scrollOffset, barWidth: W, contentWidth: placed.contentWidth)
        }
        var result = placed.addingLargeContent(of: bar, selection: selection, measurer: measurer)
        if let screen = bar.screen { result.screen = ScreenLayout.compute(screen, bar: bar, geometry: result, selection: selection, measurer: measurer) }
        return result
    }

    /// The tallest button (titles wrapped at their buttons' widths) plus vertical insets, rounded
    /// up to a whole point as UIKit's intrinsic sizes are (no half-covered pixel row at the bottom);
    /// a bar without buttons is as tall as its indicator (a block or a filling line: its line weight).
    private static func intrinsicHeight(drawsContent: Bool, indicator: AnyBarIndicator?, fallbackWeight: IndicatorWeight,
                                        environment: BarEnvironment, insets: Insets, count: Int,
                                        buttonHeight: (Int) -> Double) -> Double {
        if !drawsContent {
            let bare = indicator?.bareHeight(in: environment) ?? IndicatorMetrics.lineThickness(fallbackWeight)
            return bare + insets.vertical
        }
        let tallest = (0..<count).map(buttonHeight).max() ?? 0
        return (tallest + insets.vertical).rounded(.up)
    }

    /// Tabman's indicator rule: the span the indicator follows (the focus area by default; a
    /// progressive one runs from the first button to the focus's right edge), through the
    /// overscroll rule, placed by the indicator. Nil without buttons.
    private static func placedIndicator(_ indicator: AnyBarIndicator, in context: IndicatorContext) -> IndicatorGeometry? {
        guard let first = context.buttons.first else { return nil }
        var span = indicator.isProgressive ? HorizontalSpan(x: first.x, width: context.focus.maxX - first.x)
                                           : indicator.span(in: context)
        span = applyOverscroll(span, position: context.position, capacity: context.buttons.count,
                               overscroll: indicator.overscroll, progressive: indicator.isProgressive)
        return indicator.place(on: span, in: context).map { IndicatorGeometry(indicator: indicator, placement: $0) }
    }
}

extension ResolvedBar {
    /// The fonts as drawn: titles' multiplied by the text scale where the preset scales text
    /// (badges keep theirs, as UIKit's do; `DynamicTypeSupport`), and every one in the bar's
    /// language.
    func withDrawnFonts() -> ResolvedBar {
        var bar = self
        if let language {
            bar.button.font.language = language
            bar.button.selectedFont?.language = language
            bar.badges.font.language = language
        }
        let scale = appliedTextScale
        guard scale != 1 else { return bar }
        bar.button.font.size *= scale
        bar.button.selectedFont?.size *= scale
        return bar
    }
}
