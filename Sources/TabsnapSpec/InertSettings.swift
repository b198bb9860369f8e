import Foundation
import TabsnapGeometry
import TabsnapModel

/// Settings that could not change the picture of this bar — a key of another mode, style or
/// section that is switched off — are refused at their place, saying why, rather than silently
/// ignored. (What depends on content or position, such as `lines` for titles that fit or
/// `overscroll` at a resting position, is not refused: another title or position shows it.)
///
/// Each component says which of its section's keys it ignores (`inertSettings`: a label button
/// the icon keys, a block indicator the weight, fit mode `visibleButtons`); the rules here are
/// what no one component knows: keys of one section that another makes inert, and what depends
/// on the items or on how the spec put it.
struct InertSettings {
    /// A key, by its path in the spec, and why it changes nothing for a bar (nil: it does).
    private struct Rule: Sendable {
        var path: [String]
        /// The built-in components whose settings the reason reads: a bar that brings its own
        /// instead is not judged by it.
        var uses: CustomComponents = []
        var reason: @Sendable (ResolvedBar, Bar) -> String?
    }

    private static let rules: [Rule] = {
        var rules: [Rule] = [
            Rule(path: ["layout", "traits"]) { _, spec in
                spec.layout.insets != nil && spec.layout.spacing != nil
                    ? "traits only choose the default insets and spacing, and this bar sets both" : nil
            },
            Rule(path: ["button", "lines"], uses: [.layout, .button]) { bar, _ in
                bar.layout.mode == .intrinsic ? "in intrinsic mode every title has its natural width, so none wraps" : nil
            },
            Rule(path: ["layout", "fadeEdges"], uses: .layout) { bar, spec in
                guard spec.layout.fadeEdges == true else { return nil }  // off is off everywhere
                switch bar.layout.mode {
                case .fit: return "fit mode never scrolls, and the edges fade only while the content can scroll"
                case .tabs where bar.items.count <= 3:
                    return "tabs mode shares the bar among up to three tabs, so nothing scrolls, and the edges fade only while it can"
                case .constrained where bar.layout.visibleButtons >= bar.items.count:
                    return "all \(bar.items.count) buttons are visible at once (visibleButtons \(bar.layout.visibleButtons)), so nothing scrolls, and the edges fade only while it can"
                default: return nil
                }
            },
            Rule(path: ["layout", "separators"], uses: .button) { bar, spec in
                guard case .on = spec.layout.separators else { return nil }  // off is off everywhere
                if !bar.button.style.isDrawn { return "\(noButtons(spec)), so there is nothing to separate" }
                return bar.items.count < 2 ? "a single button has no neighbour to be separated from" : nil
            },
            Rule(path: ["textScale"], uses: .button) { bar, spec in
                if !bar.button.style.isDrawn { return "\(noButtons(spec)), so there are no titles to scale" }
                if let reason = bar.preset.keepsTextSizeReason {
                    // The Large Content Viewer takes the text size: it shows from accessibility1 up.
                    guard spec.largeContent != nil else { return reason }
                    return bar.textScale < LargeContentViewer.smallestTextScale - 1e-9
                        ? "\(reason); the Large Content Viewer shows only from accessibility1 (\(String(format: "%.2f", LargeContentViewer.smallestTextScale))) up" : nil
                }
                return bar.button.style.hasTitle ? nil : "icon buttons draw no titles to scale (badges keep their size)"
            },
            Rule(path: ["indicator", "display"], uses: [.button, .indicator]) { bar, spec in
                guard !bar.button.style.isDrawn, spec.height == nil, bar.indicator.style == .line,
                      (bar.layout.insets?.vertical ?? 0) == 0 else { return nil }
                return "\(noButtons(spec)) and is exactly as tall as its line: top, bottom and fill are the same place"
            },
            Rule(path: ["button", "tint"], uses: [.button, .indicator]) { bar, spec in
                guard !bar.button.style.isDrawn else { return nil }
                return bar.indicator.style == .block && spec.indicator.color == nil ? nil
                    : "\(noButtons(spec)); without buttons the tint only colours a block indicator that has no colour of its own"
            },
            Rule(path: ["button", "selectedTint"], uses: [.button, .indicator]) { bar, spec in
                guard !bar.button.style.isDrawn else { return nil }
                return [.line, .dot, .chevron].contains(bar.indicator.style) && spec.indicator.color == nil ? nil
                    : "\(noButtons(spec)); without buttons the selected tint only colours a line, dot or chevron indicator that has no colour of its own"
            },
            Rule(path: ["placement"]) { bar, spec in
                if bar.separator == nil { return "placement picks the hairline's edge, and this bar has no hairline (separator)" }
                if case .on(let hairline) = spec.separator, hairline.edge != nil {
                    return "placement picks the hairline's edge, and separator.edge already names it"
                }
                return nil
            },
            Rule(path: ["language"], uses: .button) { bar, _ in
                // Brought fonts may have forms for any language: only the bundled ones are known.
                guard let language = bar.language, bar.fonts.isEmpty else { return nil }
                let titles = bar.button.style.isDrawn && bar.button.style.hasTitle ? bar.items.compactMap(\.title) : []
                let badges = bar.button.style.isDrawn ? bar.items.compactMap(\.badge) : []
                return LanguageForms.inertReason(language: language, texts: titles + badges)
            },
            Rule(path: ["badges"]) { bar, _ in
                bar.items.contains { $0.badge != nil } ? nil : "no item has a badge"
            },
        ]
        for key in ["font", "textColor"] {
            rules.append(Rule(path: ["badges", key], uses: .badge) { bar, _ in
                let values = bar.items.compactMap(\.badge)
                return !values.isEmpty && values.allSatisfy(\.isEmpty) ? "every badge is a dot, with no text to set" : nil
            })
        }
        let buttonKeys = ["adjustsAlpha", "contentInsets", "lines", "verticalAlignment", "font", "selectedFont",
                          "iconSize", "iconSpacing", "imagePosition", "unselectedIconScale", "renderingMode", "selectedBackground",
                          "selectedScale", "selectedOffset"]
        for key in buttonKeys {
            rules.append(Rule(path: ["button", key], uses: .button) { bar, spec in
                bar.button.style.isDrawn ? nil : noButtons(spec)
            })
        }
        return rules
    }()

    private static func noButtons(_ spec: Bar) -> String {
        spec.button.style == nil ? "\(spec.preset.rawValue) draws no buttons" : "button.style none draws no buttons"
    }

    /// Throws at the first inert key the spec sets (in rule order, so the message is stable).
    static func check(_ spec: Bar, root: SpecNode) throws(SpecError) {
        let bar = spec.resolved()
        // First what the chosen components (the spec's own, or the built-ins it names) ignore.
        let components: [(section: [String], inert: [InertSetting])] = [
            (["layout"], (spec.customLayout ?? bar.layout.builtinLayout).inertSettings),
            (["button"], (spec.customButton ?? AnyBarButton(StandardButton(options: bar.button))).inertSettings),
            (["indicator"], (spec.customIndicator ?? bar.indicator.builtinIndicator ?? AnyBarIndicator(NoIndicator())).inertSettings),
            (["badges"], (spec.customBadge ?? AnyBarBadge(StandardBadge(options: bar.badges))).inertSettings),
            (["button", "selectedBackground"], (bar.customSelectedBackground
                ?? bar.button.selectedBackground.map { AnyBarSelectedBackground(StandardSelectedBackground(options: $0)) })?.inertSettings ?? []),
        ]
        for (section, inert) in components {
            for setting in inert {
                guard let node = root.descendant(section + [setting.key]) else { continue }
                throw refusal(section + [setting.key], setting.reason, at: node)
            }
        }
        let custom = CustomComponents(spec)
        for rule in rules where rule.uses.isDisjoint(with: custom) {
            guard let node = root.descendant(rule.path), let reason = rule.reason(bar, spec) else { continue }
            throw refusal(rule.path, reason, at: node)
        }
    }

    private static func refusal(_ path: [String], _ reason: String, at node: SpecNode) -> SpecError {
        node.error("\(path.joined(separator: ".")) changes nothing here — \(reason); leave it out")
    }

}
