import Foundation
import TabsnapModel
import TabsnapPNG

/// An SVG icon's `<image href="data:…">`, judged before librsvg decodes it: gdk-pixbuf decodes
/// the whole picture, and a few kilobytes of PNG can claim 30 000 × 30 000 pixels (3.6 GB). The
/// format is told by the bytes, and only PNG, JPEG and GIF are taken: their pixel size is in
/// their header. The media type the URI claims must be that format's or none: librsvg picks its
/// decoder by a written type (PNG bytes called `image/jpeg`, `image/jpg` or `text/plain` drew
/// nothing) and sniffs only an empty one, where a browser sniffs always (hostile round 76). What
/// a browser reads in the picture and gdk-pixbuf does not — an EXIF orientation, a PNG's ICC
/// profile or gamma — is refused too (`ImageMetadata`). Other hrefs are left to librsvg, which
/// loads nothing else (the icon has no base file).
enum EmbeddedImage {
    /// The image's pixels, or nil for an href that is not a data URI; throws for a data URI
    /// that is not a PNG, JPEG or GIF within `Limits.svgImagePixels`.
    @discardableResult
    static func check(_ href: String) throws(SVGIconPreflight.Problem) -> Int? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.lowercased().hasPrefix("data:") else { return nil }
        guard let comma = trimmed.firstIndex(of: ",") else { throw problem("an embedded image's data URI has no data") }
        let header = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<comma].lowercased()
        // "image/png;charset=x;base64": the type is what comes before the first parameter.
        let declaredType = header.split(separator: ";", omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
        let payload = String(trimmed[trimmed.index(after: comma)...])
        let bytes: [UInt8]
        if header.hasSuffix(";base64") {
            guard let data = Data(base64Encoded: payload, options: .ignoreUnknownCharacters) else {
                throw problem("an embedded image's base64 data does not decode")
            }
            bytes = [UInt8](data)
        } else {
            guard let decoded = percentDecoded(payload) else { throw problem("an embedded image's data has a % not followed by two hex digits") }
            bytes = decoded
        }
        guard let (width, height) = size(of: bytes) else {
            throw problem("embeds an image that is not a PNG, JPEG or GIF (or whose size cannot be read); only those are drawn in icons")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Limits.svgImagePixels else {
            throw problem("embeds a \(width)×\(height) px image; the limit is \(Limits.svgImagePixels / 1_000_000) Mpx an image")
        }
        if let damage = damage(of: bytes) {
            throw problem("embeds an image that is not whole (\(damage)); an icon draws only whole pictures, as a PNG icon file must be")
        }
        let format = format(of: bytes)
        if !declaredType.isEmpty, declaredType != format.mediaType {
            throw problem("embeds a \(format.name) called \"\(SVGBrowserAgreement.short(declaredType))\", which librsvg decodes by that name (drawing nothing) "
                          + "and a browser by its bytes; write data:\(format.mediaType);base64,…")
        }
        if let difference = ImageMetadata.drawnOtherwise(bytes, format) {
            throw problem("embeds a \(format.name) with \(difference), which a browser draws otherwise than librsvg; save the picture without it")
        }
        return pixels
    }

    /// The bytes a data URI's percent-encoded payload stands for (RFC 2397): `%89` is the byte
    /// 0x89, which no UTF-8 string holds (round 44: Foundation's decoding gave up on a PNG's
    /// first byte, and the image was refused as "not a PNG"); nil for a malformed `%`.
    static func percentDecoded(_ payload: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var utf8 = payload.utf8.makeIterator()
        func hex(_ byte: UInt8?) -> UInt8? {
            switch byte {
            case .some(let b) where (0x30...0x39).contains(b): return b - 0x30
            case .some(let b) where (0x41...0x46).contains(b): return b - 0x41 + 10
            case .some(let b) where (0x61...0x66).contains(b): return b - 0x61 + 10
            default: return nil
            }
        }
        while let byte = utf8.next() {
            guard byte == 0x25 else { bytes.append(byte); continue }
            guard let high = hex(utf8.next()), let low = hex(utf8.next()) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// What is wrong with a picture gdk-pixbuf would draw in part (round 43: a truncated PNG drew
    /// half an icon and a block, one with a bad CRC nothing, exit 0, where the same PNG as an icon
    /// file is refused): a PNG is decoded as icon files are (its CRCs, its data, its end); a
    /// JPEG must end with its end-of-image marker, a GIF with its trailer. Nil when whole.
    static func damage(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // Tabsnap's decoder takes 16 384 px a side; a longer picture within the pixel limit
            // is librsvg's to draw, as before, unchecked.
            if let (width, height) = size(of: bytes), width > Limits.pixelsPerSide || height > Limits.pixelsPerSide { return nil }
            do { _ = try PNGDecoder.decode(bytes) } catch { return "a PNG: \(error)" }
            return nil
        }
        // Padding after the end is common and harmless; the end itself must be there.
        var end = bytes[...]
        while end.last == 0 { end = end.dropLast() }
        if bytes.starts(with: [0xFF, 0xD8]) {
            // Entropy-coded data stuffs every 0xFF, so FF D9 is only ever a marker: the end of the
            // image, with whatever an application appended after it.
            let hasEnd = bytes.indices.dropLast().contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 }
            return hasEnd ? nil : "a JPEG without its end-of-image marker"
        }
        if bytes.starts(with: Array("GIF8".utf8)) { return end.last == 0x3B ? nil : "a GIF without its trailer" }
        return nil
    }

    /// The three formats an icon may embed, told by their first bytes.
    enum Format {
        case png, jpeg, gif

        /// The media type a data URI gives it.
        var mediaType: String {
            switch self {
            case .png: return "image/png"
            case .jpeg: return "image/jpeg"
            case .gif: return "image/gif"
            }
        }

        var name: String {
            switch self {
            case .png: return "PNG"
            case .jpeg: return "JPEG"
            case .gif: return "GIF"
            }
        }
    }

    /// The format of bytes `size(of:)` has read a size from.
    static func format(of bytes: [UInt8]) -> Format {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        return bytes.starts(with: [0xFF, 0xD8]) ? .jpeg : .gif
    }

    /// Width and height from a PNG's IHDR, a GIF's screen descriptor or a JPEG's frame header.
    static func size(of bytes: [UInt8]) -> (Int, Int)? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 24 {
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegSize(bytes) }
        return nil
    }

    /// Walks the JPEG's segments to its start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
    private static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (at..<(at + count)).reduce(0) { $0 << 8 | Int(bytes[$1]) }
    }

    private static func problem(_ message: String) -> SVGIconPreflight.Problem {
        SVGIconPreflight.Problem(description: message)
    }
}
