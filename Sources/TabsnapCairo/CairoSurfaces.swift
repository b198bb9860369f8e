import CCairo
import TabsnapPNG

/// Collects the bytes a cairo vector surface streams out.
final class ByteSink {
    var bytes: [UInt8] = []

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}

enum CairoSurfaces {
    /// Draws into an ARGB32 image of `pixelWidth × pixelHeight`, user space scaled to points.
    static func image(pixelWidth: Int, pixelHeight: Int, scale: Double, draw: (OpaquePointer) -> Void) -> RGBAImage {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return unpremultiplied(surface, width: pixelWidth, height: pixelHeight)
    }

    /// Straight RGBA of an ARGB32 image surface.
    static func rgba(of surface: OpaquePointer) -> RGBAImage {
        unpremultiplied(surface, width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)))
    }

    /// SVG (user units = CSS px = points) or PDF, streamed into memory; cairo's error when the
    /// surface could not be finished (out of memory, or its stream not written).
    static func vector(_ format: OutputFormat, width: Double, height: Double, draw: (OpaquePointer) -> Void) throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer
        switch format {
        case .svg:
            surface = cairo_svg_surface_create_for_stream(ByteSink.write, closure, width, height)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(ByteSink.write, closure, width, height)
            // A fixed creation date keeps PDFs byte-identical between runs.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z")
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Tabsnap")
        case .png:
            preconditionFailure("PNG goes through image(pixelWidth:pixelHeight:scale:draw:)")
        }
        let cr = cairo_create(surface)!
        draw(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        if let problem = RenderError.drawing(status) { throw problem }
        return withExtendedLifetime(sink) { sink.bytes }
    }

    /// How a straight channel becomes premultiplied: cairo's own PNG loader rounds to nearest
    /// (what icons always got); the contact sheet rounds halves down (what its goldens hold).
    enum Premultiply {
        case cairo, nearestDown

        @inline(__always)
        func apply(_ c: UInt32, _ a: UInt32) -> UInt32 {
            switch self {
            case .cairo:
                let t = c * a + 0x80
                return ((t >> 8) + t) >> 8
            case .nearestDown:
                return (c * a + 127) / 255
            }
        }
    }

    /// An ARGB32 surface holding `image` (the caller destroys it).
    static func surface(of image: RGBAImage, rounding: Premultiply) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(pixels[i + 3])
                    row[x] = a << 24 | rounding.apply(UInt32(pixels[i]), a) << 16 | rounding.apply(UInt32(pixels[i + 1]), a) << 8
                        | rounding.apply(UInt32(pixels[i + 2]), a)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Cairo keeps premultiplied native-endian ARGB; PNG wants straight RGBA.
    static func unpremultiplied(_ surface: OpaquePointer, width: Int, height: Int) -> RGBAImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            for y in 0..<height {
                straightRow(UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self), width: width,
                            into: out.baseAddress! + y * width * 4)
            }
            initialized = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// One row of premultiplied ARGB as straight RGBA, every byte of `out` written.
    @inline(__always)
    static func straightRow(_ row: UnsafePointer<UInt32>, width: Int, into out: UnsafeMutablePointer<UInt8>,
                            vectorized: Bool = !isUnoptimized) {
        var x = 0
        #if _endian(little)
        if !vectorized {
            // One word at a time (see `isUnoptimized`); the same bytes as the vector loop.
            let words = UnsafeMutableRawPointer(out)
            while x < width {
                let argb = row[x]
                if argb >> 24 == 255 {
                    words.storeBytes(of: (argb & 0xFF00_FF00) | ((argb >> 16) & 0xFF) | ((argb & 0xFF) << 16), toByteOffset: x * 4, as: UInt32.self)
                } else {
                    straightPixel(argb, into: out + x * 4)
                }
                x += 1
            }
            return
        }
        // Four opaque pixels at a time (most of a bar): ARGB words to RGBA bytes is a swap of R
        // and B, no division. (An RGBA word on a little-endian machine is A·B·G·R from the top.)
        let words = UnsafeRawPointer(row), target = UnsafeMutableRawPointer(out)
        let opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
        while x + 4 <= width {
            let argb = words.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
            if argb & opaque == opaque {
                let rgba = (argb & 0xFF00_FF00) | ((argb &>> 16) & 0xFF) | ((argb & 0xFF) &<< 16)
                target.storeBytes(of: rgba, toByteOffset: x * 4, as: SIMD4<UInt32>.self)
            } else {
                for k in x..<(x + 4) { straightPixel(row[k], into: out + k * 4) }
            }
            x += 4
        }
        #endif
        for k in x..<width { straightPixel(row[k], into: out + k * 4) }
    }

    @inline(__always)
    private static func straightPixel(_ argb: UInt32, into out: UnsafeMutablePointer<UInt8>) {
        let a = argb >> 24
        if a == 255 {
            // Opaque: dividing by 255/255 is the identity, skip it.
            out[0] = UInt8(truncatingIfNeeded: argb >> 16)
            out[1] = UInt8(truncatingIfNeeded: argb >> 8)
            out[2] = UInt8(truncatingIfNeeded: argb)
            out[3] = 255
        } else if a == 0 {
            // Transparent is 0,0,0,0 whatever cairo left in the colour bytes.
            out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
        } else {
            func straight(_ c: UInt32) -> UInt8 { UInt8(min((c * 255 + a / 2) / a, 255)) }
            out[0] = straight((argb >> 16) & 0xFF)
            out[1] = straight((argb >> 8) & 0xFF)
            out[2] = straight(argb & 0xFF)
            out[3] = UInt8(a)
        }
    }
}
