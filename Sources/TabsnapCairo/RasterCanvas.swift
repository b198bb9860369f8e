import CCairo
import TabsnapPNG

/// The one ARGB32 surface a renderer paints raster frames into, kept while the size stays the same
/// and cleared before each frame: a new surface per frame cost a fresh mapping of its pages (a
/// 3× bar is 600 KB), page faults and all. Belongs to its renderer's thread.
final class RasterCanvas {
    private var surface: OpaquePointer?
    private var width = 0, height = 0

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Paints `draw` (user space scaled to points) on a transparent surface of the size and
    /// returns the surface, valid until the next call.
    func paint(pixelWidth: Int, pixelHeight: Int, scale: Double, draw: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface = self.surface(width: pixelWidth, height: pixelHeight)
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    /// Straight RGBA of the last painting.
    func image() -> RGBAImage {
        guard let surface else { return RGBAImage(width: 0, height: 0) }
        return CairoSurfaces.unpremultiplied(surface, width: width, height: height)
    }

    /// The last painting as a PNG file, its rows converted straight into the encoder's scratch.
    func png(encoder: PNGScanlineEncoder, compression: PNGCompression) -> [UInt8] {
        guard let surface, let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        return encoder.encode(width: width, height: height, compression: compression) { y, row in
            CairoSurfaces.straightRow(UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self),
                                      width: width, into: row)
        }
    }

    /// A cleared surface of the size: the kept one cleared by cairo itself, else a new one.
    /// Cleared with the CLEAR operator, not zeroed behind cairo's back: cairo knows a surface so
    /// cleared is clear, as a new one is, and paints the first layer onto it another way (as
    /// SOURCE). Zeroed and marked dirty, it painted over it instead, a bit off in some edge
    /// pixels, so a frame drawn second by a renderer differed from the same frame drawn first
    /// (the picture depended on what the thread had drawn before).
    private func surface(width: Int, height: Int) -> OpaquePointer {
        if let surface, width == self.width, height == self.height {
            let cr = cairo_create(surface)!
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cr)
            cairo_destroy(cr)
            return surface
        }
        if let surface { cairo_surface_destroy(surface) }
        let fresh = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        (surface, self.width, self.height) = (fresh, width, height)
        return fresh
    }
}
