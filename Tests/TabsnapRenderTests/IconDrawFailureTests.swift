import CCairo
@testable import TabsnapCairo
import TabsnapDraw
import TabsnapModel
import TabsnapPNG
import XCTest

/// An icon librsvg cannot draw in this process (the sandbox drew it) is an error, never a picture
/// written without it: librsvg's result was ignored, and when two frames set an icon's huge text
/// at once its drawing failed part way and left the whole frame blank, exit 0 (hostile round 59).
final class IconDrawFailureTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-icon-failure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// librsvg draws nothing on a context already in an error and says so: the painter keeps
    /// the first such icon, with its file, and the list's problem is that icon (before cairo's).
    func testAnIconLibrsvgCannotDrawIsThePaintingsProblem() throws {
        let file = folder.appendingPathComponent("circle.svg")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"8\"/></svg>".utf8).write(to: file)
        let run = IconRun(icon: .file(file), frame: Rect(x: 0, y: 0, width: 24, height: 24), tint: nil, alpha: 1)
        let cache = IconCache()
        try cache.preload([.icon(run)], on: .pixels(scale: 1))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 24, 24)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }

        let painter = CairoPainter(session: FontSession(), icons: IconPainter(cache: cache))
        painter.icons.paint(run, on: cr)
        XCTAssertNil(painter.icons.failure.first, "drawn")
        XCTAssertNil(painter.problem(on: cr))

        cairo_restore(cr)  // with no save: cairo's context is in an error from now on
        XCTAssertNotNil(RenderError.drawing(cairo_status(cr)))
        painter.icons.paint(run, on: cr)
        let failure = try XCTUnwrap(painter.icons.failure.first)
        XCTAssertEqual(failure.path, file.path)
        XCTAssertTrue(failure.reason.hasPrefix("librsvg cannot draw it ("), failure.reason)
        guard case .icon(let error)? = painter.problem(on: cr) else { return XCTFail("the icon is the problem") }
        XCTAssertEqual(error.path, file.path)
    }

    func testACairoContextInAnErrorIsAProblem() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let painter = CairoPainter(session: FontSession(), icons: IconPainter(cache: IconCache()))
        XCTAssertNil(painter.problem(on: cr))
        cairo_restore(cr)
        XCTAssertEqual(painter.problem(on: cr)?.description, "cairo cannot draw the picture: cairo_restore() without matching cairo_save()")
    }

    /// A custom list may shrink an icon or a group to nothing (a scale of 0): it shows nothing,
    /// and what follows it is drawn. Handed to cairo as they were, the singular matrix put the
    /// context in an error, and the rest of the picture was silently not drawn.
    func testWhatShrinksToNothingDrawsNothingAndTheRestIsDrawn() throws {
        let flat = DrawTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        let star = DrawCommand.icon(IconRun(icon: .builtin(BuiltinIcon.allCases[0]), frame: Rect(x: 2, y: 2, width: 0, height: 8), tint: .black, alpha: 1))
        let shrunk = DrawCommand.group(DrawGroup([.rect(Rect(x: 0, y: 0, width: 10, height: 10), color: .black, cornerRadius: 0)], transform: flat))
        let after = DrawCommand.rect(Rect(x: 5, y: 5, width: 5, height: 5), color: RGBAColor(red: 1, green: 0, blue: 0, alpha: 1), cornerRadius: 0)
        // Scales each invertible that underflow together, and an icon a 1e-160th of a point wide.
        let tiny = DrawTransform(a: 1e-160, b: 0, c: 0, d: 1e-160, tx: 0, ty: 0)
        let underflowing = DrawCommand.group(DrawGroup([.group(DrawGroup([.rect(Rect(x: 0, y: 0, width: 10, height: 10), color: .black, cornerRadius: 0)],
                                                                         transform: tiny))], transform: tiny))
        let speck = DrawCommand.icon(IconRun(icon: .builtin(BuiltinIcon.allCases[0]), frame: Rect(x: 2, y: 2, width: 1e-160, height: 8), tint: .black, alpha: 1))
        for shrinking in [[star, shrunk], [underflowing], [speck]] {
            let list = DrawList(size: Size(width: 10, height: 10), commands: shrinking + [after])
            let image = try Renderer().image(of: list, scale: 1)
            XCTAssertEqual(image[1, 1].a, 0, "nothing of the icon or the group")
            XCTAssertEqual(image[7, 7].r, 255, "the rect after them")
            for format in [OutputFormat.svg, .pdf] { XCTAssertNoThrow(try Renderer().render(list, format: format, scale: 1)) }
        }
    }

    /// What puts cairo's context in an error (a custom list's dash of 0) is the renderer's error,
    /// in every format, never a picture cut off where cairo stopped.
    func testACairoErrorWhilePaintingIsARenderError() throws {
        let dashed = DrawCommand.stroke(.rect(Rect(x: 1, y: 1, width: 8, height: 8)), paint: .color(.black), style: StrokeStyle(width: 1, dash: [0]))
        let list = DrawList(size: Size(width: 10, height: 10), commands: [dashed])
        XCTAssertThrowsError(try Renderer().image(of: list, scale: 1)) { error in
            XCTAssertEqual("\(error)", "cairo cannot draw the picture: invalid value for a dash setting")
        }
        for format in [OutputFormat.png, .svg, .pdf] {
            XCTAssertThrowsError(try Renderer().render(list, format: format, scale: 1)) { error in
                guard case .drawing? = error as? RenderError else { return XCTFail("\(format): \(error)") }
            }
        }
    }
}
