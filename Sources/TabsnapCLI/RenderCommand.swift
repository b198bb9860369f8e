import ArgumentParser
import Foundation
import Tabsnap

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one spec to a PNG, SVG or PDF file (the format follows the output's extension)."
    )

    @OptionGroup var input: SpecArguments

    @Option(name: .shortAndLong, help: "Output file: .png, .svg or .pdf.")
    var output: String

    @Option(help: "Pixels per point for PNG output (overrides the spec's scale).")
    var scale: Double?

    func run() throws {
        let url = URL(fileURLWithPath: output)
        guard let format = OutputFormat(pathExtension: url.pathExtension) else {
            throw fail("\(output): unsupported output format '.\(url.pathExtension)'; use .png, .svg or .pdf")
        }
        if let scale, !(scale > 0 && scale <= 8) {
            throw fail("--scale: \(scale) is out of range; expected more than 0 and at most 8")
        }
        if let position = input.position, !position.isFinite {
            throw fail("--position: expected a finite number")
        }
        let bar = try input.loadBar()
        do {
            let bytes = try Renderer().render(bar, format: format, position: input.position, scale: scale)
            try AtomicFile.write(bytes, to: url)
        } catch let error as CustomStringConvertible {
            throw fail(error.description)
        }
    }
}
