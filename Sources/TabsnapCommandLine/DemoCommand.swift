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
        let written: DemoGallery.Written
        do {
            written = try DemoGallery.write(to: folder)
        } catch {
            throw CLIError("\(error)")
        }
        print("Wrote \(written.files) files to \(folder.path): \(written.bars) bars as PNG, SVG and PDF, "
              + "\(written.animations) animated PNGs, index.html")
    }
}
