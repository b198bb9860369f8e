import CPango
import Foundation

/// librsvg, opened on first use rather than linked: its dependencies (gio, gdk-pixbuf, libxml2 …)
/// cost every tabsnap process about 3 ms before `main`, and most never draw an SVG icon. The three
/// functions Tabsnap calls, with librsvg's C signatures (rsvg.h, librsvg 2.52+).
enum Librsvg {
    /// An `RsvgHandle *`.
    typealias Handle = OpaquePointer
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>

    private typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, UInt, ErrorOut?) -> Handle?
    private typealias IntrinsicSize = @convention(c) (Handle, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Int32
    /// The viewport is an `RsvgRectangle`: x, y, width, height as doubles.
    private typealias RenderDocument = @convention(c) (Handle, OpaquePointer, UnsafePointer<Double>, ErrorOut?) -> Int32

    private struct Functions: @unchecked Sendable {
        let newFromData: NewFromData
        let intrinsicSize: IntrinsicSize
        let renderDocument: RenderDocument
    }

    /// The library file Debian's librsvg2-2 installs.
    static let fileName = "librsvg-2.so.2"

    private static let functions: Functions? = {
        guard let library = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else { return nil }
        guard let newFromData = dlsym(library, "rsvg_handle_new_from_data"),
              let intrinsicSize = dlsym(library, "rsvg_handle_get_intrinsic_size_in_pixels"),
              let renderDocument = dlsym(library, "rsvg_handle_render_document") else { return nil }
        return Functions(newFromData: unsafeBitCast(newFromData, to: NewFromData.self),
                         intrinsicSize: unsafeBitCast(intrinsicSize, to: IntrinsicSize.self),
                         renderDocument: unsafeBitCast(renderDocument, to: RenderDocument.self))
    }()

    /// Why SVG cannot be read here, or nil.
    static var problem: String? {
        functions == nil ? "\(fileName) (librsvg 2.52 or later) is not installed; on Debian: apt-get install librsvg2-2" : nil
    }

    /// A handle for the SVG, or the parser's message.
    static func handle(for svg: [UInt8]) -> Result<Handle, SVGError> {
        guard let functions else { return .failure(SVGError(message: problem ?? "")) }
        var error: UnsafeMutablePointer<GError>?
        let handle = svg.withUnsafeBufferPointer { functions.newFromData($0.baseAddress, UInt($0.count), &error) }
        guard let handle else { return .failure(SVGError(taking: error)) }
        return .success(handle)
    }

    static func release(_ handle: Handle) {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The SVG's width and height in pixels, when it says.
    static func intrinsicSize(of handle: Handle) -> (width: Double, height: Double)? {
        guard let functions else { return nil }
        var width = 0.0, height = 0.0
        return functions.intrinsicSize(handle, &width, &height) != 0 ? (width, height) : nil
    }

    /// Draws the whole document fitted into the rectangle.
    @discardableResult
    static func render(_ handle: Handle, on cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) -> SVGError? {
        guard let functions else { return SVGError(message: problem ?? "") }
        var error: UnsafeMutablePointer<GError>?
        let viewport = [x, y, width, height]
        let drawn = viewport.withUnsafeBufferPointer { functions.renderDocument(handle, cr, $0.baseAddress!, &error) }
        return drawn != 0 ? nil : SVGError(taking: error)
    }

    /// librsvg's message, the GError freed.
    struct SVGError: Error {
        var message: String

        init(message: String) {
            self.message = message
        }

        init(taking error: UnsafeMutablePointer<GError>?) {
            message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
        }
    }
}
