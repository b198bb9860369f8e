import TabsnapModel

/// Where a frame sits in a `BarGeometry`, so the same frame of two geometries can be paired.
enum FrameKey: Hashable {
    case focus, selectedBackground, indicator
    case separator(Int), hairline(Int)
    case button(Int), title(Int), icon(Int), buttonBackground(Int), badge(Int), badgeText(Int)
}

extension BarGeometry {
    /// Every frame the geometry holds, each with its key: the one list that the transforms
    /// (mirroring, the safe area) and the jump blend go through. All of them are in content
    /// coordinates, so whatever moves the content moves every one; a field left out of this list
    /// is what stayed behind mid-jump (hairlines, badges). A zero title or icon frame means
    /// "none" and is not visited.
    mutating func visitFrames(_ body: (FrameKey, inout Rect) -> Void) {
        body(.focus, &focus)
        for index in separators.indices { body(.separator(index), &separators[index].frame) }
        for index in hairlines.indices { body(.hairline(index), &hairlines[index]) }
        if var shape = selectedBackground {
            body(.selectedBackground, &shape.frame)
            selectedBackground = shape
        }
        if var shape = indicator {
            body(.indicator, &shape.frame)
            indicator = shape
        }
        for index in buttons.indices {
            body(.button(index), &buttons[index].frame)
            if buttons[index].titleFrame != .zero { body(.title(index), &buttons[index].titleFrame) }
            if buttons[index].iconFrame != .zero { body(.icon(index), &buttons[index].iconFrame) }
            if var background = buttons[index].background {
                body(.buttonBackground(index), &background.frame)
                buttons[index].background = background
            }
            if var badge = buttons[index].badge {
                body(.badge(index), &badge.frame)
                body(.badgeText(index), &badge.textFrame)
                buttons[index].badge = badge
            }
        }
    }

    /// The frames by key (read only).
    func frames() -> [FrameKey: Rect] {
        var copy = self
        var found: [FrameKey: Rect] = [:]
        copy.visitFrames { key, frame in found[key] = frame }
        return found
    }

    /// Moves every frame (`visitFrames`).
    mutating func mapFrames(_ transform: (Rect) -> Rect) {
        visitFrames { _, frame in frame = transform(frame) }
    }
}
