/// What a browser reads in an embedded picture beyond its pixels and gdk-pixbuf (librsvg's
/// decoder) does not (hostile round 76): an EXIF orientation (a browser's `image-orientation:
/// from-image` turns or mirrors the picture; librsvg drew it as stored), an ICC profile (a PNG's
/// any, a JPEG's other than sRGB), a PNG's gamma, primaries or cICP (a browser converts the
/// colours; librsvg drew the samples), and an animated PNG whose first frame is not its default
/// image. A gamma of about 1/2.2, which most encoders write, and a gamma beside an `sRGB` chunk
/// draw alike (measured), so they pass.
enum ImageMetadata {
    /// What the picture holds that a browser applies and librsvg does not, or nil.
    static func drawnOtherwise(_ bytes: [UInt8], _ format: EmbeddedImage.Format) -> String? {
        switch format {
        case .png: return pngDifference(bytes)
        case .jpeg: return jpegDifference(bytes)
        case .gif: return nil
        }
    }

    /// PNG's gamma of 1/2.2 in its units (1/100 000), and how far from it an encoder's rounding
    /// may write.
    private static let plainGamma = 45455, gammaSlack = 100

    /// sRGB's white point and primaries as PNG's `cHRM` writes them (x, y in 1/100 000), and
    /// how far an encoder's may be from them.
    private static let standardChromaticities = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000], chromaticitySlack = 100

    private static func pngDifference(_ bytes: [UInt8]) -> String? {
        var gamma: Int?
        var chromaticities: [Int]?
        var standardRGB = false, animated = false, firstFrameSeen = false
        var index = 8
        while index + 12 <= bytes.count {
            let length = EmbeddedImage.bigEndian(bytes, index, 4)
            let type = String(decoding: bytes[(index + 4)..<(index + 8)], as: UTF8.self)
            let data = (index + 8)..<min(bytes.count, index + 8 + length)
            switch type {
            case "iCCP": return "an ICC colour profile"
            // Coding-independent code points name the colours outright (a browser converts).
            case "cICP": return "a cICP colour space"
            case "sRGB": standardRGB = true
            case "gAMA" where data.count == 4: gamma = EmbeddedImage.bigEndian(bytes, data.lowerBound, 4)
            case "cHRM" where data.count == 32:
                chromaticities = stride(from: data.lowerBound, to: data.upperBound, by: 4).map { EmbeddedImage.bigEndian(bytes, $0, 4) }
            case "eXIf":
                if let orientation = exifOrientation(bytes[data]) { return "an EXIF orientation (\(orientation))" }
            // An animated PNG whose default image is no frame: a browser shows the first frame,
            // librsvg the default image (hostile round 77).
            case "acTL": animated = true
            case "fcTL": firstFrameSeen = true
            case "IDAT" where animated && !firstFrameSeen: return "an animation whose first frame is not its default image"
            case "IEND": index = bytes.count
            default: break
            }
            index += 12 + length
        }
        guard !standardRGB else { return nil }
        if let gamma, abs(gamma - plainGamma) > gammaSlack {
            return "a gamma of \(Double(gamma) / 100_000) (not 1/2.2)"
        }
        // Primaries alone a browser left as they were (measured alike); beside a gamma, it
        // converts from them (hostile round 77: red and green swapped).
        if gamma != nil, let chromaticities, zip(chromaticities, standardChromaticities).contains(where: { abs($0 - $1) > chromaticitySlack }) {
            return "primaries (cHRM) other than sRGB's"
        }
        return nil
    }

    /// A JPEG's EXIF orientation (APP1 "Exif\0\0"), or an ICC profile (APP2, in as many pieces
    /// as written) other than sRGB — read up to the image data. Bytes between segments are
    /// skipped to the next marker, as libjpeg does (hostile round 77: one stray byte hid the
    /// orientation after it).
    private static func jpegDifference(_ bytes: [UInt8]) -> String? {
        var index = 2
        var profile: [UInt8] = [], pieces = 0
        let iccMark = Array("ICC_PROFILE".utf8) + [0]
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { index += 1; continue }
            let marker = bytes[index + 1]
            if marker == 0xFF || marker == 0x00 { index += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            // Start of scan: what follows is image data.
            if marker == 0xDA { break }
            let length = EmbeddedImage.bigEndian(bytes, index + 2, 2)
            guard length >= 2 else { break }
            let data = (index + 4)..<min(bytes.count, index + 2 + length)
            if marker == 0xE1, bytes[data].starts(with: Array("Exif".utf8) + [0, 0]),
               let orientation = exifOrientation(bytes[(data.lowerBound + 6)..<data.upperBound]) {
                return "an EXIF orientation (\(orientation))"
            }
            // The mark, a piece's number and count, then the piece. Decoders join pieces by their
            // numbers: pieces not numbered 1, 2, … in the file's order could join otherwise.
            if marker == 0xE2, bytes[data].starts(with: iccMark) {
                pieces += 1
                let number = data.lowerBound + iccMark.count
                guard number < data.upperBound, Int(bytes[number]) == pieces else { return "an ICC colour profile in pieces out of order" }
                profile += bytes[data].dropFirst(iccMark.count + 2)
            }
            index += 2 + length
        }
        if !profile.isEmpty, !ICCProfile.isStandardRGB(profile) { return "an ICC colour profile other than sRGB" }
        return nil
    }

    /// The Orientation tag (0x0112) of a TIFF structure's first directory, when it is not 1 (as
    /// stored) — nil when it is 1, absent or unreadable (a browser then draws it as stored too).
    static func exifOrientation(_ tiff: ArraySlice<UInt8>) -> Int? {
        let tiff = Array(tiff)
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, at + count <= tiff.count else { return nil }
            let slice = tiff[at..<(at + count)]
            return (little ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let directory = read(4, 4), let entries = read(directory, 2) else { return nil }
        for entry in 0..<entries {
            let at = directory + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112 {
                // 1 is as stored; a browser ignores values past 8 as it does a missing one.
                guard let orientation = read(at + 8, 2), (2...8).contains(orientation) else { return nil }
                return orientation
            }
        }
        return nil
    }
}
