import Foundation
import Tabsnap

/// What a still golden remembers of the bar it shows (an iTXt chunk, `GeometryRecord.keyword`,
/// so one file stays one golden): enough of the geometry to say, when the pixels differ, what
/// moved in the bar's own terms (`GeometryDiff`). Points, canvas coordinates (the scroll taken
/// off), colours as #RRGGBBAA.
public struct GeometryRecord: GoldenNote, Equatable, Sendable {
    /// The chunk's keyword.
    public static let keyword = "Tabsnap geometry"

    /// One button as drawn.
    public struct Button: Codable, Equatable, Sendable {
        /// The title drawn (markup's text), if any.
        public var title: String?
        /// The button's slot.
        public var frame: Rect
        /// Where its title is set (zero without one).
        public var titleFrame: Rect
        /// Where its icon is drawn (zero without one).
        public var iconFrame: Rect
        /// The title's and the template icon's colour, alpha included.
        public var color: String
        /// How the title fits: `fits`, `wraps`, `ellipsized`, `leftOut`; nil without a title.
        public var fit: String?
        /// The badge's frame and value, if it has one.
        public var badge: Rect?
        /// The badge's value ("" for a dot).
        public var badgeText: String?
    }

    /// The record's layout version; a record of another is ignored.
    public var version = 1
    /// The canvas, safe area included.
    public var width: Double
    /// The canvas height.
    public var height: Double
    /// The bar's background colour (nil: clear).
    public var background: String?
    /// The indicator's frame and colour, when the bar draws one.
    public var indicator: Rect?
    /// The indicator's colour.
    public var indicatorColor: String?
    /// The buttons, in item order.
    public var buttons: [Button]

    /// The record of `geometry`, with how each title fits (`Renderer.titleFits`).
    public init(geometry: BarGeometry, fits: [TitleFit]) {
        let dx = -geometry.scrollOffset
        width = geometry.width
        height = geometry.height
        background = geometry.background?.hexRGBA
        indicator = geometry.indicator.map { $0.frame.offsetBy(dx: dx) }
        indicatorColor = geometry.indicator?.color.hexRGBA
        buttons = geometry.buttons.enumerated().map { index, button in
            Button(title: button.title, frame: button.frame.offsetBy(dx: dx), titleFrame: button.titleFrame.offsetBy(dx: dx),
                   iconFrame: button.iconFrame.offsetBy(dx: dx), color: button.color.multiplyingAlpha(by: button.alpha).hexRGBA,
                   fit: fits.first { $0.item == index }.map { $0.fit.rawValue } ?? (button.title == nil ? nil : TitleFit.Fit.fits.rawValue),
                   badge: button.badge.map { $0.frame.offsetBy(dx: dx) }, badgeText: button.badge?.text)
        }
    }

    /// The record of `bar` at `position` (nil: its own), as `renderer` lays it out.
    public init(of bar: Bar, at position: Double?, renderer: Renderer) {
        let geometry = renderer.geometry(of: bar, position: position)
        self.init(geometry: geometry, fits: renderer.titleFits(in: geometry))
    }

    /// A record of another layout version is not read, nor one whose numbers no bar has (a
    /// crafted golden's `-1e999` reads as infinity, and would print as such).
    public var isReadable: Bool {
        func sane(_ value: Double) -> Bool { value.isFinite && abs(value) <= 1e6 }
        // A size is never negative: a crafted `width: -5` printed as "title width -5 → 24 pt"
        // (hostile round 38).
        func sane(_ rect: Rect?) -> Bool { rect.map { [$0.x, $0.y, $0.width, $0.height].allSatisfy(sane) && $0.width >= 0 && $0.height >= 0 } ?? true }
        // Colours as Tabsnap writes them (#RRGGBBAA) and the fits it names: a crafted golden's
        // 300 000-character "colour" printed whole (hostile round 26).
        func colour(_ text: String?) -> Bool {
            text.map { $0.count == 9 && $0.hasPrefix("#") && $0.dropFirst().allSatisfy(\.isHexDigit) } ?? true
        }
        let fits: Set<String?> = [nil, "fits", "wraps", "ellipsized", "leftOut"]
        return version == 1 && buttons.count <= Limits.items.upperBound && sane(width) && sane(height) && width >= 0 && height >= 0 && sane(indicator) && colour(background) && colour(indicatorColor)
            && buttons.allSatisfy { sane($0.frame) && sane($0.titleFrame) && sane($0.iconFrame) && sane($0.badge) && colour($0.color) && fits.contains($0.fit) && TitleFit.Fit(rawValue: $0.fit ?? "fits") != nil }
    }
}
