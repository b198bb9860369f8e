/// Detects anti-aliased edge pixels, after Vyšniauskas' "Anti-aliased pixel and intensity slope
/// detector" as pixelmatch applies it: a changed pixel is anti-aliasing when its brightness lies
/// strictly between a darker and a brighter neighbour, it has at most two identical neighbours
/// (it is not inside a flat area), and the darkest or the brightest neighbour sits in a flat area
/// of *both* images (the edge itself did not move).
enum AntiAliasing {
    static func isAntialiased(_ x: Int, _ y: Int, in image: PremultipliedPixels, other: PremultipliedPixels) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        let centre = image.brightness(x, y)
        var identical = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest: (delta: Double, x: Int, y: Int)?
        var brightest: (delta: Double, x: Int, y: Int)?
        for ny in y0...y2 {
            for nx in x0...x2 where nx != x || ny != y {
                let delta = image.brightness(nx, ny) - centre
                if delta == 0 {
                    identical += 1
                    if identical > 2 { return false }
                } else if delta < (darkest?.delta ?? 0) {
                    darkest = (delta, nx, ny)
                } else if delta > (brightest?.delta ?? 0) {
                    brightest = (delta, nx, ny)
                }
            }
        }
        guard let darkest, let brightest else { return false }
        return (isInFlatArea(darkest.x, darkest.y, image) && isInFlatArea(darkest.x, darkest.y, other))
            || (isInFlatArea(brightest.x, brightest.y, image) && isInFlatArea(brightest.x, brightest.y, other))
    }

    /// More than two of the pixel's neighbours (the image edge counting as one) equal it exactly.
    private static func isInFlatArea(_ x: Int, _ y: Int, _ image: PremultipliedPixels) -> Bool {
        let x0 = max(x - 1, 0), x2 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y2 = min(y + 1, image.height - 1)
        let centre = image[x, y]
        var identical = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for ny in y0...y2 {
            for nx in x0...x2 where (nx != x || ny != y) && image[nx, ny] == centre {
                identical += 1
                if identical > 2 { return true }
            }
        }
        return false
    }
}
