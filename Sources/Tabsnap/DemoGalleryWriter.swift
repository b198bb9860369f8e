import Foundation

extension DemoGallery {
    /// What `write(to:)` wrote.
    public struct Written: Sendable {
        public var files: Int
        public var bars: Int
        public var animations: Int
    }

    /// Writes every example as PNG, SVG and PDF, the animated ones as APNG, and an index.html,
    /// into `folder`. The folder must be new, empty, or an earlier gallery (only the gallery's
    /// own file names, and an index.html that is the gallery's): anything else is the user's,
    /// and the folder is refused before anything is written.
    public static func write(to folder: URL) throws -> Written {
        let gallery = try entries()
        let names = Set(gallery.flatMap { entry in
            OutputFormat.allCases.map { "\(entry.name).\($0.rawValue)" } + ["\(entry.name)-animated.png"]
        } + ["index.html"])
        try OwnFolder.check(folder, contents: "gallery files") { url in
            names.contains(url.lastPathComponent) && isGalleryFile(url)
        }
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
            items.append(DemoPage.Item(name: entry.name, widthInPoints: entry.bar.width, animated: entry.transition != nil))
        }
        try AtomicFile.write(Array(DemoPage.html(items).utf8), to: folder.appendingPathComponent("index.html"))
        written.files += 1
        return written
    }

    /// A file the gallery writes, by what it holds: a PNG, an SVG, a PDF, or the gallery's page
    /// (a user's notes saved as `rtl.png` are not ours to replace).
    private static func isGalleryFile(_ url: URL) -> Bool {
        guard let head = try? BoundedRead.prefix(of: url, count: 512) else { return false }
        switch url.pathExtension {
        case "png": return head.starts(with: PNGDecoder.signature)
        case "svg": return head.starts(with: Array("<?xml".utf8)) && String(decoding: head, as: UTF8.self).contains("<svg")
        case "pdf": return head.starts(with: Array("%PDF-".utf8))
        case "html": return String(decoding: head, as: UTF8.self).contains("<title>Tabsnap demo</title>")
        default: return false
        }
    }
}
