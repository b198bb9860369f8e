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

    /// The geometry of a jump frame: the state at `from` blended towards the state at `to`.
    public func geometry(of bar: Bar, jumpingFrom from: Double, to: Double, progress: Double) -> BarGeometry {
        geometry(of: bar, position: from).interpolated(to: geometry(of: bar, position: to), progress: progress)
    }

    /// Pixels of an already computed geometry (a jump frame, or geometry a caller changed).
    public func image(of bar: Bar, geometry: BarGeometry, scale: Double? = nil) throws(IconLoadError) -> RGBAImage {
        let list = DrawList(bar: bar, geometry: geometry)
        try icons.preload(list.commands)
        return paintImage(list, scale: scale ?? bar.scale)
    }

    /// The bytes of a file showing an already computed geometry.
    public func render(_ bar: Bar, geometry: BarGeometry, format: OutputFormat, scale: Double? = nil) throws(IconLoadError) -> [UInt8] {
        let list = DrawList(bar: bar, geometry: geometry)
        try icons.preload(list.commands)
        return format == .png ? PNGEncoder.encode(paintImage(list, scale: scale ?? bar.scale)) : paintVector(list, format: format)
    }

    private func painter(raster: Bool) -> CairoPainter {
        CairoPainter(session: session, icons: IconPainter(cache: icons, snapsToPixels: raster), textAsOutlines: raster)
    }

    /// Pixels at `scale` (default: the bar's scale).
    public func image(of bar: Bar, position: Double? = nil, scale: Double? = nil) throws(IconLoadError) -> RGBAImage {
        try image(of: bar, geometry: geometry(of: bar, position: position), scale: scale)
    }

    /// The bytes of a PNG, SVG or PDF file.
    public func render(_ bar: Bar, format: OutputFormat, position: Double? = nil,
                       scale: Double? = nil) throws(IconLoadError) -> [UInt8] {
        try render(bar, geometry: geometry(of: bar, position: position), format: format, scale: scale)
    }

    private func paintImage(_ list: DrawList, scale: Double) -> RGBAImage {
        let painter = self.painter(raster: true)
        return CairoSurfaces.image(pixelWidth: Int((list.size.width * scale).rounded(.up)),
                                   pixelHeight: Int((list.size.height * scale).rounded(.up)), scale: scale) { cr in
            painter.paint(list, on: cr)
        }
    }

    private func paintVector(_ list: DrawList, format: OutputFormat) -> [UInt8] {
        let painter = self.painter(raster: false)
        let bytes = CairoSurfaces.vector(format, width: list.size.width, height: list.size.height) { cr in
            painter.paint(list, on: cr)
        }
        return format == .svg ? SVGSurfaceIDs.normalize(bytes) : bytes
    }
}
