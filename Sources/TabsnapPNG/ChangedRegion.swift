import Foundation

/// A rectangle of an image's pixels.
package struct ImageRegion: Equatable, Sendable {
    package var x, y, width, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

extension RGBAImage {
    /// The smallest rectangle holding every pixel that differs; nil when none does.
    package static func changedRegion(from a: RGBAImage, to b: RGBAImage) -> ImageRegion? {
        let width = a.width, height = a.height
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                let rowBytes = width * 4
                for y in 0..<height {
                    let row = y * rowBytes
                    // Whole-row comparison first: most rows of a tab bar frame do not change.
                    if memcmp(pa.baseAddress! + row, pb.baseAddress! + row, rowBytes) == 0 { continue }
                    minY = min(minY, y)
                    maxY = y
                    // Only the columns outside what is already known to change need looking at.
                    var x = 0
                    while x < minX && memcmp(pa.baseAddress! + row + x * 4, pb.baseAddress! + row + x * 4, 4) == 0 { x += 1 }
                    minX = min(minX, x)
                    var right = width - 1
                    while right > maxX && memcmp(pa.baseAddress! + row + right * 4, pb.baseAddress! + row + right * 4, 4) == 0 { right -= 1 }
                    maxX = max(maxX, right)
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return ImageRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
