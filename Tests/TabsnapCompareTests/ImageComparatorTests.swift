import XCTest
import TabsnapPNG
@testable import TabsnapCompare

final class ImageComparatorTests: XCTestCase {
    func testIdenticalImagesMatchThroughTheFastPath() {
        let result = ImageComparator.compare(expected: Fixture.bar(indicatorX: 5), actual: Fixture.bar(indicatorX: 5))
        XCTAssertTrue(result.matches)
        XCTAssertTrue(result.isIdentical)
        XCTAssertEqual(result.summary, "identical")
    }

    func testTransparentPixelsMatchWhateverTheirColourChannels() {
        var a = RGBAImage(width: 4, height: 4), b = RGBAImage(width: 4, height: 4)
        Fixture.fill(&a, x: 0, y: 0, width: 4, height: 4, (255, 0, 0, 0))
        Fixture.fill(&b, x: 0, y: 0, width: 4, height: 4, (0, 0, 255, 0))
        let result = ImageComparator.compare(expected: a, actual: b)
        XCTAssertTrue(result.matches)
        XCTAssertTrue(result.isIdentical)
    }

    func testOnePixelIndicatorShiftIsCaughtByDefaultAndWhenTolerant() {
        for options in [ComparisonOptions.exact, .tolerant()] {
            let result = ImageComparator.compare(expected: Fixture.bar(indicatorX: 5), actual: Fixture.bar(indicatorX: 6), options: options)
            XCTAssertFalse(result.matches, "\(options)")
            XCTAssertEqual(result.differingPixels, 4, "one column appears, one disappears, 2 px high")
            XCTAssertEqual(result.region, PixelRegion(x: 5, y: 10, width: 11, height: 2))
            XCTAssertEqual(result.summary.hasPrefix("4 of 480 pixels differ (max ΔE "), true, result.summary)
            XCTAssertTrue(result.summary.hasSuffix("in region 5,10 11×2"), result.summary)
        }
    }

    func testSmallColourChangeFailsExactButPassesWithinDeltaE() {
        var changed = Fixture.bar(indicatorX: 5)
        Fixture.fill(&changed, x: 5, y: 10, width: 10, height: 2, (0, 124, 255, 255))
        let exact = ImageComparator.compare(expected: Fixture.bar(indicatorX: 5), actual: changed)
        XCTAssertFalse(exact.matches)
        XCTAssertEqual(exact.differingPixels, 20)
        XCTAssertLessThan(exact.maxDeltaE, 2)
        let tolerant = ImageComparator.compare(expected: Fixture.bar(indicatorX: 5), actual: changed, options: .tolerant(maxDeltaE: 2))
        XCTAssertTrue(tolerant.matches)
        XCTAssertEqual(tolerant.toleratedPixels, 20)
        XCTAssertTrue(tolerant.summary.contains("20 within ΔE tolerance"), tolerant.summary)
    }

    func testTitleColourChangeIsCaughtEvenWhenTolerant() {
        var grey = Fixture.canvas(), red = Fixture.canvas()
        Fixture.fill(&grey, x: 4, y: 2, width: 20, height: 6, (142, 142, 147, 255))
        Fixture.fill(&red, x: 4, y: 2, width: 20, height: 6, (255, 59, 48, 255))
        let result = ImageComparator.compare(expected: grey, actual: red, options: .tolerant())
        XCTAssertFalse(result.matches)
        XCTAssertGreaterThan(result.maxDeltaE, 30)
    }

    /// An edge drawn with a different grey, the edge itself in the same place: anti-aliasing.
    func testAntialiasedEdgeIsForgivenUnlessStrict() {
        func edge(_ grey: UInt8) -> RGBAImage {
            var image = Fixture.canvas(12, 8, Fixture.white)
            Fixture.fill(&image, x: 0, y: 0, width: 5, height: 8, Fixture.black)
            Fixture.fill(&image, x: 5, y: 0, width: 1, height: 8, (grey, grey, grey, 255))
            return image
        }
        let strict = ImageComparator.compare(expected: edge(128), actual: edge(100))
        XCTAssertFalse(strict.matches)
        XCTAssertEqual(strict.differingPixels, 8)
        let forgiving = ImageComparator.compare(expected: edge(128), actual: edge(100),
                                                options: ComparisonOptions(maxDeltaE: 0, toleratesAntialiasing: true))
        XCTAssertTrue(forgiving.matches, forgiving.summary)
        XCTAssertEqual(forgiving.antialiasedPixels, 8)
        XCTAssertEqual(forgiving.verdict(x: 5, y: 3), .antialiased)
    }

    func testAllowanceCountsAndRatios() {
        let e = Fixture.bar(indicatorX: 5), a = Fixture.bar(indicatorX: 6)
        XCTAssertTrue(ImageComparator.compare(expected: e, actual: a, options: ComparisonOptions(allowed: .pixels(4))).matches)
        XCTAssertFalse(ImageComparator.compare(expected: e, actual: a, options: ComparisonOptions(allowed: .pixels(3))).matches)
        XCTAssertTrue(ImageComparator.compare(expected: e, actual: a, options: ComparisonOptions(allowed: .ratio(0.01))).matches)
        XCTAssertFalse(ImageComparator.compare(expected: e, actual: a, options: ComparisonOptions(allowed: .ratio(0.005))).matches)
        XCTAssertEqual(ComparisonOptions.Allowance(parsing: "12"), .pixels(12))
        XCTAssertEqual(ComparisonOptions.Allowance(parsing: "0.5%"), .ratio(0.005))
        XCTAssertNil(ComparisonOptions.Allowance(parsing: "-1"))
        XCTAssertNil(ComparisonOptions.Allowance(parsing: "many"))
    }

    func testSizeMismatchFailsWithBothSizesAndAPaddedDiff() {
        let expected = Fixture.canvas(40, 12), actual = Fixture.canvas(40, 14)
        let result = ImageComparator.compare(expected: expected, actual: actual, options: ComparisonOptions(allowed: .ratio(1)))
        XCTAssertFalse(result.matches, "a size change never matches")
        XCTAssertTrue(result.summary.hasPrefix("size 40×14 differs from expected 40×12; 80 of 560 pixels differ"), result.summary)
        XCTAssertEqual(result.region, PixelRegion(x: 0, y: 12, width: 40, height: 2))
        let diff = DiffImage.diff(expected: expected, actual: actual, comparison: result)
        XCTAssertEqual([diff.width, diff.height], [40, 14])
        XCTAssertEqual(Fixture.pixel(diff, 3, 13), [230, 0, 0, 255], "pixels only one image has are red")
    }

    func testDiffImageColoursAndTriptych() {
        let e = Fixture.bar(indicatorX: 5), a = Fixture.bar(indicatorX: 6)
        let result = ImageComparator.compare(expected: e, actual: a)
        let diff = DiffImage.diff(expected: e, actual: a, comparison: result)
        XCTAssertEqual(Fixture.pixel(diff, 5, 10), [230, 0, 0, 255], "changed: red")
        XCTAssertEqual(Fixture.pixel(diff, 0, 0), [255, 255, 255, 255], "unchanged white stays white")
        let unchangedBlue = Fixture.pixel(diff, 10, 10)
        XCTAssertEqual(unchangedBlue[0], unchangedBlue[1], "unchanged pixels are grey")
        XCTAssertGreaterThan(unchangedBlue[0], 200, "and faded")
        let triptych = DiffImage.triptych(expected: e, diff: diff, actual: a)
        XCTAssertEqual(triptych.width, 40 * 3 + 2 * 2)
        XCTAssertEqual(Fixture.pixel(triptych, 42 + 5, 11 + 10), [230, 0, 0, 255], "diff is the middle panel, under the label band")
        XCTAssertEqual(Fixture.pixel(triptych, 84 + 6, 11 + 10), [0, 122, 255, 255], "actual on the right")
    }
}
