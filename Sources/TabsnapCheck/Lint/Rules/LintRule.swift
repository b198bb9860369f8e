import Tabsnap

/// A design rule: looks at one frame of a bar and says what breaks it. Rules are stateless and
/// see only the frame, so the same spec and position always give the same findings.
public protocol LintRule: Sendable {
    /// The id a spec switches the rule with (`lint: {contrast: warn}`).
    var id: LintRuleID { get }
    /// Whether the rule looks at mid-swipe and overscroll positions too, or only at rest.
    var checksInMotion: Bool { get }
    /// What breaks the rule in `frame`.
    func check(_ frame: LintFrame) -> [LintObservation]
}

/// Every rule, in `LintRuleID` order: the one list the runner walks.
public enum LintRules {
    /// One rule per `LintRuleID`.
    public static let all: [any LintRule] = [
        ContrastRule(), TitleFitRule(), OverdrawRule(), TouchTargetRule(), IconAlignmentRule(), TextSizeRule(), IconLabelRule(),
    ]
}
