import CCairo
import CRsvg
import Foundation
import TabsnapDraw

/// A problem loading an icon file, named by its path.
public struct IconLoadError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String

    /// One line: library messages (librsvg's end in a newline) are folded.
    public var description: String {
        let folded = reason.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return "\(path): " + folded.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Icon files, loaded once per renderer: SVGs as librsvg handles, PNGs as cairo surfaces.
final class IconCache {
    enum Loaded {
        case svg(UnsafeMutablePointer<RsvgHandle>)
        case png(OpaquePointer, width: Double, height: Double)
    }

    private var loaded: [String: Loaded] = [:]

    deinit {
        for icon in loaded.values {
            switch icon {
            case .svg(let handle): g_object_unref(handle)
            case .png(let surface, _, _): cairo_surface_destroy(surface)
            }
        }
    }

    /// Loads every file icon the commands use, so painting itself cannot fail.
    func preload(_ commands: [DrawCommand]) throws(IconLoadError) {
        for command in commands {
            switch command {
            case .icon(let run):
                if case .file(let path) = run.source { _ = try icon(at: path) }
            case .masked(let inner, _):
                try preload(inner)
            case .rect, .triangle, .text:
                break
            }
        }
    }

    func icon(at path: String) throws(IconLoadError) -> Loaded {
        if let icon = loaded[path] { return icon }
        let icon: Loaded
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "svg": icon = try loadSVG(path)
        case "png": icon = try loadPNG(path)
        default: throw IconLoadError(path: path, reason: "icons must be .svg or .png files")
        }
        loaded[path] = icon
        return icon
    }

    private func loadSVG(_ path: String) throws(IconLoadError) -> Loaded {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw IconLoadError(path: path, reason: "cannot load SVG (\(reason))")
        }
        return .svg(handle)
    }

    private func loadPNG(_ path: String) throws(IconLoadError) -> Loaded {
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw IconLoadError(path: path, reason: "cannot load PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        return .png(surface, width: Double(cairo_image_surface_get_width(surface)),
                    height: Double(cairo_image_surface_get_height(surface)))
    }
}
