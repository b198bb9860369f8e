import Foundation
import TabsnapFiles
import TabsnapPNG

/// What every animated-file writer does: take frames with how long each shows, then write the
/// file into place (APNG, GIF, WebP, video).
public protocol AnimationWriter: AnyObject {
    /// `isKey`: a frame where the motion changes, which a writer dropping frames keeps.
    func append(_ image: RGBAImage, delay: Double, isKey: Bool) throws(FileError)
    /// Writes what is still pending and moves the file into place under its name; until then the
    /// target is untouched.
    func finish() throws(FileError)
}

/// Writers that keep every frame have no use for key frames.
protocol KeepsEveryFrame: AnimationWriter {
    func append(_ image: RGBAImage, delay: Double) throws(FileError)
}

extension KeepsEveryFrame {
    /// Appends the frame, shown for `delay` seconds; `isKey` is ignored, as no frame is dropped.
    public func append(_ image: RGBAImage, delay: Double, isKey: Bool) throws(FileError) { try append(image, delay: delay) }
}

extension APNGWriter: KeepsEveryFrame {}

extension GIFWriter: AnimationWriter {
    /// `finish(durability: .durable)`: the file is flushed to disk before it takes its name.
    public func finish() throws(FileError) { try finish(durability: .durable) }
}

extension WebPWriter: KeepsEveryFrame {
    /// `finish(durability: .durable)`: the file is flushed to disk before it takes its name.
    public func finish() throws(FileError) { try finish(durability: .durable) }
}

extension VideoWriter: KeepsEveryFrame {
    /// `finish(durability: .durable)`: the file is flushed to disk before it takes its name.
    public func finish() throws(FileError) { try finish(durability: .durable) }
}
