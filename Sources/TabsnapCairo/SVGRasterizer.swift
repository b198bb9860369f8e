import CCairo
import CRsvg
import TabsnapPNG

/// Renders SVG bytes to pixels with librsvg: how Tabsnap checks that its SVG output shows what
/// its PNG output shows.
public enum SVGRasterizer {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Rasterizes at `scale` pixels per SVG user unit (Tabsnap's SVGs use points as user units).
    public static func rasterize(_ svg: [UInt8], scale: Double) throws(Failure) -> RGBAImage {
        var error: UnsafeMutablePointer<GError>?
        let handle = svg.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else {
            defer { if let error { g_error_free(error) } }
            throw Failure(description: "librsvg cannot read the SVG: " + (error.map { String(cString: $0.pointee.message) } ?? "unknown error"))
        }
        defer { g_object_unref(handle) }
        var width = 0.0, height = 0.0
        guard rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) != 0 else {
            throw Failure(description: "the SVG has no intrinsic size")
        }
        var renderError: UnsafeMutablePointer<GError>?
        let image = CairoSurfaces.image(pixelWidth: Int((width * scale).rounded(.up)), pixelHeight: Int((height * scale).rounded(.up)),
                                        scale: scale) { cr in
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            rsvg_handle_render_document(handle, cr, &viewport, &renderError)
        }
        if let renderError {
            defer { g_error_free(renderError) }
            throw Failure(description: "librsvg cannot render the SVG: " + String(cString: renderError.pointee.message))
        }
        return image
    }
}
