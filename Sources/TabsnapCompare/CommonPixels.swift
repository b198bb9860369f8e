import Foundation
import TabsnapPNG

/// Which rows and pixels two images hold byte for byte alike, asked of their raw bytes (memcmp
/// for rows, one word per pixel) before any per-pixel judging. Valid only inside the
/// `withUnsafeBytes` of both images' pixels (see `with`).
struct CommonPixels {
    private let expected: UnsafeRawBufferPointer
    private let actual: UnsafeRawBufferPointer
    private let expectedWidth: Int
    private let actualWidth: Int
    /// Rows and columns both images have.
    private let width: Int
    private let height: Int

    /// Runs `body` with the two images' common pixels.
    static func with<Result>(_ expected: RGBAImage, _ actual: RGBAImage, _ body: (CommonPixels) -> Result) -> Result {
        expected.pixels.withUnsafeBytes { e in
            actual.pixels.withUnsafeBytes { a in
                body(CommonPixels(expected: e, actual: a, expectedWidth: expected.width, actualWidth: actual.width,
                                  width: min(expected.width, actual.width), height: min(expected.height, actual.height)))
            }
        }
    }

    /// Row `y` is in both images, equally wide, with the same bytes.
    func rowsEqual(_ y: Int) -> Bool {
        guard y < height, expectedWidth == actualWidth, width > 0 else { return false }
        let row = width * 4
        return memcmp(expected.baseAddress! + y * row, actual.baseAddress! + y * row, row) == 0
    }

    /// Pixel (x, y) is in both images with the same bytes.
    func pixelsEqual(_ x: Int, _ y: Int) -> Bool {
        guard x < width, y < height else { return false }
        return expected.loadUnaligned(fromByteOffset: (y * expectedWidth + x) * 4, as: UInt32.self)
            == actual.loadUnaligned(fromByteOffset: (y * actualWidth + x) * 4, as: UInt32.self)
    }

    static func bytesEqual(_ p: UnsafeRawBufferPointer, _ q: UnsafeRawBufferPointer) -> Bool {
        guard p.count == q.count else { return false }
        guard let pa = p.baseAddress, let qa = q.baseAddress else { return true }
        return memcmp(pa, qa, p.count) == 0
    }
}
