import CCairo
import TabsnapPNG

/// Renders SVG bytes to pixels with librsvg: how Tabsnap checks that its SVG output shows what
/// its PNG output shows.
public enum SVGRasterizer {
    /// Why an SVG cannot be rasterized: librsvg cannot read or render it, or it has no intrinsic
    /// size.
    public struct Failure: Error, CustomStringConvertible {
        /// What librsvg could not do, in one line.
        public var description: String
    }

    /// Rasterizes at `scale` pixels per SVG user unit (Tabsnap's SVGs use points as user units).
    /// Text the SVG holds (`SVGText.named`) is set in the bundled fonts, as Tabsnap sets it: the
    /// bundled configuration becomes fontconfig's current one, as drawing an SVG icon makes it.
    public static func rasterize(_ svg: [UInt8], scale: Double) throws(Failure) -> RGBAImage {
        BundledFontConfig.makeCurrent()
        let handle: Librsvg.Handle
        switch Librsvg.handle(for: svg) {
        case .success(let opened): handle = opened
        case .failure(let error): throw Failure(description: "librsvg cannot read the SVG: " + error.message)
        }
        defer { Librsvg.release(handle) }
        guard let (width, height) = Librsvg.intrinsicSize(of: handle) else {
            throw Failure(description: "the SVG has no intrinsic size")
        }
        var renderError: Librsvg.SVGError?
        let image = CairoSurfaces.image(pixelWidth: Int((width * scale).rounded(.up)), pixelHeight: Int((height * scale).rounded(.up)),
                                        scale: scale) { cr in
            renderError = Librsvg.render(handle, on: cr, x: 0, y: 0, width: width, height: height)
        }
        if let renderError { throw Failure(description: "librsvg cannot render the SVG: " + renderError.message) }
        return image
    }
}
