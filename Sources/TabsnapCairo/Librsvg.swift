import CPango
import Foundation

/// librsvg, opened on first use rather than linked: its dependencies (gio, gdk-pixbuf, libxml2 …)
/// cost every tabsnap process about 3 ms before `main`, and most never draw an SVG icon. The four
/// functions Tabsnap calls, with librsvg's C signatures (rsvg.h, librsvg 2.52+).
enum Librsvg {
    /// An `RsvgHandle *`.
    typealias Handle = OpaquePointer
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>

    private typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, UInt, ErrorOut?) -> Handle?
    private typealias IntrinsicSize = @convention(c) (Handle, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Int32
    /// The viewport is an `RsvgRectangle`: x, y, width, height as doubles.
    private typealias RenderDocument = @convention(c) (Handle, OpaquePointer, UnsafePointer<Double>, ErrorOut?) -> Int32
    private typealias SetDPI = @convention(c) (Handle, Double) -> Void

    private struct Functions: @unchecked Sendable {
        let newFromData: NewFromData
        let intrinsicSize: IntrinsicSize
        let renderDocument: RenderDocument
        let setDPI: SetDPI
    }

    /// The library file: Debian's librsvg2-2, or Homebrew's librsvg.
    #if canImport(Darwin)
    static let fileName = "librsvg-2.2.dylib"
    #else
    static let fileName = "librsvg-2.so.2"
    #endif

    private static let loaded: Result<Functions, SVGError> = {
        guard let library = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            // Installed but not mapped: memory, not a missing package (round 42: under `ulimit -v`
            // the advice was to install what was there).
            if reason.contains("failed to map segment") || reason.contains("cannot allocate memory") || reason.contains("Cannot allocate memory") {
                return .failure(SVGError(message: "cannot load \(fileName) (\(reason)): out of memory or address space (a limit such as ulimit -v?)"))
            }
            return .failure(SVGError(message: "cannot open \(fileName) (\(reason)); on Debian: apt-get install librsvg2-2"))
        }
        guard let newFromData = dlsym(library, "rsvg_handle_new_from_data"),
              let intrinsicSize = dlsym(library, "rsvg_handle_get_intrinsic_size_in_pixels"),
              let renderDocument = dlsym(library, "rsvg_handle_render_document"),
              let setDPI = dlsym(library, "rsvg_handle_set_dpi") else {
            return .failure(SVGError(message: "\(fileName) is older than librsvg 2.52, which SVG icons need"))
        }
        return .success(Functions(newFromData: unsafeBitCast(newFromData, to: NewFromData.self),
                                  intrinsicSize: unsafeBitCast(intrinsicSize, to: IntrinsicSize.self),
                                  renderDocument: unsafeBitCast(renderDocument, to: RenderDocument.self),
                                  setDPI: unsafeBitCast(setDPI, to: SetDPI.self)))
    }()

    private static var functions: Functions? { try? loaded.get() }

    /// Why SVG cannot be read here, or nil.
    static var problem: String? {
        if case .failure(let error) = loaded { return error.message }
        return nil
    }

    /// CSS's pixels an inch, as a browser's `<img>` draws an SVG: librsvg's own default is 90, so
    /// an icon's `pt`, `mm` and `in` came out at 15/16 of their size (hostile round 67).
    static let iconDPI = 96.0

    /// A handle for the SVG, or the parser's message; `dpi`: how absolute units (`pt`, `mm`, `in`)
    /// become pixels, when not librsvg's default.
    static func handle(for svg: [UInt8], dpi: Double? = nil) -> Result<Handle, SVGError> {
        guard let functions else { return .failure(SVGError(message: problem ?? "")) }
        var error: UnsafeMutablePointer<GError>?
        let handle = svg.withUnsafeBufferPointer { functions.newFromData($0.baseAddress, UInt($0.count), &error) }
        guard let handle else { return .failure(SVGError(taking: error)) }
        if let dpi { functions.setDPI(handle, dpi) }
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
