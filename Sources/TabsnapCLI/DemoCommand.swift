import ArgumentParser
import Foundation
import Tabsnap

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in gallery (no spec file needed): PNG, SVG, PDF, animated swipes and an index.html."
    )

    @Option(name: .shortAndLong, help: "Folder to write into.")
    var output: String = "tabsnap-demo"

    func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        let renderer = Renderer()
        let gallery: [DemoGallery.Entry]
        do {
            gallery = try DemoGallery.entries()
        } catch {
            throw CLIError(error.description)
        }
        try checkOwnFolder(folder, names: Set(gallery.flatMap { entry in
            OutputFormat.allCases.map { "\(entry.name).\($0.rawValue)" } + ["\(entry.name)-animated.png"]
        } + ["index.html"]))
        var written = 0
        var items: [DemoPage.Item] = []
        do {
            for entry in gallery {
                let bar = entry.bar
                for format in OutputFormat.allCases {
                    let url = folder.appendingPathComponent("\(entry.name).\(format.rawValue)")
                    try AtomicFile.write(try renderer.render(bar, format: format), to: url)
                    written += 1
                }
                if let transition = entry.transition {
                    let url = folder.appendingPathComponent("\(entry.name)-animated.png")
                    try FrameRenderer(bar: bar, transition: transition).writeAPNG(to: url)
                    written += 1
                }
                items.append(DemoPage.Item(name: entry.name, widthInPoints: bar.width, animated: entry.transition != nil))
            }
            try AtomicFile.write(Array(DemoPage.html(items).utf8), to: folder.appendingPathComponent("index.html"))
        } catch let error as CustomStringConvertible {
            throw CLIError(error.description)
        }
        let animated = gallery.filter { $0.transition != nil }.count
        print("Wrote \(written + 1) files to \(folder.path): \(gallery.count) bars as PNG, SVG and PDF, "
              + "\(animated) animated PNGs, index.html")
    }

    /// The gallery folder must be new, empty, or an earlier gallery: only the gallery's own file
    /// names, and an index.html that is the gallery's. Anything else is the user's: refused.
    private func checkOwnFolder(_ folder: URL, names: Set<String>) throws {
        do {
            try OwnFolder.check(folder, contents: "gallery files") { url in
                names.contains(url.lastPathComponent) && (url.lastPathComponent != "index.html"
                    || ((try? BoundedRead.bytes(of: url, limit: 1 << 20))
                        .map { String(decoding: $0, as: UTF8.self).contains("<title>Tabsnap demo</title>") } ?? false))
            }
        } catch {
            throw CLIError(error.description)
        }
    }
}
