/// iOS Dynamic Type's text sizes, as factors on a bar's fonts: the body style's point size at
/// each size over its size at `large` (17 pt), from Apple's Human Interface Guidelines. Snapshot
/// axes name them (`textScales: [large, accessibility3]`) so accessibility goldens read like
/// the settings users pick.
public enum DynamicTypeSize: String, Sendable, Hashable, CaseIterable {
    /// The standard sizes, smallest to largest: body text at 14, 15, 16, 17 (`large`, iOS's
    /// default), 19, 21 and 23 pt.
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    /// The larger accessibility sizes: body text at 28, 33, 40, 47 and 53 pt.
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The body style's size in points at this setting.
    public var bodyPointSize: Double {
        switch self {
        case .xSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .xLarge: return 19
        case .xxLarge: return 21
        case .xxxLarge: return 23
        case .accessibility1: return 28
        case .accessibility2: return 33
        case .accessibility3: return 40
        case .accessibility4: return 47
        case .accessibility5: return 53
        }
    }

    /// The factor on a bar's fonts (`large` is 1).
    public var textScale: Double { bodyPointSize / DynamicTypeSize.large.bodyPointSize }
}
