import Tabsnap

/// One thing a design rule found: where (spec, variant, position, element), what it measured,
/// and how much it counts. `line` is how the terminal prints it:
/// `ios.yaml [dark, p 0.5] title "Inbox": contrast 3.1:1 < 4.5:1 (unselected) [contrast error]`.
public struct LintFinding: Sendable, Codable, Equatable {
    /// The rule that found it.
    public var rule: LintRuleID
    /// Its severity for this spec (the rule's default unless the spec's `lint:` changed it).
    public var severity: LintSeverity
    /// The spec file as the user named it.
    public var spec: String
    /// The variant's parts as golden names write them (locale, theme, direction, text scale);
    /// empty for the spec's own settings.
    public var variant: [String]
    /// Where it is worst: the position (a button's index; fractions are mid-swipe, below 0 or
    /// past the last button overscroll).
    public var position: Double
    /// How many of the positions checked show it.
    public var positions: Int
    /// The part of the bar: `title "Inbox"`, `icon of item 3` (items count from 1),
    /// `button "Inbox"`.
    public var element: String
    /// What was measured against the rule, in words: `contrast 3.1:1 < 4.5:1 (unselected)`.
    public var measured: String
    /// Why the spec set this rule's severity (`lint: {contrast: {severity: warn, reason: …}}`).
    public var reason: String? = nil
    /// The item it is about, counted from 1 as the spoken text counts; nil for the bar as a
    /// whole. Two items of one title are two findings, told apart by it (round 43).
    public var item: Int? = nil

    /// The element with its item when the element's words do not say it already:
    /// `title "Same" (item 2)`, `icon of item 3`.
    public var elementAndItem: String {
        // A name in quotes is a title or label: "Saved item 10" says nothing of which item it is.
        guard let item, !element.hasSuffix(" item \(item)") else { return element }
        return "\(element) (item \(item))"
    }

    /// The finding on one line: spec, [variant, position], element: measurement.
    public var line: String {
        let place = (variant + ["p \(Limits.format(position))"]).joined(separator: ", ")
        let more = positions > 1 ? " (and \(positions - 1) more position\(positions == 2 ? "" : "s"))" : ""
        return "\(spec) [\(place)] \(elementAndItem): \(measured)\(more) [\(rule.rawValue) \(severity.rawValue)\(reason.map { ": \($0)" } ?? "")]"
    }
}

/// What a rule reports for one frame, before the runner adds the spec, variant and position and
/// merges the same element across positions (keeping the worst).
public struct LintObservation: Sendable, Equatable {
    /// The part of the bar, as `LintFinding.element`.
    public var element: String
    /// The measurement in words, as `LintFinding.measured`.
    public var measured: String
    /// How bad it is, larger is worse, to keep the worst position of an element (a contrast
    /// rule gives the ratio's shortfall, a touch-target rule the missing points).
    public var badness: Double
    /// The item it is about (nil: the bar), so two items of one title stay two findings.
    public var item: Int?
    /// What kind of problem, when a rule finds several of one element (overdraw: what covers
    /// the title), so each stays a finding of its own.
    public var cause: String

    /// An observation of `element` (of item `item`, for `cause`).
    public init(element: String, measured: String, badness: Double, item: Int? = nil, cause: String = "") {
        self.element = element
        self.measured = measured
        self.badness = badness
        self.item = item
        self.cause = cause
    }
}
