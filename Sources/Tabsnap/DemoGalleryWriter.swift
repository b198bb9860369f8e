import Foundation

extension DemoGallery {
    /// What `write(to:)` wrote.
    public struct Written: Sendable {
        /// Every file written: each example's PNG, SVG and PDF, the animated PNGs and
        /// index.html.
        public var files: Int
        /// Examples rendered (each as PNG, SVG and PDF).
        public var bars: Int
        /// Animated PNGs written, one per example with a `transition:`.
        public var animations: Int
    }

    /// Writes every example as PNG, SVG and PDF, the animated ones as APNG, and an index.html,
    /// into `folder`. The folder must be new, empty, or hold only files Tabsnap wrote there
    /// (proven by the folder's ledger, `Authorship`, not by their names or formats): anything
    /// else is the user's, and the folder is refused before anything is written.
    public static func write(to folder: URL) throws -> Written {
        let gallery = try entries()
        return try OwnFolder.filling(folder, contents: "gallery files") { try write(gallery, to: folder) }
    }

    private static func write(_ gallery: [Entry], to folder: URL) throws -> Written {
        try OwnFolder.claim(folder, contents: "gallery files", kind: .gallery)
        let renderer = Renderer()
        var written = Written(files: 0, bars: gallery.count, animations: 0)
        var items: [DemoPage.Item] = []
        for entry in gallery {
            for format in OutputFormat.allCases {
                let url = folder.appendingPathComponent("\(entry.name).\(format.rawValue)")
                try AtomicFile.write(try renderer.render(entry.bar, format: format), to: url)
                written.files += 1
            }
            if let transition = entry.transition {
                try FrameRenderer(bar: entry.bar, transition: transition).writeAPNG(to: folder.appendingPathComponent("\(entry.name)-animated.png"))
                written.files += 1
                written.animations += 1
            }
            items.append(DemoPage.Item(name: entry.name, widthInPoints: entry.bar.resolved().width, animated: entry.transition != nil))
        }
        try AtomicFile.write(Array(DemoPage.html(items).utf8), to: folder.appendingPathComponent("index.html"))
        written.files += 1
        return written
    }
}
