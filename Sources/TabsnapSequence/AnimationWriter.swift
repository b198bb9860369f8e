import Foundation
import TabsnapFiles
import TabsnapPNG

/// What every animated-file writer does: take frames with how long each shows, then write the
/// file into place (APNG, GIF, WebP, video).
public protocol AnimationWriter: AnyObject {
    func append(_ image: RGBAImage, delay: Double) throws(FileError)
    func finish() throws(FileError)
}

extension APNGWriter: AnimationWriter {}

extension GIFWriter: AnimationWriter {
    public func finish() throws(FileError) { try finish(durability: .durable) }
}

extension WebPWriter: AnimationWriter {
    public func finish() throws(FileError) { try finish(durability: .durable) }
}

extension VideoWriter: AnimationWriter {
    public func finish() throws(FileError) { try finish(durability: .durable) }
}
