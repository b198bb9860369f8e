import CCairo
import CPango
import TabsnapModel
import TabsnapPNG

/// A filmstrip / contact sheet: every frame of a sequence as a thumbnail (the bar at 1 px per
/// point), in rows of up to `columns`, each labelled with its frame index and position. Frames are
/// drawn in as they arrive, so only the sheet itself is held.
public final class ContactSheet {
    public static let labelHeight: Double = 18
    public static let gap: Double = 8

    private let session = FontSession()
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let columns: Int
    private let cell: Size
    private let thumbnail: Size
    private var placed = 0

    /// - Parameters: `barSize` in points; thumbnails are drawn at 1 px per point.
    public init(frameCount: Int, barSize: Size, columns requested: Int? = nil) {
        thumbnail = barSize
        columns = max(1, min(requested ?? max(1, Int(1600 / (barSize.width + ContactSheet.gap))), frameCount))
        cell = Size(width: barSize.width + ContactSheet.gap, height: barSize.height + ContactSheet.labelHeight + ContactSheet.gap)
        let rows = (frameCount + columns - 1) / columns
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((Double(columns) * cell.width + ContactSheet.gap).rounded(.up)),
                                             Int32((Double(rows) * cell.height + ContactSheet.gap).rounded(.up)))!
        cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.94)
        cairo_paint(cr)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Draws the next frame and its label ("#12  p 1.250").
    public func add(_ image: RGBAImage, index: Int, position: Double) {
        let x = ContactSheet.gap + Double(placed % columns) * cell.width
        let y = ContactSheet.gap + Double(placed / columns) * cell.height
        placed += 1
        let frame = premultipliedSurface(image)
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, thumbnail.width / Double(image.width), thumbnail.height / Double(image.height))
        cairo_set_source_surface(cr, frame, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_surface_destroy(frame)

        let label = "#\(index)  p \(String(format: "%.3f", position))"
        pango_cairo_update_context(cr, session.drawingContext)
        session.configure(session.drawingContext)
        let layout = session.makeLayout(.plain(label), font: FontSpec(weight: .medium, size: 11), in: session.drawingContext)
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.28)
        cairo_move_to(cr, x, y + thumbnail.height + 3)
        pango_cairo_show_layout(cr, layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    public func png() -> [UInt8] {
        cairo_surface_flush(surface)
        return PNGEncoder.encode(CairoSurfaces.rgba(of: surface))
    }

    private func premultipliedSurface(_ image: RGBAImage) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(pixels[i + 3])
                    func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] = a << 24 | pre(pixels[i]) << 16 | pre(pixels[i + 1]) << 8 | pre(pixels[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
