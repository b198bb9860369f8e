import TabsnapModel

/// The part of a custom button a spec can ask for without code: the built-in button's content
/// grows (`selectedScale`) and moves (`selectedOffset`) with the selection, so a Tinder-like
/// growing icon or a raised selected tab is two keys. At selection v the content is scaled by
/// 1 + (s − 1)·v about its anchor — its centre, or the middle of its top or bottom edge when the
/// content is aligned there — and moved by v times the offset; titles grow with their font.
///
/// Buttons are sized for their largest state (the room below), as they are for the wider of
/// their two fonts, so in a bar of natural sizes nothing grows into a neighbour; in a slot too
/// small for it (a fixed height, fit mode) the content is kept inside the slot and clear of an
/// edge indicator, as far as it fits.
struct SelectedContentTransform {
    let scale: Double
    let offset: ContentOffset
    let alignment: ContentAlignment

    init(_ options: ButtonOptions) {
        scale = options.selectedScale
        offset = options.selectedOffset
        alignment = options.verticalAlignment
    }

    /// Nothing to do: the built-ins' pictures stay exactly as they were.
    var isIdentity: Bool { scale == 1 && offset == .zero }

    /// The room to add around `content` (its size without insets) so its largest state fits:
    /// what it grows by, and the offset on both sides (the content stays centred at rest).
    func room(for content: Size) -> Size {
        let growth = max(scale, 1) - 1
        return Size(width: content.width * growth + 2 * abs(offset.x), height: content.height * growth + 2 * abs(offset.y))
    }

    /// The content at selection `v`, kept inside `region` (the slot within the clear band) or
    /// where it rests, if that reaches further.
    func apply(to content: ButtonContent, selection v: Double, within region: Rect) -> ButtonContent {
        guard !isIdentity else { return content }
        let frames = [content.titleFrame, content.iconFrame].filter { $0.width > 0 || $0.height > 0 }
        guard let first = frames.first else { return content }
        let block = frames.dropFirst().reduce(first) { $0.union($1) }
        // Growth stops where the content would outgrow the room it has (a fixed slot, the room
        // kept for a badge beside the title): it never runs under its badge or out of its button.
        let room = region.union(block)
        var factor = 1 + (scale - 1) * v
        if factor > 1 {
            let fits = min(block.width > 0 ? room.width / block.width : factor, block.height > 0 ? room.height / block.height : factor)
            factor = max(1, min(factor, fits))
        }
        let anchorY: Double
        switch alignment {
        case .top: anchorY = block.minY
        case .center: anchorY = block.midY
        case .bottom: anchorY = block.maxY
        }
        func transformed(_ rect: Rect) -> Rect {
            Rect(x: block.midX + (rect.minX - block.midX) * factor + offset.x * v,
                 y: anchorY + (rect.minY - anchorY) * factor + offset.y * v,
                 width: rect.width * factor, height: rect.height * factor)
        }
        let moved = transformed(block)
        let region = room  // where the content rests is never outside it
        let shift = (x: Self.shift(moved.minX, moved.width, into: region.minX, region.width),
                     y: Self.shift(moved.minY, moved.height, into: region.minY, region.height))
        func placed(_ rect: Rect) -> Rect {
            guard rect.width > 0 || rect.height > 0 else { return rect }
            return transformed(rect).offsetBy(dx: shift.x, dy: shift.y)
        }
        var result = content
        result.titleFrame = placed(content.titleFrame)
        result.iconFrame = placed(content.iconFrame)
        result.badgeAnchor = placed(content.badgeAnchor)  // a badge rides the content as it grows and moves
        result.font.size *= factor
        return result
    }

    /// How far to move a span starting at `start`, `length` long, so it lies inside the span from
    /// `lower`, `room` long: not at all when it does; to the start when it cannot fit.
    private static func shift(_ start: Double, _ length: Double, into lower: Double, _ room: Double) -> Double {
        if length >= room { return lower - start }
        return min(max(start, lower), lower + room - length) - start
    }
}
