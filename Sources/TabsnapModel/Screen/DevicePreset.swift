/// A phone a bar can be shown in (`screen: {device: …}`): its screen in points and the room its
/// system draws over it. Drawn simply and the same on every machine — a status bar with the time
/// and three symbols, a home indicator — so a golden of a screen is as stable as one of a bar.
/// The sizes are the devices' own (portrait); one table, `metrics`, holds them all.
public enum DevicePreset: String, Sendable, Hashable, Codable, CaseIterable {
    /// iPhone 15: 393 × 852, a 54 pt status bar, a 34 pt home indicator area.
    case iphone15 = "iphone-15"
    /// iPhone SE (2nd and 3rd generation): 375 × 667, a 20 pt status bar, no home indicator.
    case iphoneSE = "iphone-se"
    /// Pixel 8: 412 × 915, a 24 pt status bar, a 24 pt gesture navigation area.
    case pixel8 = "pixel-8"
    /// Galaxy S23: 360 × 780, a 24 pt status bar, a 24 pt gesture navigation area.
    case galaxyS23 = "galaxy-s23"

    /// Whose system chrome the device draws: the status bar's layout, the navigation bar's
    /// title, the home indicator's shape.
    public enum Platform: String, Sendable, Hashable {
        /// iOS: the time beside the top corner, a centred navigation title, a home indicator pill.
        case ios
        /// Android: the time at the left edge, a leading navigation title, a gesture handle.
        case android
    }

    /// A device's measurements, in points.
    public struct Metrics: Sendable, Hashable {
        /// The screen's size in portrait.
        public var size: Size
        /// The status bar's height at the top.
        public var statusBar: Double
        /// The room at the bottom the system keeps (home indicator, gesture handle); 0: none.
        public var bottomInset: Double
        /// The screen's corner radius (drawn as the picture's rounded corners); 0: square.
        public var cornerRadius: Double
        /// The navigation bar's height, when the screen has one (`navigationTitle`).
        public var navigationBar: Double
        /// Whose chrome is drawn.
        public var platform: Platform
    }

    /// The one table of measurements.
    public var metrics: Metrics {
        switch self {
        case .iphone15:
            Metrics(size: Size(width: 393, height: 852), statusBar: 54, bottomInset: 34, cornerRadius: 55, navigationBar: 44, platform: .ios)
        case .iphoneSE:
            Metrics(size: Size(width: 375, height: 667), statusBar: 20, bottomInset: 0, cornerRadius: 0, navigationBar: 44, platform: .ios)
        case .pixel8:
            Metrics(size: Size(width: 412, height: 915), statusBar: 24, bottomInset: 24, cornerRadius: 32, navigationBar: 64, platform: .android)
        case .galaxyS23:
            Metrics(size: Size(width: 360, height: 780), statusBar: 24, bottomInset: 24, cornerRadius: 28, navigationBar: 64, platform: .android)
        }
    }
}
