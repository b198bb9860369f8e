import TabsnapModel
import TabsnapSpec

/// The built-in gallery `tabsnap demo` renders: real specs, written as a user would write them,
/// so the demo needs no files and exercises the same parser.
public enum DemoGallery {
    public struct Entry: Sendable {
        public var name: String
        public var title: String
        public var spec: String
    }

    public static let entries: [Entry] = [
        Entry(name: "button-bar", title: "Tabman ButtonBar: label buttons, line indicator", spec: """
            preset: buttonBar
            width: 390
            items: [Home, Trending, Subscriptions, Library]
            """),
        Entry(name: "button-bar-mid-swipe", title: "ButtonBar mid-swipe at position 1.4", spec: """
            preset: buttonBar
            width: 390
            position: 1.4
            items: [Home, Trending, Subscriptions, Library]
            """),
        Entry(name: "button-bar-dark", title: "Dark theme, bold selected font, rounded line", spec: """
            preset: buttonBar
            theme: dark
            width: 390
            position: 2
            items: [Featured, Music, Podcasts, Audiobooks]
            button:
              font: Inter medium 16
              selectedFont: Inter bold 16
            indicator:
              weight: light
              corners: elliptical
            """),
        Entry(name: "segmented", title: "Segmented block indicator, fit layout", spec: """
            preset: buttonBar
            width: 360
            items: [Day, Week, Month, Year]
            position: 1
            background: "#F2F2F7"
            layout:
              mode: fit
              spacing: 0
              insets: 4
            button:
              font: Inter semibold 15
              tint: "#3C3C43"
              selectedTint: "#000000"
              adjustsAlpha: false
              contentInsets: {top: 8, bottom: 8}
            indicator:
              style: block
              corners: elliptical
              color: "#FFFFFF"
            """),
        Entry(name: "mistica-tabs", title: "Mística Tabs: three equal tabs, 56 pt", spec: """
            preset: tabs
            width: 390
            position: 1
            items: [Account, Invoices, Services]
            """),
        Entry(name: "line-bar", title: "Tabman LineBar: a line W/n wide", spec: """
            preset: lineBar
            width: 390
            position: 2.5
            items: [One, Two, Three, Four]
            """),
    ]

    public static func bars() throws(SpecError) -> [(entry: Entry, bar: Bar)] {
        var result: [(Entry, Bar)] = []
        for entry in entries {
            result.append((entry, try SpecLoader.parse(entry.spec, file: "demo:\(entry.name)")))
        }
        return result
    }
}
