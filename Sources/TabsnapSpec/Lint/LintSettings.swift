import TabsnapModel

/// The design rules `tabsnap lint` checks, by the id a spec switches them with: the one list of
/// rules (each is implemented in `Sources/TabsnapCheck/Lint/Rules/`, one file per rule).
public enum LintRuleID: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Text and template icons against what is behind them (WCAG 2.x contrast ratio).
    case contrast
    /// Titles ellipsized, clipped by the bar's edge, or left out for lack of room.
    case titleFit
    /// An indicator, badge, separator or neighbour's icon drawn over a title.
    case overdraw
    /// Buttons smaller than the platform's touch target (44 × 44 pt, 48 × 48 dp).
    case touchTarget
    /// Icons off the common line the other icons of the bar share.
    case iconAlignment
    /// Text under the smallest size the platform's guidelines allow.
    case textSize
    /// A button showing an icon and no title, with no accessibility label to speak.
    case iconLabel

    /// How serious a finding is when the spec does not say: errors fail `lint` and `check --lint`.
    public var defaultSeverity: LintSeverity {
        switch self {
        case .contrast, .overdraw, .touchTarget, .iconLabel: return .error
        case .titleFit, .iconAlignment, .textSize: return .warn
        }
    }

    /// Rules sort in the order they are listed (`allCases`), as reports print them.
    public static func < (lhs: LintRuleID, rhs: LintRuleID) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// How a rule's findings count.
public enum LintSeverity: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fails `tabsnap lint` and `check --lint` (exit 1).
    case error
    /// Printed and reported; the exit status stays 0.
    case warn
    /// The rule is not checked for this spec.
    case off
}

/// Whose guidelines the touch-target and text-size rules follow.
public enum LintPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple's Human Interface Guidelines: 44 × 44 pt targets, text from 11 pt.
    case ios
    /// Material Design: 48 × 48 dp targets, text from 12 sp.
    case material

    /// The platform a preset copies: Tabman's bars are iOS; Mística's tabs follow Material's.
    public static func of(_ preset: Preset) -> LintPlatform {
        switch preset {
        case .buttonBar, .tabBar, .lineBar: return .ios
        case .tabs: return .material
        }
    }
}

/// A spec's `lint:` section: each rule's severity, with the reason a rule was switched off or
/// down, and the platform whose guidelines apply.
///
///     lint:
///       platform: material            # default: the preset's (tabs: material, others: ios)
///       titleFit: error               # a severity: error, warn or off
///       contrast: {severity: warn, reason: "brand grey, agreed with design (JIRA-12)"}
public struct LintSettings: Sendable, Hashable {
    /// Severities the spec sets; a rule it does not name has its `defaultSeverity`.
    public var severities: [LintRuleID: LintSeverity] = [:]
    /// Why the spec changed a rule's severity, as it says.
    public var reasons: [LintRuleID: String] = [:]
    /// The platform the spec names; nil: the preset's.
    public var platform: LintPlatform?

    /// No rule changed.
    public init() {}

    /// The severity `rule` has for this spec.
    public func severity(of rule: LintRuleID) -> LintSeverity {
        severities[rule] ?? rule.defaultSeverity
    }

    /// The platform whose guidelines apply to a bar of `preset`.
    public func platform(for preset: Preset) -> LintPlatform {
        platform ?? LintPlatform.of(preset)
    }

    static func read(_ node: SpecNode) throws(SpecError) -> LintSettings {
        let keys = ["platform"] + LintRuleID.allCases.map(\.rawValue)
        let mapping = try node.mapping(allowed: keys)
        var settings = LintSettings()
        if let platform = mapping["platform"] { settings.platform = try platform.choice(LintPlatform.self) }
        for rule in LintRuleID.allCases {
            guard let value = mapping[rule.rawValue] else { continue }
            if case .mapping = value.node {
                let fields = try value.mapping(allowed: ["severity", "reason"])
                settings.severities[rule] = try fields.required("severity").choice(LintSeverity.self)
                if let reason = fields["reason"] { settings.reasons[rule] = try reason.line() }
            } else {
                settings.severities[rule] = try value.choice(LintSeverity.self)
            }
        }
        return settings
    }

    /// The section as a spec writes it (nil when it changes nothing).
    var specValue: SpecValue? {
        var entries: [(key: String, value: SpecValue)] = []
        if let platform { entries.append((key: "platform", value: .text(platform.rawValue))) }
        for rule in LintRuleID.allCases {
            guard let severity = severities[rule] else { continue }
            if let reason = reasons[rule] {
                entries.append((key: rule.rawValue, value: .map([(key: "severity", value: .text(severity.rawValue)),
                                                                (key: "reason", value: .text(reason))])))
            } else {
                entries.append((key: rule.rawValue, value: .text(severity.rawValue)))
            }
        }
        return entries.isEmpty ? nil : .map(entries)
    }
}
