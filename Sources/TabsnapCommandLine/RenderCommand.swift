import ArgumentParser
import Foundation
import Tabsnap

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one spec to a PNG, SVG or PDF file (the format follows the output's extension)."
    )

    @OptionGroup var input: SpecArguments

    @Option(name: .shortAndLong, help: "Output file: .png, .svg or .pdf; - for standard output (PNG unless --format says otherwise).")
    var output: String

    @OptionGroup var variant: VariantArguments

    @Option(parsing: .unconditional, help: "Pixels per point for PNG (overrides the spec's scale); for SVG, multiplies its width and height (the viewBox stays in points). PDF pages are sized in points.")
    var scale: Double?

    @Option(help: "png, svg or pdf (default: the output's extension).")
    var format: OutputFormat?

    @Option(name: .customLong("svg-text"), help: "How an SVG holds its text: outlines (default: glyph outlines, byte-stable), named (<text> naming its font, in groups named by part: editable in Inkscape or Figma), or embedded (named, with the font files inside).")
    var svgText: SVGText = .outlines

    private var outputFormat: OutputFormat? {
        format ?? (output == "-" ? .png : OutputFormat(pathExtension: URL(fileURLWithPath: output).pathExtension))
    }

    func validate() throws {
        let ext = URL(fileURLWithPath: output).pathExtension
        if outputFormat == nil {
            throw ValidationError(ext.isEmpty ? "\(output): no file extension to tell the format; use .png, .svg or .pdf, or --format"
                                              : "\(output): unsupported output format '.\(ext)'; use .png, .svg or .pdf, or --format")
        }
        try checkScale(scale)
        if svgText != .outlines, outputFormat != .svg {
            // A PDF already holds its text as text, its fonts embedded (selectable, searchable):
            // the option is an SVG's choice only (hostile round 32: the old wording said a PDF
            // had no text).
            throw ValidationError(outputFormat == .pdf
                ? "--svg-text: a PDF always holds its text as text with its fonts embedded; the option chooses an SVG's text only, so leave it out, or render .svg"
                : "--svg-text: a PNG holds its text as pixels; the option chooses an SVG's text only, so leave it out, or render .svg")
        }
        if scale != nil, outputFormat == .pdf {
            throw ValidationError("--scale: a PDF page is sized in points and has no pixels to scale; leave --scale out, or render .png or .svg")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: output)
        let format = outputFormat ?? .png  // validate() refused a path without a format
        let document = try input.loadDocument()
        var bar = document.bar
        try variant.apply(to: &bar)
        if output != "-" {
            try OutputChecks(outputs: [("--output", output)], inputs: input.files + document.inputFiles).check()
        } else {
            try OutputChecks.checkStandardOutput(against: input.files + document.inputFiles)
        }
        do {
            let bytes = try Renderer().render(bar, format: format, position: input.position, scale: scale, svgText: svgText)
            if output == "-" {
                try StandardOutput.write(bytes)
            } else {
                try AtomicFile.write(bytes, to: url)
            }
        } catch let error as RenderError {
            throw CLIError("\(input.spec): \(error)")
        } catch let error as CustomStringConvertible {
            throw CLIError(error.description)
        }
    }
}
