import Foundation
import TabsnapModel
import Yams

/// Changes to a spec made without editing its file — the preview's controls, as Storybook's
/// args: the preset, the items' titles and badges (and how many items), and four colours. They
/// are applied to the spec's YAML itself (`applied(to:file:)`), so the result is a spec like any
/// other — read, checked and drawn by the same code — and "copy as YAML" gives exactly the text
/// that draws what the page shows. Each value is range-checked here (`check`), once.
public struct SpecOverrides: Sendable, Hashable, Codable {
    /// One item's text, as the controls set it.
    public struct Item: Sendable, Hashable, Codable {
        /// The title (replacing the item's title, markup or catalog key).
        public var title: String
        /// The badge's value; nil: no badge; empty: a dot badge (as a spec's `badge: ""`).
        public var badge: String?

        /// An item titled `title`, with `badge` if given.
        public init(title: String, badge: String? = nil) {
            self.title = title
            self.badge = badge
        }
    }

    /// `preset:` (buttonBar, tabBar, lineBar, tabs); nil keeps the spec's.
    public var preset: String?
    /// The items in order; nil keeps the spec's. An item past the spec's is a new one; an item
    /// the spec has keeps its other keys (its icon, its accessibility text).
    public var items: [Item]?
    /// `background:`; nil keeps the spec's.
    public var background: String?
    /// `button.tint:`; nil keeps the spec's.
    public var tint: String?
    /// `button.selectedTint:`; nil keeps the spec's.
    public var selectedTint: String?
    /// `indicator.color:`; nil keeps the spec's.
    public var indicatorColor: String?

    /// No change.
    public init(preset: String? = nil, items: [Item]? = nil, background: String? = nil, tint: String? = nil,
                selectedTint: String? = nil, indicatorColor: String? = nil) {
        self.preset = preset
        self.items = items
        self.background = background
        self.tint = tint
        self.selectedTint = selectedTint
        self.indicatorColor = indicatorColor
    }

    /// At most this many items from the controls (the page's own limit, well inside a spec's).
    public static let maximumItems = 20

    /// Why the overrides cannot be applied, naming the field; nil when each value is in range:
    /// a preset by name, 1…20 items, titles and badges on one line within `Limits.textLength`,
    /// colours as `#RRGGBB` or `#RRGGBBAA`.
    public func check() -> String? {
        if let preset, Preset(rawValue: preset) == nil {
            return "preset: \(Self.shown(preset)) is not one of \(Preset.allCases.map(\.rawValue).joined(separator: ", "))"
        }
        if let items {
            guard (1...Self.maximumItems).contains(items.count) else { return "items: \(items.count) items; expected 1…\(Self.maximumItems)" }
            for (index, item) in items.enumerated() {
                for (name, text) in [("title", item.title), ("badge", item.badge ?? "")] {
                    if text.unicodeScalars.count > Limits.textLength { return "items[\(index)].\(name): over \(Limits.textLength) characters" }
                    if let code = Limits.lineBreak(in: text) { return "items[\(index)].\(name): holds a line break (\(code))" }
                    if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
                        let hex = String(control.value, radix: 16, uppercase: true)
                        return "items[\(index)].\(name): holds the control character U+\(String(repeating: "0", count: max(4 - hex.count, 0)))\(hex), which is not text"
                    }
                }
            }
        }
        for (name, value) in [("background", background), ("tint", tint), ("selectedTint", selectedTint), ("indicatorColor", indicatorColor)] {
            guard let value else { continue }
            guard value.wholeMatch(of: /#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?/) != nil else { return "\(name): \(Self.shown(value)) is not a colour (#RRGGBB)" }
        }
        return nil
    }

    /// Whether anything is changed.
    public var isEmpty: Bool { self == SpecOverrides() }

    /// The spec's YAML (or JSON) text with the overrides applied, as YAML; `file` names it in
    /// errors. Comments are not kept (the text is written anew).
    public func applied(to text: String, file: String) throws(SpecError) -> String {
        try applied(to: text, file: file, startingFrom: nil)
    }

    /// `applied(to:file:)`, where `start` is what the controls started from (the items' titles
    /// as drawn, `Item(title: item.title ?? "", badge: item.badge)`): an item whose title is
    /// still that keeps its title as written — a catalog key, or markup — and only its badge
    /// changes. A page sends every title, so a badge-only edit turned the keys into the source
    /// language's text, and a catalog locale then refused the view (hostile round 49).
    public func applied(to text: String, file: String, startingFrom start: [Item]?) throws(SpecError) -> String {
        if let problem = check() { throw SpecError(file: file, line: 0, column: 0, message: "controls: " + problem) }
        let root: Node?
        do {
            root = try Yams.compose(yaml: SurrogateEscapes.joined(in: text), Resolver.basic)
        } catch {
            throw SpecError(file: file, line: 0, column: 0, message: "cannot read the spec to apply the controls: \(error)")
        }
        // Held to the reader's bounds before anything is written out: aliases expand when the
        // text is written anew, and ten levels of ten took gigabytes (hostile round 34).
        if let root { try SpecSize.check(root, file: file) }
        guard case .mapping(var spec)? = root else {
            throw SpecError(file: file, line: 0, column: 0, message: "the spec is not a mapping of keys")
        }
        if let preset { Self.set(&spec, "preset", Self.text(preset)) }
        if let background { Self.set(&spec, "background", Self.text(background)) }
        if tint != nil || selectedTint != nil {
            var button = Self.mapping(spec, "button")
            if let tint { Self.set(&button, "tint", Self.text(tint)) }
            if let selectedTint { Self.set(&button, "selectedTint", Self.text(selectedTint)) }
            Self.set(&spec, "button", .mapping(button))
        }
        if let indicatorColor, Self.drawsIndicator(spec) {
            var indicator = Self.mapping(spec, "indicator")
            Self.set(&indicator, "color", Self.text(indicatorColor))
            Self.set(&spec, "indicator", .mapping(indicator))
        }
        if let items {
            let written: [Node]
            if case .sequence(let sequence)? = Self.value(spec, "items") { written = Array(sequence) } else { written = [] }
            let nodes = items.enumerated().map { index, item -> Node in
                var entry: Node.Mapping
                if index < written.count, case .mapping(let mapping) = written[index] { entry = mapping } else { entry = Node.Mapping([]) }
                // A changed title replaces markup and a catalog key alike.
                if let start, index < start.count, start[index].title == item.title, index < written.count {
                    // Unchanged: as written (a bare string item keeps its text).
                    if case .scalar = written[index] { Self.set(&entry, "title", Self.text(item.title)) }
                } else {
                    Self.set(&entry, "markup", nil)
                    Self.set(&entry, "title", Self.text(item.title))
                }
                Self.set(&entry, "badge", item.badge.map(Self.text))
                return .mapping(entry)
            }
            Self.set(&spec, "items", .sequence(Node.Sequence(nodes)))
            Self.dropUnreadLocalization(&spec)
        }
        do {
            return try Yams.serialize(node: .mapping(spec), width: -1, allowUnicode: true)
        } catch {
            throw SpecError(file: file, line: 0, column: 0, message: "cannot write the spec with the controls: \(error)")
        }
    }

    /// A string the YAML reader takes back as the same text, whatever it holds: double-quoted.
    private static func text(_ value: String) -> Node {
        .scalar(Node.Scalar(value, Tag(.str), .doubleQuoted))
    }

    /// The value of `key` in `mapping`, matched by its text (the reader's tags differ from Yams's own).
    private static func value(_ mapping: Node.Mapping, _ key: String) -> Node? {
        mapping.first { $0.key.string == key }?.value
    }

    /// `key`'s value a mapping (an empty one when it is absent or not a mapping).
    private static func mapping(_ mapping: Node.Mapping, _ key: String) -> Node.Mapping {
        if case .mapping(let found)? = value(mapping, key) { return found }
        return Node.Mapping([])
    }

    /// Whether the spec, as the controls leave it, draws an indicator for their colour to change:
    /// none when it says `indicator: off` (or false, none, no) or `style: none`, or says no
    /// style and its preset has none (tabBar). The colour is left out then, as the reader
    /// refuses it ("changes nothing here"): the page offers it on every card, and Copy as YAML
    /// gave a tab bar a spec that did not render (hostile round 38).
    private static func drawsIndicator(_ spec: Node.Mapping) -> Bool {
        switch value(spec, "indicator") {
        case .scalar(let scalar)?:
            return !["off", "false", "none", "no"].contains(scalar.string.lowercased())
        case .mapping(let indicator)?:
            if let style = value(indicator, "style")?.string { return style != IndicatorStyle.hidden.rawValue }
        default:
            break
        }
        // An unknown preset is the reader's to refuse; the colour stays for it to say so.
        guard let preset = Preset(rawValue: value(spec, "preset")?.string ?? Preset.buttonBar.rawValue) else { return true }
        return PresetDefaults(preset: preset, theme: .light).indicator.style != .hidden
    }

    /// The controls' titles are text, not catalog keys. With no key left among the items (titles
    /// or spoken text), the reader refuses catalogs no title reads and a locale that only chose
    /// among them (Copy as YAML of a catalog spec did not render: hostile round 38), so they go;
    /// a locale that still changes the picture (a pseudo-locale, a right-to-left language) stays.
    private static func dropUnreadLocalization(_ spec: inout Node.Mapping) {
        guard !SpecLocalization.hasKeys(in: value(spec, "items"), fields: ["title", "accessibilityLabel", "accessibilityHint"]) else { return }
        func inert(_ node: Node) -> Bool {
            guard let text = node.string, let locale = SpecLocale(text) else { return false }
            return locale.pseudo == nil && !locale.isRightToLeft
        }
        set(&spec, "strings", nil)
        if let locale = value(spec, "locale"), inert(locale) { set(&spec, "locale", nil) }
        if case .mapping(var snapshots)? = value(spec, "snapshots"), case .sequence(let locales)? = value(snapshots, "locales") {
            let kept = locales.filter { !inert($0) }
            set(&snapshots, "locales", kept.isEmpty ? nil : .sequence(Node.Sequence(kept)))
            set(&spec, "snapshots", .mapping(snapshots))
        }
    }

    /// Sets (nil: removes) `key`, in place where the spec has it, else at the end.
    private static func set(_ mapping: inout Node.Mapping, _ key: String, _ value: Node?) {
        let pairs = Array(mapping)
        var out: [(Node, Node)] = []
        var found = false
        for pair in pairs {
            if pair.key.string == key {
                found = true
                if let value { out.append((pair.key, value)) }
            } else {
                out.append((pair.key, pair.value))
            }
        }
        if !found, let value { out.append((Node(key), value)) }
        mapping = Node.Mapping(out, mapping.tag, mapping.style)
    }

    /// A value as an error message shows it: quoted, at most 40 characters.
    private static func shown(_ text: String) -> String {
        "'" + String(text.prefix(40)) + (text.count > 40 ? "…" : "") + "'"
    }
}
