/// iOS's Large Content Viewer: at accessibility text sizes, a long press on a control that keeps
/// its size (a tab bar's item, Mística's tab) shows the item large in a rounded panel in the
/// middle of the screen — its icon above its title. A spec shows it for one item
/// (`largeContent: {item: 1}`) or for the item under the finger (`{item: selected}`); Tabsnap draws it in a band of screen beside the bar (above a
/// bottom bar, below a top one), centred, in the theme's colours.
///
/// Drawn only where iOS shows it: on presets that keep their text size (`Preset.scalesText`
/// false, but with buttons) and at an accessibility text size (`textScale` at least
/// `DynamicTypeSize.accessibility1`'s). Its size follows the text size: the title is the body
/// style's 17 pt × the text scale, the icon twice that, with room around them in proportion.
///
/// On iOS the finger can slide along the bar while the panel shows: the panel then shows the item
/// under it, and lifting selects that item. `largeContent: {item: selected}` draws that — the
/// most selected item at each position, so a transition's frames show the panel following the
/// swipe from item to item.
public struct LargeContentViewer: Sendable, Hashable, Codable {
    /// The item shown, by index; nil: the most selected item at the bar's position (the one under
    /// a sliding finger).
    public var item: Int?

    /// The viewer showing item `item` (nil: the item under the finger, the most selected one).
    public init(item: Int?) {
        self.item = item
    }

    /// The smallest text scale iOS shows the viewer at: the first accessibility size.
    public static var smallestTextScale: Double { DynamicTypeSize.accessibility1.textScale }
}

extension ResolvedBar {
    /// Whether the bar shows its Large Content Viewer: one is asked for, the preset keeps its
    /// text size, and the text scale is an accessibility size.
    public var showsLargeContent: Bool {
        largeContent != nil && !preset.scalesText && button.style.isDrawn && textScale >= LargeContentViewer.smallestTextScale - 1e-9
    }
}
