import ArgumentParser
import Foundation
import Tabsnap

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Render the built-in gallery (no spec file needed) as PNG, SVG and PDF."
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
            throw fail(error.description)
        }
        var written = 0
        for entry in gallery {
            let bar = entry.bar
            for format in OutputFormat.allCases {
                let url = folder.appendingPathComponent("\(entry.name).\(format.rawValue)")
                do {
                    try AtomicFile.write(try renderer.render(bar, format: format), to: url)
                } catch let error as CustomStringConvertible {
                    throw fail(error.description)
                }
                written += 1
            }
        }
        print("Wrote \(written) files (\(gallery.count) bars as PNG, SVG and PDF) to \(folder.path)")
    }
}
