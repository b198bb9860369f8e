/// Which presets' titles follow the text size (`textScale`, Dynamic Type), in one table:
///
/// | preset      | titles at a larger text size | as in                                                     |
/// |-------------|------------------------------|-----------------------------------------------------------|
/// | `buttonBar` | grow                         | Tabman's label button, set in a Dynamic Type text style   |
/// | `tabBar`    | keep their size              | UITabBar: it opts out and shows the Large Content Viewer  |
/// | `tabs`      | keep their size              | Mística's tabs: "opt out of Dynamic Type and use the Large Content Viewer" |
/// | `lineBar`   | —                            | no titles                                                 |
///
/// A bar that keeps its size draws titles at their font's size at every text scale (custom
/// buttons see a text scale of 1 in their environment); `textScale` and a `textScales` axis are
/// refused on it, as keys that could not change the picture.
extension Preset {
    /// Whether the preset's titles grow with the text scale (the table above).
    public var scalesText: Bool {
        switch self {
        case .buttonBar: return true
        case .tabBar, .tabs, .lineBar: return false
        }
    }

    /// Why a text scale changes nothing on this preset; nil when it scales text.
    public var keepsTextSizeReason: String? {
        switch self {
        case .buttonBar: return nil
        case .tabBar: return "tabBar keeps its text size at every text scale, as UITabBar does (it opts out of Dynamic Type and shows a pressed item in the Large Content Viewer)"
        case .tabs: return "tabs keeps its text size at every text scale, as Mística's tabs do (they opt out of Dynamic Type and use the Large Content Viewer)"
        case .lineBar: return "lineBar draws no titles to scale"
        }
    }
}

extension ResolvedBar {
    /// The factor titles are drawn at: `textScale` where the preset scales text, else 1.
    public var appliedTextScale: Double { preset.scalesText ? textScale : 1 }
}
