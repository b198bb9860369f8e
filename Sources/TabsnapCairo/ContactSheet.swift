import CCairo
import CPango
import TabsnapModel
import TabsnapPNG

/// A filmstrip / contact sheet: frames of a sequence as thumbnails (the bar at 1 px per point),
/// in rows of up to `columns`, each labelled with its frame index, time and position. Frames are
/// drawn in as they arrive, so only the sheet itself is held.
public final class ContactSheet {
    /// Height of the label row under each thumbnail, in pixels.
    public static let labelHeight: Double = 18
    /// Space around and between the cells, in pixels.
    public static let gap: Double = 8

    private let session = FontSession()
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let columns: Int
    private let cell: Size
    private let thumbnail: Size
    private var placed = 0

    /// - Parameters: `barSize` in points; thumbnails are drawn at 1 px per point.
    /// Throws when the sheet would be larger than `Limits` allows (too many or too large frames).
    public init(frameCount: Int, barSize: Size, columns requested: Int? = nil) throws(RenderError) {
        thumbnail = barSize
        let fitting = barSize.width + ContactSheet.gap > 0 ? 1600 / (barSize.width + ContactSheet.gap) : 1
        columns = max(1, min(requested ?? Int(min(max(fitting, 1), 1_000)), max(frameCount, 1)))
        cell = Size(width: barSize.width + ContactSheet.gap, height: barSize.height + ContactSheet.labelHeight + ContactSheet.gap)
        let rows = (max(frameCount, 1) + columns - 1) / columns
        let size = try RenderError.pixelSize(width: Double(columns) * cell.width + ContactSheet.gap,
                                             height: Double(rows) * cell.height + ContactSheet.gap, scale: 1)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))!
        cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.94)
        cairo_paint(cr)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Draws the next frame and its label ("#12  200 ms  p 1.250").
    public func add(_ image: RGBAImage, index: Int, time: Double, position: Double) {
        let x = ContactSheet.gap + Double(placed % columns) * cell.width
        let y = ContactSheet.gap + Double(placed / columns) * cell.height
        placed += 1
        guard let frame = CairoSurfaces.surface(of: image, rounding: .nearestDown) else { return }
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, thumbnail.width / Double(image.width), thumbnail.height / Double(image.height))
        cairo_set_source_surface(cr, frame, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_surface_destroy(frame)

        let label = "#\(index)  \(Int((time * 1000).rounded())) ms  p \(String(format: "%.3f", position))"
        let layout = session.makeLayout(.plain(label), font: FontSpec(weight: .medium, size: 11))
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.28)
        cairo_move_to(cr, x, y + thumbnail.height + 3)
        pango_cairo_show_layout(cr, layout)
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The sheet as a PNG file: the frames added so far on a light grey ground (cells not yet drawn
    /// stay empty).
    public func png() -> [UInt8] {
        cairo_surface_flush(surface)
        return PNGEncoder.encode(CairoSurfaces.rgba(of: surface))
    }
}
