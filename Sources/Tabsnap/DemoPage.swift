import Foundation

/// The demo's index.html: every example as PNG (shown at its size in points), SVG and PDF, and
/// its animated PNG, which browsers play natively. Self-contained: no scripts, no network.
public enum DemoPage {
    /// One example on the page.
    public struct Item {
        /// The example's name: its heading, and the stem of the files the page links
        /// (`NAME.png`, `NAME.svg`, `NAME.pdf`, `NAME-animated.png`), which sit beside the page.
        public var name: String
        /// The bar's width in points, which the page shows its pictures at (rounded to whole CSS
        /// pixels).
        public var widthInPoints: Double
        /// Whether the example has an animated PNG (`NAME-animated.png`) to show.
        public var animated: Bool

        /// An example named `name`, shown `widthInPoints` wide, with its animation when `animated`.
        public init(name: String, widthInPoints: Double, animated: Bool) {
            self.name = name
            self.widthInPoints = widthInPoints
            self.animated = animated
        }
    }

    /// The whole HTML page, one section per item in the order given (names HTML-escaped).
    public static func html(_ items: [Item]) -> String {
        var rows = ""
        for item in items {
            let name = escape(item.name)
            let width = Int(item.widthInPoints.rounded())
            rows += """
                <section>
                  <h2>\(name)</h2>
                  <div class="row">
                    <figure><img src="\(name).png" width="\(width)" alt="\(name) PNG"><figcaption>PNG</figcaption></figure>
                    <figure><img src="\(name).svg" width="\(width)" alt="\(name) SVG"><figcaption>SVG · <a href="\(name).pdf">PDF</a></figcaption></figure>

                """
            if item.animated {
                rows += """
                        <figure><img src="\(name)-animated.png" width="\(width)" alt="\(name) animated"><figcaption>animated PNG</figcaption></figure>

                    """
            }
            rows += "      </div>\n    </section>\n"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Tabsnap demo</title>
            <style>
              body { font: 14px system-ui, sans-serif; margin: 24px; background: #f4f4f6; color: #222; }
              section { margin-bottom: 28px; }
              h2 { font-size: 15px; margin: 0 0 8px; }
              .row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
              figure { margin: 0; background: repeating-conic-gradient(#fff 0 25%, #e8e8ea 0 50%) 0 0 / 16px 16px; }
              figure img { display: block; }
              figcaption { font-size: 12px; color: #666; background: #f4f4f6; padding-top: 4px; }
            </style>
            </head>
            <body>
            <h1>Tabsnap demo</h1>
            \(rows)</body>
            </html>

            """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
