import Foundation
import Tabsnap

/// What one fuzz input goes through: the spec reader, then — when the spec is valid — geometry at
/// several positions, a PNG and an SVG render, a handful of transition frames and the layout
/// JSON. Errors are fine (they are the point); a trap, a hang or a render whose size differs
/// between frames is a bug.
package struct FuzzPipeline {
    public enum Outcome: Equatable {
        case refused
        case rendered
    }

    /// A bug the pipeline noticed without crashing.
    public struct Finding: Error, CustomStringConvertible {
        public var description: String
    }

    let renderer = Renderer()
    let baseDirectory: URL

    /// `baseDirectory`: where the spec "lives" (icon paths resolve inside it).
    public init(baseDirectory: URL) {
        self.baseDirectory = baseDirectory
    }

    public func run(_ text: String) throws(Finding) -> Outcome {
        let document: SpecDocument
        do {
            document = try SpecLoader.parseDocument(text, file: "fuzz.yaml", baseDirectory: baseDirectory)
        } catch {
            try checkOneLine(error.description)
            return .refused
        }
        let bar = document.bar
        var size: (Int, Int)?
        for position in [bar.position, -0.4, 0.5, Double(bar.items.count) + 0.3] {
            do {
                let image = try renderer.image(of: bar, position: position, scale: min(bar.scale, 2))
                if let size, size != (image.width, image.height) {
                    throw Finding(description: "size changed with the position: \(size) then \(image.width)×\(image.height)")
                }
                size = (image.width, image.height)
            } catch let error as Finding {
                throw error
            } catch {
                try checkOneLine("\(error)")
                return .refused
            }
        }
        _ = try? renderer.render(bar, format: .svg)
        _ = try? JSONEncoder().encode(renderer.geometry(of: bar, position: 0.5))
        if let transition = document.transition {
            let count = transition.frameCount
            for index in Set([0, count / 3, count / 2, count - 1]) where index >= 0 && index < count {
                let frame = transition.frame(index)
                _ = try? renderer.image(of: frame, bar: bar.resolved(), scale: 1)
                _ = transition.delay(after: index)
            }
        }
        return .rendered
    }

    /// Bytes a golden might hold: both decoders must refuse or decode, never trap.
    public static func decode(_ bytes: [UInt8]) {
        _ = try? PNGDecoder.decode(bytes)
        _ = try? APNGDecoder.decode(bytes)
    }

    private func checkOneLine(_ message: String) throws(Finding) {
        // Messages are escaped when printed; here the point is they exist and say something.
        if message.isEmpty { throw Finding(description: "an error without a message") }
    }
}
