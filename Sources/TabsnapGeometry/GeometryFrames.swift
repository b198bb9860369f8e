import TabsnapModel

/// Where a frame sits in a `BarGeometry`, so the same frame of two geometries can be paired.
enum FrameKey: Hashable {
    case focus, selectedBackground, indicator
    case separator(Int), hairline(Int)
    case button(Int), title(Int), icon(Int), buttonBackground(Int), badge(Int), badgeText(Int), part(Int, String)
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
        for index in buttons.indices { buttons[index].visitFrames(index: index, body) }
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

extension ButtonGeometry {
    /// The button's part of `BarGeometry.visitFrames`: slot, title, icon, selected background,
    /// badge and the parts of a custom button, keyed for the button at `index`.
    mutating func visitFrames(index: Int, _ body: (FrameKey, inout Rect) -> Void) {
        body(.button(index), &frame)
        if titleFrame != .zero { body(.title(index), &titleFrame) }
        if iconFrame != .zero { body(.icon(index), &iconFrame) }
        if var shape = background {
            body(.buttonBackground(index), &shape.frame)
            background = shape
        }
        if var placed = badge {
            body(.badge(index), &placed.frame)
            body(.badgeText(index), &placed.textFrame)
            badge = placed
        }
        for part in parts.indices { body(.part(index, parts[part].name), &parts[part].frame) }
    }

    /// The button moved `dx` points along the bar (every frame `visitFrames` lists): the draw
    /// list hands it to its drawing in canvas coordinates.
    public func offsetBy(dx: Double) -> ButtonGeometry {
        var moved = self
        moved.visitFrames(index: 0) { _, frame in frame = frame.offsetBy(dx: dx) }
        return moved
    }
}
