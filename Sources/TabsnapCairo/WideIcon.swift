import Foundation
import TabsnapModel

/// An SVG icon drawn into a wide viewport (`SVGWideViewport`), with a librsvg handle for each
/// viewBox it shows: a box of another shape than the icon shows more of it (letterboxed), so
/// its widened viewBox differs. Handles are made when first drawn, and let go with the icon.
final class WideIcon {
    let viewport: SVGWideViewport
    private var handles: [String: Librsvg.Handle] = [:]
    /// Shapes of boxes kept at once (a preview resizing a page image): past it all are let go.
    private static let kept = 16

    init(_ viewport: SVGWideViewport) {
        self.viewport = viewport
    }

    deinit { release() }

    /// The handle and viewport that draw the icon into `frame` (`devicePerUnit`: device pixels
    /// per unit of it), or librsvg's error.
    func placed(in frame: Rect, devicePerUnit: (x: Double, y: Double)) -> Result<(handle: Librsvg.Handle, viewport: Rect), Librsvg.SVGError> {
        let (viewBox, wide) = viewport.placement(in: frame, devicePerUnit: devicePerUnit)
        let key = "\(viewBox.x) \(viewBox.y) \(viewBox.width) \(viewBox.height)"
        if let handle = handles[key] { return .success((handle, wide)) }
        if handles.count >= Self.kept { release() }
        BundledFontConfig.makeCurrent()
        switch Librsvg.handle(for: viewport.document(showing: viewBox), dpi: Librsvg.iconDPI) {
        case .success(let handle):
            handles[key] = handle
            return .success((handle, wide))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Lets every handle go.
    func release() {
        for handle in handles.values { Librsvg.release(handle) }
        handles.removeAll()
    }
}
