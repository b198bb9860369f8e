import Tabsnap

/// One bar at one position, as the design rules see it: the geometry drawn, the items (for
/// what is never drawn, such as accessibility labels), the platform whose guidelines apply, and
/// measurements only the renderer can make, taken once and shared by the rules.
public final class LintFrame {
    /// The bar, its defaults filled in.
    public let bar: ResolvedBar
    /// The geometry at `position`, in content coordinates.
    public let geometry: BarGeometry
    /// The position checked.
    public let position: Double
    /// Whose touch-target and text-size guidelines apply.
    public let platform: LintPlatform
    private let renderer: Renderer
    private let memo: LintMemo
    private var inkFrames: [Rect?]?
    private var fits: [TitleFit]?
    private var backdropImage: RGBAImage??

    init(bar: ResolvedBar, geometry: BarGeometry, position: Double, platform: LintPlatform, renderer: Renderer, memo: LintMemo = LintMemo()) {
        self.bar = bar
        self.geometry = geometry
        self.position = position
        self.platform = platform
        self.renderer = renderer
        self.memo = memo
    }

    /// Pixels per point of the backdrop the contrast rule samples: 2, so a 1 pt line or a
    /// rounded corner is not lost between pixels, or less for a large bar, whose backdrop is
    /// kept to 2 Mpx (it is drawn at every position checked: 201 of them for 100 items).
    public var backdropScale: Double {
        let side = Double(Limits.pixelsPerSide) - 1
        let area = (Double(Self.backdropPixels) / max(geometry.width * geometry.height, 1)).squareRoot()
        return max(min(2, side / max(geometry.width, 1), side / max(geometry.height, 1), area), 0.01)
    }

    /// The most pixels a backdrop has.
    public static let backdropPixels = 1 << 21

    /// Where each button's title leaves ink (content coordinates); nil where none is drawn.
    public var titleInk: [Rect?] {
        if let inkFrames { return inkFrames }
        let found = renderer.titleInkFrames(in: geometry)
        inkFrames = found
        return found
    }

    /// How each title fits its button (`Renderer.titleFits`).
    public var titleFits: [TitleFit] {
        if let fits { return fits }
        let found = renderer.titleFits(in: geometry)
        fits = found
        return found
    }

    /// What titles and icons are drawn on (`Renderer.backdrop`), at `backdropScale`, in canvas
    /// pixels; nil when it cannot be drawn (the bar's own render reports why).
    public var backdrop: RGBAImage? {
        if let backdropImage { return backdropImage }
        let scale = backdropScale
        let list = renderer.backdropList(of: geometry)
        let image = memo.backdrop(list, scale: scale) { try? renderer.image(of: list, scale: scale) }
        backdropImage = .some(image)
        return image
    }

    /// The contrast of `color` over the backdrop in `box` (canvas points), as `ContrastRule.ratio`
    /// measures it, with `page` under translucent pixels; nil when the box is off the canvas or
    /// there is no backdrop. Measured once per box while the backdrop stays the same.
    public func contrast(of color: RGBAColor, in box: Rect, page: Double) -> Double? {
        guard let backdrop else { return nil }
        let scale = backdropScale
        return memo.contrast(of: color, in: box, page: page) {
            ContrastRule.ratio(of: color, in: box, on: backdrop, scale: scale, page: page)
        }
    }

    /// A content-coordinate rect in the canvas (the scroll offset taken off).
    public func onCanvas(_ rect: Rect) -> Rect {
        rect.offsetBy(dx: -geometry.scrollOffset)
    }

    /// How findings name button `index`: by its title, else its accessibility label, else its
    /// number counted from 1, as a reader counts (and the spoken text says "2 of 5").
    public func name(ofItem index: Int) -> String {
        memo.name(ofItem: index) { unmemoisedName(ofItem: index) }
    }

    private func unmemoisedName(ofItem index: Int) -> String {
        let item = index < bar.items.count ? bar.items[index] : BarItem()
        if let title = item.title, !title.isEmpty { return "\"\(Self.cut(title))\"" }
        if let label = item.accessibilityLabel, !label.isEmpty { return "\"\(Self.cut(label))\"" }
        return "item \(index + 1)"
    }

    /// A title's state at this position, for findings that differ with it.
    public func state(of button: ButtonGeometry) -> String {
        button.selection >= 1 ? "selected" : button.selection <= 0 ? "unselected" : "mid-swipe"
    }

    private static func cut(_ text: String) -> String {
        // prefix(31), not count: counting a title of 1 000 characters for every button at every
        // position was a thirtieth of lint's time.
        text.prefix(31).count > 30 ? String(text.prefix(29)) + "…" : text
    }
}
