import Foundation
import Tabsnap

/// One golden a spec asks for: a still at a position and scale, or its transition at a scale,
/// optionally in a given theme.
public struct SnapshotCase: Sendable {
    /// What the golden holds, and so how it is rendered and compared.
    public enum Kind: Sendable, Equatable {
        /// A PNG still of the bar at `position` (a button's index; a fraction is mid-swipe, below
        /// 0 or past the last button overscroll), at the case's scale.
        case still(position: Double)
        /// The spec's transition, rendered frame by frame and kept as an animated PNG.
        case transition(BarTransition)
        /// A still kept as SVG text (in points: no scale).
        case svg(position: Double)
        /// What a screen reader says for each button at the position, kept as text (`.a11y.txt`).
        case a11y(position: Double)
    }

    /// The golden's path relative to the snapshots folder, e.g. `ios-tab-bar.dark.p0.5@2x.png`:
    /// the spec's name, then each variant the spec's `snapshots:` lists (theme, position, scale).
    /// A spec listing none has one golden, `ios-tab-bar.png` (and `ios-tab-bar.transition.png`).
    public var name: String
    /// The spec file as the user named it.
    public var spec: String
    /// The bar to render: the spec's, with this case's theme, direction and text scale applied.
    public var bar: Bar
    /// Still, transition or SVG, with the position or the transition.
    public var kind: Kind
    /// Pixels per point the case is rendered at: the listed scale, else the spec's own (unused
    /// for an SVG golden, which is in points).
    public var scale: Double
    /// Set when the spec lists locales (then the locale is part of the name).
    public var locale: SpecLocale?
    /// Set when the spec lists themes (then the theme is part of the name).
    public var theme: Theme?
    /// Set when the spec lists directions.
    public var direction: BarDirection?
    /// Set when the spec lists text scales (its label: `accessibility3`, `t1.5`).
    public var textScale: String?
    /// The spec's own tolerance, when it gives one (else the run's).
    public var options: ComparisonOptions?
    /// The string catalogs the spec's titles come from.
    public var catalogs: [String] = []
    /// The spec's `lint:` section, for `tabsnap lint` and `check --lint`.
    public var lint = LintSettings()

    /// Every file the case reads: the bar's icons and fonts, and the spec's catalogs.
    public var inputFiles: [String] { bar.inputFiles + catalogs }

    /// A case from its parts, as the planner makes them; nothing is checked or derived (the name
    /// is not built from the others: see `goldenName`).
    /// - Parameters:
    ///   - name: The golden's path relative to the snapshots folder.
    ///   - spec: The spec file as the user named it.
    ///   - bar: The bar to render, variant already applied.
    ///   - kind: Still, transition or SVG.
    ///   - scale: Pixels per point.
    ///   - theme: The theme when the spec lists themes, else nil.
    ///   - direction: The direction when the spec lists directions, else nil.
    ///   - textScale: The text scale's label when the spec lists text scales, else nil.
    ///   - options: The spec's own tolerance, or nil for the run's.
    ///   - locale: The locale when the spec lists locales, else nil.
    public init(name: String, spec: String, bar: Bar, kind: Kind, scale: Double, theme: Theme?,
                direction: BarDirection? = nil, textScale: String? = nil, options: ComparisonOptions? = nil, locale: SpecLocale? = nil) {
        self.locale = locale
        self.name = name
        self.spec = spec
        self.bar = bar
        self.kind = kind
        self.scale = scale
        self.theme = theme
        self.direction = direction
        self.textScale = textScale
        self.options = options
    }

    /// `stem[.locale][.theme][.direction][.textScale][.p<position>|.transition][@<scale>x].png`;
    /// nil parts are the spec's own values and stay out of the name.
    public static func goldenName(stem: String, locale: SpecLocale? = nil, theme: Theme?, direction: BarDirection? = nil, textScale: String? = nil,
                                  kind: Kind, position: Double?, scale: Double?) -> String {
        var name = stem
        if let locale { name += ".\(locale.identifier)" }
        if let theme { name += ".\(theme.rawValue)" }
        if let direction { name += ".\(direction.rawValue)" }
        if let textScale { name += ".\(textScale)" }
        if case .transition = kind { name += ".transition" } else if let position { name += ".p\(compact(position))" }
        if case .svg = kind { return name + ".svg" }
        if case .a11y = kind { return name + ".a11y.txt" }
        if let scale { name += "@\(compact(scale))x" }
        return name + ".png"
    }

    /// Shortest decimal form: 0, 0.5, -0.25, 2.
    static func compact(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }  // only from a report read back
        if value == value.rounded() { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// The position of a still, SVG or spoken golden; nil for a transition.
    public var position: Double? {
        switch kind {
        case .still(let position), .svg(let position), .a11y(let position): return position
        case .transition: return nil
        }
    }
}

extension SnapshotCase.Kind {
    /// Kept as text and compared exactly, line by line: SVG and spoken goldens.
    public var isText: Bool {
        switch self {
        case .svg, .a11y: return true
        case .still, .transition: return false
        }
    }

    /// What a screen reader says (`.a11y.txt`).
    public var isSpoken: Bool {
        if case .a11y = self { return true }
        return false
    }
}
