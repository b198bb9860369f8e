import Foundation
import SnapshotTesting
import Tabsnap
import TabsnapCheck

extension Snapshotting where Value == Bar, Format == RGBAImage {
    /// The bar as a PNG at its own position and scale, compared exactly.
    public static var png: Snapshotting { .png() }

    /// The bar as a PNG at `position` and `scale` (defaults: the bar's), compared with `options`.
    public static func png(position: Double? = nil, scale: Double? = nil, options: ComparisonOptions = .exact,
                           layoutManager: LayoutManager = DefaultLayoutManager()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .tabsnapImage(options: options)) { bar in
            do {
                return try Renderer.forCurrentThread(layoutManager: layoutManager).image(of: bar, position: position, scale: scale)
            } catch {
                // The strategy cannot throw; an empty image fails the comparison on its size.
                FileHandle.standardError.write(Data("Tabsnap: cannot render: \(error)\n".utf8))
                return RGBAImage(width: 0, height: 0)
            }
        }
    }
}

extension Snapshotting where Value == Bar, Format == String {
    /// The bar as SVG text, line-diffed (Tabsnap's SVG output is deterministic).
    public static var svg: Snapshotting { .svg() }

    /// The bar as SVG text at `position` (default: the bar's), in points, line-diffed. A bar that
    /// cannot be rendered snapshots as a one-line error message instead (a strategy cannot throw).
    public static func svg(position: Double? = nil, layoutManager: LayoutManager = DefaultLayoutManager()) -> Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { bar in
            do {
                let bytes = try Renderer.forCurrentThread(layoutManager: layoutManager).render(bar, format: .svg, position: position)
                return String(decoding: bytes, as: UTF8.self)
            } catch {
                return "Tabsnap: cannot render: \(error)\n"
            }
        }
    }
}
