import TabsnapDraw
import TabsnapGeometry
import TabsnapModel
import TabsnapPNG

/// Renders bars with cairo and pango. Holds a font session, so create one per thread; rendering
/// is otherwise stateless: the same bar, position and scale always give the same bytes.
public final class Renderer: @unchecked Sendable {
    let session: FontSession
    let icons = IconCache()
    public let measurer: PangoTextMeasurer
    public var layoutManager: LayoutManager

    public init(layoutManager: LayoutManager = DefaultLayoutManager()) {
        session = FontSession()
        measurer = PangoTextMeasurer(session: session)
        self.layoutManager = layoutManager
    }

    /// The geometry the renderer draws from (what `tabsnap layout` prints).
    public func geometry(of bar: Bar, position: Double? = nil) -> BarGeometry {
        BarGeometry.compute(for: bar, position: position, measurer: measurer, layoutManager: layoutManager)
    }

    public func drawList(of bar: Bar, position: Double? = nil) -> DrawList {
        DrawList(bar: bar, geometry: geometry(of: bar, position: position))
    }

    private func painter(raster: Bool) -> CairoPainter {
        CairoPainter(session: session, icons: IconPainter(cache: icons, snapsToPixels: raster), textAsOutlines: raster)
    }

    /// The draw list with its icon files loaded (the one step that can fail).
    private func loadedDrawList(of bar: Bar, position: Double?) throws(IconLoadError) -> DrawList {
        let list = drawList(of: bar, position: position)
        try icons.preload(list.commands)
        return list
    }

    /// Pixels at `scale` (default: the bar's scale).
    public func image(of bar: Bar, position: Double? = nil, scale: Double? = nil) throws(IconLoadError) -> RGBAImage {
        let list = try loadedDrawList(of: bar, position: position)
        let s = scale ?? bar.scale
        let painter = self.painter(raster: true)
        return CairoSurfaces.image(pixelWidth: Int((list.size.width * s).rounded(.up)),
                                   pixelHeight: Int((list.size.height * s).rounded(.up)), scale: s) { cr in
            painter.paint(list, on: cr)
        }
    }

    /// The bytes of a PNG, SVG or PDF file.
    public func render(_ bar: Bar, format: OutputFormat, position: Double? = nil,
                       scale: Double? = nil) throws(IconLoadError) -> [UInt8] {
        switch format {
        case .png:
            return PNGEncoder.encode(try image(of: bar, position: position, scale: scale))
        case .svg, .pdf:
            let list = try loadedDrawList(of: bar, position: position)
            let painter = self.painter(raster: false)
            let bytes = CairoSurfaces.vector(format, width: list.size.width, height: list.size.height) { cr in
                painter.paint(list, on: cr)
            }
            return format == .svg ? SVGSurfaceIDs.normalize(bytes) : bytes
        }
    }
}
