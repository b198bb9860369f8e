import TabsnapDraw
import TabsnapModel
import TabsnapPNG

/// Paints a draw list as pixels with cairo, through a `Renderer` (its fonts, icons and checks).
public struct ImagePainter: DrawListPainter {
    /// Whose fonts, icon cache and canvas paint (one renderer per thread).
    public let renderer: Renderer
    /// Pixels per point.
    public var scale: Double

    /// A painter drawing with `renderer` at `scale` pixels per point.
    public init(renderer: Renderer, scale: Double) {
        self.renderer = renderer
        self.scale = scale
    }

    /// The list's pixels.
    /// - Throws: `RenderError` for a font that cannot draw its text, an icon that cannot load,
    ///   or a size past the limits.
    public func paint(_ list: DrawList) throws -> RGBAImage {
        try renderer.image(of: list, scale: scale)
    }
}

/// Paints a draw list into the bytes of a PNG, SVG or PDF file with cairo, through a `Renderer`.
public struct FilePainter: DrawListPainter {
    /// Whose fonts, icon cache and canvas paint (one renderer per thread).
    public let renderer: Renderer
    /// The file format.
    public var format: OutputFormat
    /// Pixels per point for PNG; the size an SVG asks a viewer for; ignored by PDF.
    public var scale: Double

    /// A painter writing `format` at `scale` with `renderer`.
    public init(renderer: Renderer, format: OutputFormat, scale: Double = 1) {
        self.renderer = renderer
        self.format = format
        self.scale = scale
    }

    /// The file's bytes.
    /// - Throws: `RenderError`, as `ImagePainter.paint(_:)`.
    public func paint(_ list: DrawList) throws -> [UInt8] {
        try renderer.render(list, format: format, scale: scale)
    }
}
