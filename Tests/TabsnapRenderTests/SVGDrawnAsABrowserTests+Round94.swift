import Foundation
import XCTest

/// Hostile round 94: numbers a browser drops and librsvg reads — a point with no digit after it
/// (`48.`), more numbers than the attribute takes (librsvg reads the first), an empty item in a
/// points list (`,,`: a browser stops there) — and white space in `preserveAspectRatio`, which
/// both read alike and Tabsnap refused.
extension SVGDrawnAsABrowserTests {
    func testNumbersABrowserDropsAreRefused() {
        let square = "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"#08f\""
        for (body, words) in [
            ("<svg viewBox=\"0 0 10 10.\" width=\"20\" height=\"20\"><rect width=\"5\" height=\"5\"/></svg>", "<svg viewBox=\"0 0 10 10.\">: not four numbers"),
            ("<linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1.\" stop-color=\"blue\"/></linearGradient>"
             + "<rect width=\"20\" height=\"20\" fill=\"url(#g)\"/>", "<stop offset=\"1.\">: not a number or a percentage"),
            ("<filter id=\"f\"><feGaussianBlur stdDeviation=\"2 2 2\"/></filter>\(square) filter=\"url(#f)\"/>",
             "<feGaussianBlur stdDeviation=\"2 2 2\">: not one or two numbers as a browser reads them"),
            ("<filter id=\"f\"><feOffset dx=\"2.\"/></filter>\(square) filter=\"url(#f)\"/>", "<feOffset dx=\"2.\">: not one number as a browser reads them"),
            ("<filter id=\"f\"><feOffset dx=\"2 2\"/></filter>\(square) filter=\"url(#f)\"/>", "<feOffset dx=\"2 2\">: not one number"),
            ("<filter id=\"f\"><feMorphology radius=\"1 1 1\"/></filter>\(square) filter=\"url(#f)\"/>", "<feMorphology radius=\"1 1 1\">: not one or two numbers"),
            ("<filter id=\"f\"><feTurbulence baseFrequency=\"0.1 0.1 0.1\"/></filter>\(square) filter=\"url(#f)\"/>", "not one or two numbers"),
            ("<filter id=\"f\"><feTurbulence baseFrequency=\"0.1\" seed=\"2.\"/></filter>\(square) filter=\"url(#f)\"/>", "<feTurbulence seed=\"2.\">: not one number"),
            ("<filter id=\"f\"><feColorMatrix type=\"saturate\" values=\"0 0\"/></filter>\(square) filter=\"url(#f)\"/>",
             "<feColorMatrix values=\"0 0\">: not one number as a browser reads them for its type"),
            ("<filter id=\"f\"><feColorMatrix values=\"0 0 0 0 1 0 1 0 0 0 0 0 1 0 0 0 0 0 1 0 0\"/></filter>\(square) filter=\"url(#f)\"/>", "not 20 numbers"),
            ("<filter id=\"f\"><feComposite in2=\"SourceGraphic\" operator=\"arithmetic\" k2=\"1.\"/></filter>\(square) filter=\"url(#f)\"/>", "<feComposite k2=\"1.\">: not one number"),
            ("<filter id=\"f\"><feDisplacementMap in2=\"SourceGraphic\" scale=\"8.\"/></filter>\(square) filter=\"url(#f)\"/>", "<feDisplacementMap scale=\"8.\">: not one number"),
            ("<polygon points=\"4,4,,20,4 12,20\" fill=\"green\"/>", "<polygon points=\"4,4,,20,4 12,20\">: not numbers as a browser reads them"),
            ("<polyline points=\"4,4 20,4,,12,20\" fill=\"green\"/>", "not numbers as a browser reads them"),
        ] {
            refused(body, words)
        }
        // As a browser reads them, drawn: packed numbers, exponents, a fraction alone.
        drawAlike("<polygon points=\"4-4 20-4 12 20\" transform=\"scale(1 -1) translate(0 -24)\" fill=\"green\"/>",
                  "<polygon points=\"4 -4 20 -4 12 20\" transform=\"scale(1 -1) translate(0 -24)\" fill=\"green\"/>")
        drawAlike("<filter id=\"f\"><feOffset dx=\"2e0\" dy=\".5e1\"/></filter>\(square) filter=\"url(#f)\"/>",
                  "<filter id=\"f\"><feOffset dx=\"2\" dy=\"5\"/></filter>\(square) filter=\"url(#f)\"/>")
    }

    func testWhiteSpaceInPreserveAspectRatioIsReadAsBothReadIt() {
        let nested = "<svg width=\"24\" height=\"12\" viewBox=\"0 0 10 20\" preserveAspectRatio=\"%@\"><rect width=\"10\" height=\"10\" fill=\"green\"/>"
            + "<rect y=\"10\" width=\"10\" height=\"10\" fill=\"blue\"/></svg>"
        for written in ["xMidYMid  slice", " xMidYMid slice", "xMinYMin\tslice\n"] {
            let spaced = written.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            drawAlike(nested.replacingOccurrences(of: "%@", with: written), nested.replacingOccurrences(of: "%@", with: spaced))
            // (Sliced, not met: the picture is not the default's.)
            XCTAssertNotEqual(try? render(nested.replacingOccurrences(of: "%@", with: written)), try? render(nested.replacingOccurrences(of: "%@", with: "xMidYMid")), written)
        }
    }
}
