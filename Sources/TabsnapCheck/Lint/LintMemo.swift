import Tabsnap

/// What one variant's positions share, so lint does not redo it at each of them: the backdrop,
/// painted again only when what it paints changes (a bar whose fill and selected backgrounds do
/// not move has one backdrop at every position), and the contrast of each colour over each box
/// of that backdrop. Lint of a 100-item bar in 40 variants spent a third of its time painting
/// identical backdrops and counting their pixels (hostile round 44). One per variant and thread.
final class LintMemo {
    private var lastBackdrop: (list: DrawList, scale: Double, image: RGBAImage?)?
    /// Contrasts over the current backdrop (forgotten when it is painted again).
    private var ratios: [ContrastKey: Double?] = [:]
    /// How findings name each item (`LintFrame.name(ofItem:)`): the same at every position, and
    /// cutting a long title to its first characters, for each button at each position, was a
    /// tenth of lint's time (a title of 990 characters in many scripts).
    private var itemNames: [Int: String] = [:]

    private struct ContrastKey: Hashable {
        var color: RGBAColor
        var box: Rect
        var page: Double
    }

    /// The backdrop painted from `list` at `scale`: the last one when the list and scale are
    /// the same, else `paint`'s (nil: it cannot be painted).
    func backdrop(_ list: DrawList, scale: Double, paint: () -> RGBAImage?) -> RGBAImage? {
        if let lastBackdrop, lastBackdrop.scale == scale, lastBackdrop.list == list { return lastBackdrop.image }
        let image = paint()
        lastBackdrop = (list, scale, image)
        ratios.removeAll(keepingCapacity: true)
        return image
    }

    /// Item `index`'s name as `make` words it, worded once.
    func name(ofItem index: Int, make: () -> String) -> String {
        if let known = itemNames[index] { return known }
        let name = make()
        itemNames[index] = name
        return name
    }

    /// The contrast `measure` finds for `color` over `box` of the current backdrop, measured once.
    func contrast(of color: RGBAColor, in box: Rect, page: Double, measure: () -> Double?) -> Double? {
        let key = ContrastKey(color: color, box: box, page: page)
        if let known = ratios[key] { return known }
        let ratio = measure()
        ratios[key] = .some(ratio)
        return ratio
    }
}
