import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 78: effects in bounding-box units on a `<use>` of a transformed element, CSS
/// transforms of plain numbers, lighting and kernelUnitLength, path numbers ending in a point or
/// an empty exponent.
extension SVGDrawnAsABrowserTests {
    func testEffectsInBoxUnitsOnAUseOfATransformedElementAreRefused() {
        let target = "<defs><path id=\"p\" transform=\"translate(12,12)\" d=\"M-6 -6h12v12h-12z\" fill=\"#03c\"/></defs>"
        for effect in ["<filter id=\"e\"><feGaussianBlur stdDeviation=\"1\"/></filter><use href=\"#p\" filter=\"url(#e)\"/>",
                       "<mask id=\"e\"><rect width=\"24\" height=\"24\" fill=\"#fff\"/></mask><use href=\"#p\" style=\"mask:url(#e)\"/>",
                       "<clipPath id=\"e\" clipPathUnits=\"objectBoundingBox\"><rect width=\".5\" height=\"1\"/></clipPath><use href=\"#p\" clip-path=\"url(#e)\"/>",
                       "<filter id=\"e\"><feOffset dx=\"1\"/></filter><style>use{filter:url(#e)}</style><use href=\"#p\"/>"] {
            refused(target + effect, "a filter, mask or clip path in bounding-box units on a <use> of an element with its own transform")
        }
        // Regions in user space, or the transform on the <use>: drawn alike (measured).
        XCTAssertNoThrow(try render(target + "<filter id=\"e\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"24\" height=\"24\"><feGaussianBlur stdDeviation=\"1\"/></filter>"
                                    + "<use href=\"#p\" filter=\"url(#e)\"/>"))
        XCTAssertNoThrow(try render("<defs><path id=\"p\" d=\"M-6 -6h12v12h-12z\"/></defs><filter id=\"e\"><feGaussianBlur stdDeviation=\"1\"/></filter>"
                                    + "<use href=\"#p\" transform=\"translate(12,12)\" filter=\"url(#e)\"/>"))
    }

    func testCSSTransformsOfPlainNumbersAreRefused() {
        for transform in ["rotate(20)", "translate(4, 2px)", "translateX(4)", "skewX(20)", "translate(4,0)"] {
            refused("<rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" style=\"transform: \(transform)\"/>", "with a number where CSS needs a length or an angle")
        }
        refused("<style>rect{transform:translate(4,0)}</style><rect width=\"12\" height=\"12\"/>", "with a number where CSS needs a length or an angle")
        // With units, or 0, or the SVG attribute's own syntax: drawn alike.
        drawAlike("<rect width=\"12\" height=\"12\" style=\"transform: translate(4px, 0) rotate(0)\"/>", "<rect x=\"4\" width=\"12\" height=\"12\"/>")
        XCTAssertNoThrow(try render("<rect width=\"12\" height=\"12\" transform=\"rotate(20)\" style=\"fill:#03c\"/>"))
    }

    func testLightingAndKernelUnitLengthAreRefused() {
        let shape = "<circle cx=\"12\" cy=\"12\" r=\"7\" filter=\"url(#f)\"/>"
        refused("<filter id=\"f\"><feDiffuseLighting surfaceScale=\"5\"><feDistantLight azimuth=\"205\" elevation=\"45\"/></feDiffuseLighting></filter>" + shape,
                "<feDiffuseLighting>: lighting, which librsvg shades otherwise")
        refused("<filter id=\"f\"><feSpecularLighting><fePointLight x=\"4\" y=\"4\" z=\"10\"/></feSpecularLighting></filter>" + shape, "<feSpecularLighting>: lighting")
        refused("<filter id=\"f\"><feConvolveMatrix order=\"3\" kernelMatrix=\"1 0 0 0 0 0 0 0 0\" kernelUnitLength=\"2\" edgeMode=\"none\"/></filter>" + shape,
                "<feConvolveMatrix kernelUnitLength>: which librsvg applies and a browser ignores")
    }

    func testPathNumbersEndingInAPointOrAnEmptyExponentAreRefused() {
        for (d, number) in [("M4 4L20. 4L20 20L4 20Z", "20."), ("M4 4h16v16h-16e", "-16e"), ("M4 4L20 4L20 20L4 20.", "20."), ("M4 4H20E", "20E")] {
            refused("<path d=\"\(d)\"/>", "<path d>: the number \"\(number)\"")
        }
        // Points followed by digits, exponents with digits or a sign and digits, and numbers run
        // together are read alike.
        drawAlike("<path d=\"M4 4L2e1 4L20 2.0e+1L.4e1 20Z\"/>", "<path d=\"M4 4L20 4L20 20L4 20Z\"/>")
        XCTAssertNoThrow(try render("<path d=\"M4.5.5 10-2e-1 12 12z\"/>"))
    }

    /// A review of rounds 76–78's checks: ways around them, and a name of colons alone.
    func testWaysAroundTheGeometryChecksAreClosed() {
        // A name that is only a colon has no prefix: read as one, not a trap.
        refused("<switch><:/><rect width=\"4\" height=\"4\"/></switch>", "of another namespace than SVG's")
        // Coordinates reached by many short steps, by a translation after a scale in one list,
        // or written in inches.
        refused("<path d=\"M0 0" + String(repeating: "h20000", count: 30) + "\"/>", "a coordinate or length over 1000 times the icon's size")
        refused("<g transform=\"scale(1000) translate(23000)\"><rect width=\"1\" height=\"1\"/></g>", "a coordinate or length over 1000 times")
        refused("<rect x=\"20000in\" width=\"1\" height=\"1\"/>", "a coordinate or length over 1000 times")
        // Dashes in other units than pixels.
        refused("<path d=\"M4 12H20\" stroke=\"#03c\" stroke-width=\"4\" stroke-linecap=\"square\" stroke-dasharray=\"0mm 3\"/>", "dashes of no length with square caps")
        refused("<path d=\"M4 12H20\" stroke=\"#03c\" stroke-width=\"4\" stroke-dasharray=\"0.0001mm\"/>", "has dashes repeating every")
    }

    func testICCProfilesAreReadAsBrowsersReadThem() {
        let colorants = [[0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]
        let curve = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let standard = iccProfile(colorants: colorants, parameters: curve)
        XCTAssertTrue(ICCProfile.isStandardRGB(standard))
        // A second rXYZ after a swapped first: browsers take the first.
        XCTAssertFalse(ICCProfile.isStandardRGB(iccProfile(colorants: colorants, parameters: curve, extra: [("rXYZ", [colorants[2]])], extraFirst: true)))
        // A lookup table, which converts before the colorants.
        XCTAssertFalse(ICCProfile.isStandardRGB(iccProfile(colorants: colorants, parameters: curve, extra: [("A2B0", [[0, 0, 0]])])))
        // Pieces numbered out of the file's order.
        let mark = Array("ICC_PROFILE".utf8) + [0]
        refused(image(jpeg([(0xE2, mark + [2, 2] + standard.dropFirst(10)), (0xE2, mark + [1, 2] + standard.prefix(10))]), "image/jpeg"),
                "an ICC colour profile in pieces out of order")
    }
}
