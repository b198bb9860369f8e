import TabsnapPNG

/// Small synthetic images: a white canvas with filled rectangles.
enum Fixture {
    typealias RGBA = (UInt8, UInt8, UInt8, UInt8)
    static let white: RGBA = (255, 255, 255, 255)
    static let black: RGBA = (0, 0, 0, 255)
    static let blue: RGBA = (0, 122, 255, 255)

    static func canvas(_ width: Int = 40, _ height: Int = 12, _ colour: RGBA = white) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        fill(&image, x: 0, y: 0, width: width, height: height, colour)
        return image
    }

    static func fill(_ image: inout RGBAImage, x: Int, y: Int, width: Int, height: Int, _ colour: RGBA) {
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let i = (row * image.width + column) * 4
                image.pixels[i] = colour.0
                image.pixels[i + 1] = colour.1
                image.pixels[i + 2] = colour.2
                image.pixels[i + 3] = colour.3
            }
        }
    }

    /// A bar-like image: an indicator line 10 px wide at `indicatorX`, 2 px high at the bottom.
    static func bar(indicatorX: Int) -> RGBAImage {
        var image = canvas()
        fill(&image, x: indicatorX, y: 10, width: 10, height: 2, blue)
        return image
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let p = image[x, y]
        return [p.r, p.g, p.b, p.a]
    }
}
