import Foundation
import Tabsnap
import TabsnapCheck

/// What a picture request asks for: a spec by name, and the page's controls. Every number is
/// range-checked here, once, against `Limits` (a request is input like any other).
public struct PreviewRequest: Sendable, Equatable {
    /// The spec's name, as `PreviewSuite` lists it.
    public var spec: String
    /// The position to draw at; nil: the spec's.
    public var position: Double?
    /// The theme; nil: the spec's.
    public var theme: Theme?
    /// Pixels per point for PNG output and animations; nil: the spec's.
    public var scale: Double?
    /// The factor every title's font size is multiplied by; nil: the spec's.
    public var textScale: Double?
    /// The layout direction; nil: the spec's.
    public var direction: BarDirection?
    /// The locale (titles from the spec's catalogs, a pseudo-locale's transform); nil: the spec's.
    public var locale: SpecLocale?
    /// The page's controls (preset, items, colours) applied to the spec; nil: the spec as written.
    public var overrides: SpecOverrides?
    /// The version of the spec the page shows (`v`, `PreviewSuite.Entry.version`). A download
    /// or a copy made for another version is refused (409): it would not be what the page
    /// shows. Pictures the page draws send it too, to tell a fresh picture from a cached one,
    /// and are drawn from the current version whatever it says (`PreviewRoutes` sets it to nil).
    public var shownVersion: Int?

    /// A request the preview refuses (answered 400): a missing spec name, a value that is not a
    /// number or out of range, or a text scale that draws fonts too large.
    public struct Problem: Error, CustomStringConvertible {
        /// "name: why", naming the query item at fault.
        public var description: String
    }

    /// A request for `spec` with the given settings, taken as they are (unlike `init(query:)`,
    /// nothing is range-checked); nil settings keep the spec's.
    public init(spec: String, position: Double? = nil, theme: Theme? = nil, scale: Double? = nil, textScale: Double? = nil,
                direction: BarDirection? = nil) {
        self.spec = spec
        self.position = position
        self.theme = theme
        self.scale = scale
        self.textScale = textScale
        self.direction = direction
    }

    /// From a query's items (`spec=…&position=…&theme=dark&scale=2&textScale=1.5&direction=rtl
    /// &locale=de`; `textScale` also takes Dynamic Type's names, `accessibility3`).
    public init(query: [(name: String, value: String)]) throws(Problem) {
        var values: [String: String] = [:]
        for item in query {
            // Two values for one name is a page or link gone wrong: say which, rather than
            // silently drawing the last (hostile round 32).
            guard values[item.name] == nil else { throw Problem(description: "\(Self.quoted(item.name)): given twice; a setting takes one value") }
            values[item.name] = item.value
        }
        guard let spec = values["spec"], !spec.isEmpty else { throw Problem(description: "spec: missing") }
        self.init(spec: spec)
        position = try Self.number(values["position"], "position", in: Limits.position)
        scale = try Self.number(values["scale"], "scale", in: 0.25...Limits.scale.upperBound)
        if let name = values["textScale"], let size = DynamicTypeSize(rawValue: name) {
            textScale = size.textScale
        } else {
            textScale = try Self.number(values["textScale"], "textScale", in: Limits.textScale)
        }
        if let text = values["theme"], !text.isEmpty {
            guard let theme = Theme(rawValue: text) else { throw Problem(description: "theme: \(Self.quoted(text)) is not light or dark") }
            self.theme = theme
        }
        if let text = values["direction"], !text.isEmpty {
            guard let direction = BarDirection(rawValue: text) else { throw Problem(description: "direction: \(Self.quoted(text)) is not ltr or rtl") }
            self.direction = direction
        }
        if let text = values["locale"], !text.isEmpty {
            guard let locale = SpecLocale(text) else { throw Problem(description: "locale: \(Self.quoted(text)) is not a locale") }
            self.locale = locale
        }
        shownVersion = try Self.shownVersion(values["v"])
        if let text = values["args"], !text.isEmpty {
            // JSON from the page's controls, bounded (the request line is too) and range-checked.
            guard text.utf8.count <= 16_384 else { throw Problem(description: "args: over 16 KB") }
            let decoded: SpecOverrides
            do {
                decoded = try JSONDecoder().decode(SpecOverrides.self, from: Data(text.utf8))
            } catch {
                throw Problem(description: "args: not the controls' JSON ({\"items\": [{\"title\": …}], \"preset\": …})")
            }
            if let problem = decoded.check() { throw Problem(description: "args: " + problem) }
            overrides = decoded.isEmpty ? nil : decoded
        }
    }

    /// The version a page says it shows (`v`, a whole number), or nil when it says none.
    static func shownVersion(_ text: String?) throws(Problem) -> Int? {
        guard let text else { return nil }
        guard let version = Int(text) else { throw Problem(description: "v: \(quoted(text)) is not a version number") }
        return version
    }

    /// A plain decimal (`-0.5`, `2`, `1e-3`): no hex, no spaces, no trailing bytes.
    private static func number(_ text: String?, _ name: String, in range: ClosedRange<Double>) throws(Problem) -> Double? {
        guard let text, !text.isEmpty else { return nil }
        let decimal = text.utf8.allSatisfy { (0x30...0x39).contains($0) || [0x2B, 0x2D, 0x2E, 0x65, 0x45].contains($0) }
        guard decimal, let value = Double(text) else {
            throw Problem(description: "\(name): \(quoted(text)) is not a number")
        }
        // 1e400 is a number, only too large for a Double (read as infinity): out of range.
        guard value.isFinite, range.contains(value) else {
            throw Problem(description: "\(name): \(quoted(text)) is out of range \(Limits.format(range.lowerBound))…\(Limits.format(range.upperBound))")
        }
        return value
    }

    /// A value from the request as an error message shows it: on one line, at most 60 characters.
    static func quoted(_ text: String) -> String {
        // A NUL as `\0`, as every other message writes it; other control characters as `?`.
        let visible = String(text.unicodeScalars.map { $0 == "\0" ? "\\0" : $0.properties.generalCategory == .control ? "?" : String($0) }.joined())
        return "'" + (visible.count > 60 ? visible.prefix(60) + "…" : visible) + "'"
    }

    /// The spec's bar with the request's settings applied.
    public func bar(from document: SpecDocument) throws(Problem) -> Bar {
        var bar = document.bar
        if let theme { bar.theme = theme }
        if let direction { bar.direction = direction }
        if let textScale {
            // As `render --text-scale` refuses it: a bar that keeps its text size drew the same
            // picture under "accessibility5" (hostile round 33).
            if bar.largeContent == nil, textScale != 1, let reason = bar.preset.keepsTextSizeReason { throw Problem(description: "textScale: " + reason) }
            bar.textScale = textScale
            if let problem = bar.textSizeProblem { throw Problem(description: "textScale: " + problem) }
        }
        return bar
    }
}

extension PreviewRequest {
    /// `1.25`, `2.35`: at most two decimals, no trailing zeros.
    static func short(_ value: Double) -> String {
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// What a download holds, for its name.
    enum Download: Sendable {
        case png, svg, layout
        /// The spec's text with the page's controls applied (`NAME.yaml`).
        case spec
        /// The transition, as an animated PNG, a GIF or an MP4.
        case animation(AnimationFileKind)
    }

    /// The file name a download gets: the spec's name, then the settings the page changed from
    /// the spec's and the position, in the order `tabsnap check` names variants
    /// (`ios-tab-bar.dark.p1.5@2x.png`). Not necessarily a golden's name: goldens name only the
    /// variants a spec lists.
    func downloadName(_ download: Download) -> String {
        // Dynamic Type's name when the factor is one of its sizes (as the page offers them).
        let textLabel = textScale.map { factor in
            DynamicTypeSize.allCases.first { abs($0.textScale - factor) < 1e-9 }?.rawValue ?? "t" + Self.short(factor)
        }
        // A header value: no quotes, slashes or control characters.
        let base = String(spec.map { $0 == "/" || $0 == "\"" || $0 == "\\" || $0.isNewline || ($0.asciiValue ?? 32) < 32 || $0.asciiValue == 0x7F ? "-" : $0 })
        func named(_ kind: SnapshotCase.Kind, scale: Double?) -> String {
            SnapshotCase.goldenName(stem: base, locale: locale, theme: theme, direction: direction, textScale: textLabel,
                                    kind: kind, position: position, scale: scale)
        }
        switch download {
        case .png: return named(.still(position: position ?? 0), scale: scale)
        case .svg: return named(.svg(position: position ?? 0), scale: nil)
        case .layout: return String(named(.still(position: position ?? 0), scale: nil).dropLast(4)) + ".layout.json"
        case .spec: return base + ".yaml"
        case .animation(let kind):
            let name = named(.transition(BarTransition(from: 0, to: 1)), scale: scale)
            return kind == .png ? name : String(name.dropLast(4)) + "." + kind.rawValue
        }
    }
}
