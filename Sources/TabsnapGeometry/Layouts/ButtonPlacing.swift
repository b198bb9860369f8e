import TabsnapModel

/// Asks the layout where the buttons go, and holds its answer to what the rest of the geometry
/// relies on, whoever wrote the layout: one span per button (missing ones empty at the content's
/// end, extra ones dropped), finite numbers, no negative widths, content at least as wide as the
/// bar. A bar without buttons asks nothing: its content is the bar.
func placeButtons(_ layout: AnyBarLayout, _ request: LayoutRequest) -> ButtonPlacement {
    let n = request.naturalWidths.count
    guard n > 0 else { return ButtonPlacement(spans: [], contentWidth: request.barWidth, insets: request.insets) }
    let placed = layout.place(request)
    let contentWidth = max(placed.contentWidth.isFinite ? placed.contentWidth : 0, request.barWidth)
    let spans = (0..<n).map { i -> HorizontalSpan in
        guard placed.spans.indices.contains(i) else { return HorizontalSpan(x: contentWidth, width: 0) }
        let span = placed.spans[i]
        return HorizontalSpan(x: span.x.isFinite ? span.x : 0, width: span.width.isFinite ? max(span.width, 0) : 0)
    }
    let insets = [placed.insets.left, placed.insets.right, placed.insets.top, placed.insets.bottom].allSatisfy(\.isFinite)
        ? placed.insets : request.insets
    return ButtonPlacement(spans: spans, contentWidth: contentWidth, insets: insets)
}
