import Foundation
import TabsnapModel

/// What to paint, in order, in bar coordinates (points, origin top left). Backends (cairo for PNG,
/// SVG and PDF) replay it; it holds no backend types, so it can be inspected in tests.
public struct DrawList: Sendable, Hashable {
    /// The canvas size in points: the bar's width, and its height with the safe area.
    public var size: Size
    /// The paint operations, back to front: each later command paints over the earlier ones.
    public var commands: [DrawCommand]
    /// The user's font files the text is drawn from, beside the bundled fonts.
    public var fonts: [URL] = []

    /// A list for a canvas `size` points large, painting `commands` in order (no user fonts).
    public init(size: Size, commands: [DrawCommand] = []) {
        self.size = size
        self.commands = commands
    }
}
