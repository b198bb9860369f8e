import Foundation
import Tabsnap
@testable import TabsnapSpec
import XCTest

/// Every spec key either changes the picture or is refused: in every preset × button style × layout
/// mode, a bar
/// rendered with the key set and without it differs (at rest, mid-swipe or overscrolled), or the
/// spec reader refuses the key there. A key silently ignored fails here.
final class KeyAuditTests: XCTestCase {
    private let renderer = Renderer()

    /// A key's path, the value to set (given the base bar resolved, so it differs from the
    /// preset's default), and settings both renders share so the key has something to act on.
    private struct Probe {
        var path: [String]
        var value: (ResolvedBar) -> Any
        var context: [([String], Any)] = []

        init(_ path: String, context: [([String], Any)] = [], _ value: @escaping (ResolvedBar) -> Any) {
            self.path = path.split(separator: ".").map(String.init)
            self.value = value
            self.context = context
        }

        init(_ path: String, _ value: Any, context: [([String], Any)] = []) {
            self.init(path, context: context) { _ in value }
        }
    }

    nonisolated(unsafe) private static let probes: [Probe] = [  // read-only; values are JSON literals
        Probe("theme", "dark"),
        Probe("width", 300),
        Probe("height", 90),
        Probe("scale", 1.5),
        Probe("position", 1),
        Probe("direction", "rtl"),
        Probe("background", "#FF000080"),
        Probe("textScale", 1.5),
        Probe("language", "zh-Hant", context: [(["items", "0", "title"], "直骨誤")]),
        Probe("placement") { $0.placement == .top ? "bottom" : "top" },
        Probe("safeArea.top", 10),
        Probe("safeArea.bottom", 20),
        Probe("separator.color", "#FF0000"),
        Probe("separator.width", 3),
        Probe("separator.edge", "both"),
        Probe("badges.color", "#00FF00"),
        Probe("badges.textColor", "#0000FF"),
        Probe("badges.font", "DejaVu Sans bold 14"),
        Probe("badges.position", "topLeading"),
        Probe("badges.offset.x", 3),
        Probe("badges.offset.y", 2),
        Probe("layout.visibleButtons", 2),  // fewer than the three items
        Probe("layout.spacing", 7),
        Probe("layout.insets", ["left": 5, "right": 9, "top": 3, "bottom": 6]),
        Probe("layout.alignment", "center"),
        Probe("layout.traits") { $0.layout.traits.contains(.fullWidth) ? ["compactWidth"] : ["fullWidth", "stackable"] },
        Probe("layout.fadeEdges", true, context: [(["width"], 100)]),  // content wider than the bar
        Probe("layout.separators.color", "#FF0000"),
        Probe("layout.separators.width", 3),
        Probe("layout.separators.inset", 10),
        Probe("button.tint", "#FF0000"),
        Probe("button.selectedTint", "#00FF00"),
        Probe("button.font", "Inter bold 13"),
        Probe("button.selectedFont", "DejaVu Sans bold 15"),
        Probe("button.adjustsAlpha") { !$0.button.adjustsAlpha },
        // uneven, so they move centred content in fixed-size buttons too
        Probe("button.contentInsets", ["left": 20, "right": 2, "top": 9, "bottom": 1]),
        Probe("button.lines", 3, context: [(["items"], ["A title long enough to need two lines or three", "B", "C"])]),
        Probe("button.verticalAlignment", "top", context: [(["height"], 110)]),
        Probe("button.imagePosition") { $0.button.imagePosition == .top ? "leading" : "top" },
        Probe("button.iconSize", 20),
        Probe("button.iconSpacing", 13),
        Probe("button.unselectedIconScale", 0.5),
        Probe("button.renderingMode", "original"),
        Probe("button.selectedScale", 1.3),
        Probe("button.selectedScale", 0.7),
        Probe("button.selectedOffset.x", 4),
        Probe("button.selectedOffset.y", -5),
        Probe("button.selectedBackground.style", "pill"),
        Probe("button.selectedBackground.style", "roundedRect"),
        Probe("button.selectedBackground.color", "#FF0000", context: [(["button", "selectedBackground", "style"], "pill")]),
        Probe("button.selectedBackground.insets", 8, context: [(["button", "selectedBackground", "style"], "roundedRect")]),
        Probe("button.selectedBackground.cornerRadius", 3, context: [(["button", "selectedBackground", "style"], "roundedRect")]),
        Probe("button.selectedBackground.motion", "fade", context: [(["button", "selectedBackground", "style"], "pill")]),
        Probe("indicator.style") { $0.indicator.style == .dot ? "line" : "dot" },
        Probe("indicator.weight", "heavy"),
        Probe("indicator.corners", "elliptical"),
        // square ends at the canvas edge look alike bounced or compressed; rounded ones do not
        Probe("indicator.overscroll", "compress", context: [(["indicator", "corners"], "rounded")]),
        Probe("indicator.progressive", true),
        Probe("indicator.color", "#FF00FF"),
        Probe("indicator.display", "top"),
        Probe("indicator.width", "title"),
        Probe("indicator.width", 30),
        Probe("items.0.title", "Elsewhere"),
        Probe("items.0.markup", "<b>Home</b>"),
        Probe("items.0.badge", "7"),
        Probe("items.0.icon", "star"),
        Probe("items.0.selectedIcon", "heart"),
        Probe("items.0.renderingMode", "original"),
    ]

    /// The items a preset's buttons draw: titles (one long, one badged), icons where drawn, a
    /// count of pages for a bar without buttons.
    private func items(for style: BarButtonStyle) -> Any {
        guard style.isDrawn else { return 3 }
        let titles = ["Home", "Inbox", "Notifications and more"]
        return titles.indices.map { i -> [String: Any] in
            var item: [String: Any] = ["title": titles[i]]
            if i == 1 { item["badge"] = "12" }
            if style != .label { item["icon"] = ["home", "mail", "bell"][i] }
            if style == .icon { item["title"] = nil }
            return item
        }
    }

    func testEveryKeyChangesThePictureOrIsRefused() throws {
        var silent: [String] = []
        var refused = 0, changed = 0
        for preset in Preset.allCases {
            let own = Bar(preset: preset, width: 320).resolved().button.style
            for style in own.isDrawn ? [BarButtonStyle.label, .icon, .tabItem] : [own] {
            for mode in LayoutMode.allCases {
                var base: [String: Any] = ["preset": preset.rawValue, "width": 320, "layout": ["mode": mode.rawValue], "items": items(for: style)]
                if style != own { base["button"] = ["style": style.rawValue] }
                for probe in Self.probes {
                    var without = base
                    for (path, value) in probe.context { set(&without, path, value) }
                    // A context refused here (a pill on a bar without buttons) refuses the key with it.
                    guard let plain = try? SpecLoader.parse(json(without)) else { refused += 1; continue }
                    var with = without
                    set(&with, probe.path, probe.value(plain.resolved()))
                    guard let bar = try? SpecLoader.parse(json(with)) else { refused += 1; continue }
                    let key = probe.path.joined(separator: ".")
                    if try differs(bar, plain) {
                        changed += 1
                        // What shows at a jump's ends shows on the way: a tap's blend carries every
                        // field (the hairline once stayed behind).
                        if try jumpDrops(bar, plain) {
                            silent.append("\(preset.rawValue) \(style.rawValue) \(mode.rawValue): \(key) changes the bar at rest but not mid-jump")
                        }
                    } else {
                        silent.append("\(preset.rawValue) \(style.rawValue) \(mode.rawValue): \(key) changes nothing and is not refused")
                    }
                }
            }
            }
        }
        XCTAssertGreaterThan(changed, 500)
        XCTAssertGreaterThan(refused, 50)
        XCTAssertEqual(silent, [])
    }

    /// The probes reach every key of every section the spec reader knows (the sweep's axes aside).
    func testTheProbesCoverEveryKey() {
        let tables = BarSpecTables(icons: IconReader(baseDirectory: URL(fileURLWithPath: "/"), access: .specFolder))
        let sections: [(String, [String])] = [
            ("", tables.bar.keys), ("layout", BarSpecTables.layout.keys), ("button", tables.button.keys),
            ("button.selectedBackground", BarSpecTables.selectedBackground.keys), ("indicator", BarSpecTables.indicator.keys),
            ("items.0", tables.item.keys), ("separator", BarSpecTables.hairline.keys),
            ("layout.separators", BarSpecTables.separators.keys), ("safeArea", BarSpecTables.safeArea.keys),
            ("badges", BarSpecTables.badges.keys), ("badges.offset", BarSpecTables.offset.keys),
            ("button.selectedOffset", BarSpecTables.contentOffset.keys),
        ]
        let probed = Set(Self.probes.map { $0.path.joined(separator: ".") })
        // fonts needs files beside the spec: UserFontsTests renders with and without them, and a
        // `fonts` no font key names is refused. largeContent needs an accessibility textScale, which
        // without it is refused on the presets that show it: LargeContentViewerTests draws both.
        // screen sets the width the sweep's base gives (both together are refused): ScreenTests
        // draws each of its keys.
        let axes: Set = ["preset", "items", "layout.mode", "button.style", "fonts", "largeContent", "screen"]
        // What a screen reader says is never drawn: `tabsnap a11y` speaks these and lint's
        // iconLabel rule reads the label (SpokenButtonsTests, LintTests).
        let spokenOnly: Set = ["items.0.accessibilityLabel", "items.0.accessibilityHint"]
        let parents = Set(sections.map(\.0))
        for (section, keys) in sections {
            for key in keys {
                let path = section.isEmpty ? key : "\(section).\(key)"
                guard !axes.contains(path), !parents.contains(path), !spokenOnly.contains(path) else { continue }
                XCTAssertTrue(probed.contains(path), "no probe sets \(path)")
            }
        }
    }

    /// Pixels (or size) differ at the bar's position, mid-swipe or overscrolled.
    /// Whether the bars differ at the ends of a tap from the first button to the last, yet not on
    /// the way (a tenth, half and nine tenths of the way, both ways): a field the blend dropped.
    private func jumpDrops(_ a: Bar, _ b: Bar) throws -> Bool {
        let last = Double(max(a.items.count - 1, 1))
        func frame(_ bar: Bar, _ from: Double, _ to: Double, _ t: Double) throws -> RGBAImage {
            try renderer.image(of: renderer.geometry(of: bar.resolved(), jumpingFrom: from, to: to, progress: t),
                               scale: bar.scale == 2 ? 1 : bar.scale)
        }
        guard try frame(a, 0, last, 0) != frame(b, 0, last, 0) || frame(a, 0, last, 1) != frame(b, 0, last, 1) else { return false }
        for (from, to) in [(0, last), (last, 0)] {
            for t in [0.1, 0.5, 0.9] where try frame(a, from, to, t) != frame(b, from, to, t) { return false }
        }
        return true
    }

    private func differs(_ a: Bar, _ b: Bar) throws -> Bool {
        for position in [nil, 0.5, -0.4] as [Double?] {
            let x = try renderer.image(of: a, position: position, scale: a.scale == 2 ? 1 : a.scale)
            let y = try renderer.image(of: b, position: position, scale: b.scale == 2 ? 1 : b.scale)
            if x != y { return true }
        }
        return false
    }

    private func json(_ value: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Sets `value` at `path`; a number in the path indexes a list (`items.0.badge`).
    private func set(_ dictionary: inout [String: Any], _ path: [String], _ value: Any) {
        var root: Any = dictionary
        set(&root, path[...], value)
        dictionary = root as? [String: Any] ?? dictionary
    }

    private func set(_ node: inout Any, _ path: ArraySlice<String>, _ value: Any) {
        guard let key = path.first else { node = value; return }
        if let index = Int(key), var list = node as? [Any], list.indices.contains(index) {
            set(&list[index], path.dropFirst(), value)
            node = list
        } else {
            var map = node as? [String: Any] ?? [:]
            var inner: Any = map[key] ?? [String: Any]()
            set(&inner, path.dropFirst(), value)
            map[key] = inner
            node = map
        }
    }
}
