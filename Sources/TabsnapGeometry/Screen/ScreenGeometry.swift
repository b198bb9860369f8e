import TabsnapModel

/// Where everything around a bar sits on its screen (`ScreenContext`), in the screen's points,
/// at one position: worked out by `ScreenLayout` after the bar's own geometry, which it leaves
/// as it is (lint, accessibility and geometry goldens read the bar alone).
public struct ScreenGeometry: Sendable, Hashable {
    /// The screen's size: the picture's.
    public var size: Size
    /// Whose system chrome is drawn.
    public var platform: DevicePreset.Platform
    /// The screen's corner radius (0: square corners).
    public var cornerRadius: Double
    /// The status bar across the top.
    public var statusBar: Rect
    /// The navigation bar under it, when the screen has one.
    public var navigationBar: NavigationBarGeometry?
    /// Where the bar's own picture is placed (its top left corner; the bar is the device's width).
    public var barOrigin: Point
    /// The bar's frame on the screen.
    public var barFrame: Rect
    /// The area the pages slide in (between the chrome above and the bar, or the bar and the
    /// screen's bottom).
    public var pageArea: Rect
    /// The pages showing at this position, in index order, with their frames (`PageSlide`).
    public var pages: [PlacedPage]
    /// The spec's pages as written (`screen.pages`), shown or not: the renderer loads every
    /// page image at every position, so a broken one is refused wherever the bar is drawn.
    public var specPages: [PageContent] = []
    /// The home indicator or gesture handle, when the device has one.
    public var homeIndicator: Rect?
    /// The finger, when asked for and touching (`TouchMarker`).
    public var finger: TouchMarker?
    /// The colours of the chrome and placeholder pages.
    public var colors: ScreenColors
    /// The status bar's time: where it is set (measured) and in what.
    public var time: PlacedText
    /// The reading direction: a placeholder page's rows start at its leading edge.
    public var direction: BarDirection
}

/// Text the screen sets itself, measured where it is laid out: its box (the layout's top left
/// corner and size, or for `constrained` text the width it is centred and ellipsized in) and font.
public struct PlacedText: Sendable, Hashable {
    /// What it says.
    public var text: TextContent
    /// Where.
    public var frame: Rect
    /// In what.
    public var font: FontSpec
    /// Centred in `frame`'s width and ellipsized, rather than set at its origin.
    public var constrained: Bool
}

/// A navigation bar: its frame and its title.
public struct NavigationBarGeometry: Sendable, Hashable {
    /// The bar's frame on the screen.
    public var frame: Rect
    /// Its title: centred on iOS (semibold 17), at the leading edge on Android (22), in the
    /// bar's title family (a script only the spec's own font has draws there too).
    public var title: PlacedText
}

/// One page on the screen.
public struct PlacedPage: Sendable, Hashable {
    /// The item whose page it is.
    public var index: Int
    /// Its frame (the page area's size, slid sideways; the area clips it).
    public var frame: Rect
    /// What it shows.
    public var content: PageContent
    /// The item's title as the placeholder's heading (28 pt, in the bar's title family), at the
    /// page's leading edge; nil for other pages and items without a title.
    public var heading: PlacedText?
}

/// The screen's colours, by theme: the pages' background and placeholder blocks, the chrome's
/// (status and navigation bar) background, and the text and symbols on it.
public struct ScreenColors: Sendable, Hashable {
    /// Behind the pages, and a placeholder page's own colour.
    public var page: RGBAColor
    /// A placeholder's blocks (list rows).
    public var placeholder: RGBAColor
    /// The navigation bar's background (and the status bar's above it).
    public var chrome: RGBAColor
    /// The status bar's background.
    public var statusBar: RGBAColor
    /// Text and symbols on the chrome, the home indicator.
    public var foreground: RGBAColor
    /// The navigation bar's hairline.
    public var hairline: RGBAColor

    /// iOS's system colours for the theme (white or black pages, grey chrome).
    public init(theme: Theme) {
        func rgb(_ hex: UInt32) -> RGBAColor {
            RGBAColor(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
        }
        switch theme {
        case .light:
            page = rgb(0xFFFFFF)
            placeholder = rgb(0xE5E5EA)
            chrome = rgb(0xF9F9F9)
            foreground = rgb(0x000000)
            hairline = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.3)
        case .dark:
            page = rgb(0x000000)
            placeholder = rgb(0x2C2C2E)
            chrome = rgb(0x1C1C1E)
            foreground = rgb(0xFFFFFF)
            hairline = RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.15)
        }
        statusBar = chrome
    }
}
