import Foundation
import SnapshotTesting
import Tabsnap
import TabsnapCheck

// Every strategy is a pullback of two bases, as swift-snapshot-testing's own are: pictures are
// `Snapshotting<RGBAImage, RGBAImage>.png` (Tabsnap's comparator, its diff and triptych), text is
// swift-snapshot-testing's `.lines`. A bar, a geometry or a draw list — a custom component's
// drawing — is only a way to get the picture, so a new subject is one `pullback`.

extension Snapshotting where Value == RGBAImage, Format == RGBAImage {
    /// Pixels as a PNG reference, compared with `options` (exact by default): the base every
    /// picture strategy pulls back from.
    public static func png(options: ComparisonOptions = .exact) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .tabsnapImage(options: options))
    }

    /// Pixels as a PNG reference, compared exactly.
    public static var png: Snapshotting { .png() }
}

extension Snapshotting where Format == RGBAImage {
    /// The base picture strategy pulled back through `render`. A strategy cannot throw: what
    /// cannot be rendered becomes an empty image, which fails the comparison on its size, and
    /// the error is printed.
    static func rendered(options: ComparisonOptions, _ render: @escaping (Value) throws -> RGBAImage) -> Snapshotting {
        Snapshotting<RGBAImage, RGBAImage>.png(options: options).pullback { value in
            do {
                return try render(value)
            } catch {
                FileHandle.standardError.write(Data("Tabsnap: cannot render: \(error)\n".utf8))
                return RGBAImage(width: 0, height: 0)
            }
        }
    }
}

extension Snapshotting where Value == Bar, Format == RGBAImage {
    /// The bar as a PNG at its own position and scale, compared exactly.
    public static var png: Snapshotting { .png() }

    /// The bar as a PNG at `position` and `scale` (defaults: the bar's), compared with `options`.
    public static func png(position: Double? = nil, scale: Double? = nil, options: ComparisonOptions = .exact,
                           layoutManager: LayoutManager = DefaultLayoutManager()) -> Snapshotting {
        rendered(options: options) { bar in
            try Renderer.forCurrentThread(layoutManager: layoutManager).image(of: bar, position: position, scale: scale)
        }
    }
}

extension Snapshotting where Value == BarGeometry, Format == RGBAImage {
    /// A geometry (computed, or changed by hand) as a PNG at `scale`, compared with `options`.
    public static func png(scale: Double = 2, options: ComparisonOptions = .exact) -> Snapshotting {
        rendered(options: options) { geometry in try Renderer.forCurrentThread().image(of: geometry, scale: scale) }
    }
}

extension Snapshotting where Value == DrawList, Format == RGBAImage {
    /// A draw list — a custom component's drawing — as a PNG at `scale`, compared with `options`.
    public static func png(scale: Double = 2, options: ComparisonOptions = .exact) -> Snapshotting {
        rendered(options: options) { list in try Renderer.forCurrentThread().image(of: list, scale: scale) }
    }
}

extension Snapshotting where Value == Bar, Format == String {
    /// The bar as SVG text, line-diffed (Tabsnap's SVG output is deterministic).
    public static var svg: Snapshotting { .svg() }

    /// The bar as SVG text at `position` (default: the bar's), in points, line-diffed. A bar that
    /// cannot be rendered snapshots as a one-line error message instead (a strategy cannot throw).
    public static func svg(position: Double? = nil, layoutManager: LayoutManager = DefaultLayoutManager()) -> Snapshotting {
        Snapshotting<String, String>.lines.pullback { bar in
            do {
                let bytes = try Renderer.forCurrentThread(layoutManager: layoutManager).render(bar, format: .svg, position: position)
                return String(decoding: bytes, as: UTF8.self)
            } catch {
                return "Tabsnap: cannot render: \(error)\n"
            }
        }
        .withPathExtension("svg")
    }
}

extension Snapshotting {
    /// The same strategy writing references with another extension.
    fileprivate func withPathExtension(_ pathExtension: String) -> Snapshotting {
        var copy = self
        copy.pathExtension = pathExtension
        return copy
    }
}
