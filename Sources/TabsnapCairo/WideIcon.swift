import Foundation
import TabsnapModel

/// An SVG icon drawn into a wide viewport (`SVGWideViewport`), with a librsvg handle for each
/// viewBox it shows: a box of another shape than the icon shows more of it (letterboxed), so
/// its widened viewBox differs. Handles are made when first drawn, and let go with the icon.
final class WideIcon {
    let viewport: SVGWideViewport
    private var handles: [String: (handle: Librsvg.Handle, viewBox: Rect)] = [:]
    /// Shapes of boxes kept at once (a preview resizing a page image): past it all are let go.
    static let kept = 16
    /// Documents read for the icon. Its size changing in every frame (titles and icons growing
    /// as selected) would read it anew each frame, unbounded by the sandbox's probe (a large
    /// icon takes 0.1 s to read): past this many, a handle kept that holds enough is drawn at
    /// the new size, its margin then parts of a device pixel (filter edges a little softer);
    /// without one (the box changing shape in every frame), the picture is refused.
    private static let reads = 24
    private(set) var read = 0

    init(_ viewport: SVGWideViewport) {
        self.viewport = viewport
    }

    deinit { release() }

    /// The handle and viewport that draw the icon into `frame` (`devicePerUnit`: device pixels
    /// per unit of it), or librsvg's error.
    func placed(in frame: Rect, devicePerUnit: (x: Double, y: Double)) -> Result<(handle: Librsvg.Handle, viewport: Rect), Librsvg.SVGError> {
        let (viewBox, wide) = viewport.placement(in: frame, devicePerUnit: devicePerUnit)
        let key = "\(viewBox.x) \(viewBox.y) \(viewBox.width) \(viewBox.height)"
        if let kept = handles[key] { return .success((kept.handle, wide)) }
        if read >= Self.reads {
            for kept in handles.values {
                if let mapped = viewport.viewport(mapping: kept.viewBox, in: frame) { return .success((kept.handle, mapped)) }
            }
            // A box changing shape in every frame: refused rather than read without a bound.
            return .failure(Librsvg.SVGError(message: "drawn widened for its filters in over \(Self.reads) shapes of box; keep its box's shape"))
        }
        if handles.count >= Self.kept { release() }
        BundledFontConfig.makeCurrent()
        read += 1
        switch Librsvg.handle(for: viewport.document(showing: viewBox), dpi: Librsvg.iconDPI) {
        case .success(let handle):
            handles[key] = (handle, viewBox)
            return .success((handle, wide))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Lets every handle go.
    func release() {
        for kept in handles.values { Librsvg.release(kept.handle) }
        handles.removeAll()
    }
}
