import Foundation

/// The screen around a bar (spec key `screen`): a device with its status bar, an optional
/// navigation bar, and one page per item that slides with the position, as SwipeTabController's
/// page container swipes with its bar. The bar keeps its own placement (`placement`: a tab bar at
/// the bottom, others at the top) and takes the device's width; at the bottom it also takes the
/// device's bottom inset as its safe area.
public struct ScreenContext: Sendable, Hashable {
    /// The phone (spec key `device`; default `.iphone15`).
    public var device: DevicePreset
    /// A navigation bar's title above a top bar (spec key `navigationTitle`); nil: no navigation
    /// bar.
    public var navigationTitle: String?
    /// What each item's page shows, by item (spec key `pages`: one entry for every page, or one
    /// per item); empty: a placeholder page for each.
    public var pages: [PageContent]
    /// A touch marker following the swipe, for docs (spec key `finger`; default false).
    public var finger: Bool

    /// A screen on `device`, placeholder pages, no navigation bar, no finger.
    public init(device: DevicePreset = .iphone15, navigationTitle: String? = nil, pages: [PageContent] = [], finger: Bool = false) {
        self.device = device
        self.navigationTitle = navigationTitle
        self.pages = pages
        self.finger = finger
    }

    /// The page of item `index`: its own entry, the one entry for all, or a placeholder.
    public func page(_ index: Int) -> PageContent {
        if pages.count == 1 { return pages[0] }
        return pages.indices.contains(index) ? pages[index] : .placeholder
    }
}

/// What one page shows.
public enum PageContent: Sendable, Hashable {
    /// A placeholder layout in the theme's colours: the item's title as a heading over a few
    /// list rows, so pages tell apart as they slide.
    case placeholder
    /// A plain colour.
    case color(RGBAColor)
    /// An image file (.png or .svg, as icons are read), fitted to the page over the theme's
    /// page colour.
    case image(URL)
}
