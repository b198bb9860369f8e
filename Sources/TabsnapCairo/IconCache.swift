import CCairo
import Foundation
import TabsnapFiles
import TabsnapModel
import TabsnapPNG
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
        /// `drawn`: the icon's drawn elements, `imagePixels`: its embedded images' pixels
        /// (`SVGIconPreflight`).
        case svg(Librsvg.Handle, drawn: Int, imagePixels: Int)
        case png(OpaquePointer, width: Double, height: Double)
    }

    private var loaded: [URL: Loaded] = [:]
    /// Pixels of the PNG icons and SVG icons' embedded images decoded so far (bounded by
    /// `Limits.iconPixels`).
    private var pngPixels = 0
    /// Drawn elements of the SVG icons loaded (bounded by `Limits.svgBarDrawnElements`).
    private var svgDrawn = 0

    deinit {
        for icon in loaded.values { release(icon) }
    }

    /// Loads every file icon the commands use, so painting itself cannot fail.
    /// A renderer is reused across a suite's bars, so before loading, icons the bar does not use
    /// are let go: the PNG budget (`Limits.iconPixels`) then bounds one bar's icons, not a suite's.
    func preload(_ commands: [DrawCommand]) throws(IconLoadError) {
        let files = Self.files(in: commands)
        if files.contains(where: { loaded[$0] == nil }) {
            for (file, icon) in loaded where !files.contains(file) {
                release(icon)
                loaded[file] = nil
            }
        }
        for file in files.sorted(by: { $0.path < $1.path }) { _ = try icon(at: file) }
    }

    private static func files(in commands: [DrawCommand]) -> Set<URL> {
        var files = Set<URL>()
        for command in commands {
            switch command {
            case .icon(let run):
                if case .file(let url) = run.icon { files.insert(url) }
            case .masked(let inner, _):
                files.formUnion(Self.files(in: inner))
            case .rect, .triangle, .text:
                break
            }
        }
        return files
    }

    private func release(_ icon: Loaded) {
        switch icon {
        case .svg(let handle, let drawn, let imagePixels):
            Librsvg.release(handle)
            svgDrawn -= drawn
            pngPixels -= imagePixels
        case .png(let surface, let width, let height):
            cairo_surface_destroy(surface)
            pngPixels -= Int(width * height)
        }
    }

    func icon(at file: URL) throws(IconLoadError) -> Loaded {
        if let icon = loaded[file] { return icon }
        let icon: Loaded
        switch file.pathExtension.lowercased() {
        case "svg": icon = try loadSVG(file)
        case "png": icon = try loadPNG(file)
        default: throw IconLoadError(path: file.path, reason: "icons must be .svg or .png files")
        }
        loaded[file] = icon
        return icon
    }

    /// The file's bytes: a regular file within `Limits.iconFileBytes` (a FIFO or a device would
    /// block forever; a huge file would eat memory).
    private func read(_ file: URL) throws(IconLoadError) -> [UInt8] {
        do {
            return try BoundedRead.bytes(of: file, limit: Limits.iconFileBytes)
        } catch {
            throw IconLoadError(path: file.path, reason: error.reason)
        }
    }

    /// Checked and rewritten by `SVGIconPreflight` first (what it will cost, links made groups),
    /// then read from memory, without a base file: librsvg then refuses every external reference
    /// (`xi:include`, `<image href>` other than `data:`, external CSS), so an icon cannot pull in
    /// other files. Its text is set with the bundled fonts (see `BundledFontConfig`).
    private func loadSVG(_ file: URL) throws(IconLoadError) -> Loaded {
        let checked: SVGIconPreflight.Checked
        do {
            checked = try SVGIconPreflight.check(try read(file))
        } catch let error as SVGIconPreflight.Problem {
            throw IconLoadError(path: file.path, reason: error.description)
        } catch let error as IconLoadError {
            throw error
        } catch {
            throw IconLoadError(path: file.path, reason: "cannot load SVG")
        }
        guard svgDrawn + checked.drawnElements <= Limits.svgBarDrawnElements else {
            throw IconLoadError(path: file.path, reason: "the bar's SVG icons draw over \(Limits.svgBarDrawnElements) elements together (this one \(checked.drawnElements)); simplify them or use PNGs")
        }
        guard pngPixels + checked.imagePixels <= Limits.iconPixels else {
            throw IconLoadError(path: file.path, reason: "the bar's icons hold over \(Limits.iconPixels / 1_000_000) Mpx of images together")
        }
        BundledFontConfig.makeCurrent()
        switch Librsvg.handle(for: checked.bytes) {
        case .success(let handle):
            svgDrawn += checked.drawnElements
            pngPixels += checked.imagePixels
            return .svg(handle, drawn: checked.drawnElements, imagePixels: checked.imagePixels)
        case .failure(let error): throw IconLoadError(path: file.path, reason: "cannot load SVG (\(error.message))")
        }
    }

    /// Through Tabsnap's own decoder (size limits, CRC checks), then premultiplied as cairo's
    /// PNG loader would.
    private func loadPNG(_ file: URL) throws(IconLoadError) -> Loaded {
        let path = file.path
        let image: RGBAImage
        do {
            image = try PNGDecoder.decode(try read(file))
        } catch let error as PNGDecoder.Failure {
            throw IconLoadError(path: path, reason: "cannot load PNG (\(error.description))")
        } catch let error as IconLoadError {
            throw error
        } catch {
            throw IconLoadError(path: path, reason: "cannot load PNG")
        }
        guard pngPixels + image.width * image.height <= Limits.iconPixels else {
            throw IconLoadError(path: path, reason: "the bar's PNG icons are over \(Limits.iconPixels / 1_000_000) Mpx together; use smaller icons or SVG")
        }
        pngPixels += image.width * image.height
        guard let surface = CairoSurfaces.surface(of: image, rounding: .cairo) else {
            throw IconLoadError(path: path, reason: "cannot load PNG (out of memory)")
        }
        return .png(surface, width: Double(image.width), height: Double(image.height))
    }
}
