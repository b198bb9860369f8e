extension BarTransition {
    /// The frames a contact sheet shows, in order: each state once — a hold's repeated frames
    /// are one picture — and, given a `limit`, at most that many: the frames where the motion
    /// changes (`isKeyFrame`: the ends, where steps and holds end) first, the rest spread evenly
    /// over the motion between them.
    public func sheetFrames(limit: Int? = nil) -> [Int] {
        var shown: [TransitionFrame] = []
        for frame in frames where shown.last?.state != frame.state { shown.append(frame) }
        guard let limit, shown.count > max(limit, 1) else { return shown.map(\.index) }
        let keys = shown.filter { isKeyFrame($0.index) }
        if keys.count >= limit { return Self.spread(keys, count: limit).map(\.index) }
        // The rest from the moving frames, evenly by place (each the middle of its share): in
        // time along the motion, as a step's frames are evenly spaced and holds are one frame.
        let others = shown.filter { !isKeyFrame($0.index) }
        let wanted = min(limit - keys.count, others.count)
        var chosen = Set(keys.map(\.index))
        for slot in 0..<wanted {
            chosen.insert(others[Int((Double(slot) + 0.5) * Double(others.count) / Double(wanted))].index)
        }
        return chosen.sorted()
    }

    /// `count` of `frames`, evenly by place, the first and the last among them.
    private static func spread(_ frames: [TransitionFrame], count: Int) -> [TransitionFrame] {
        guard count > 1, frames.count > count else { return Array(frames.prefix(max(count, 1))) }
        return (0..<count).map { frames[Int((Double($0) * Double(frames.count - 1) / Double(count - 1)).rounded())] }
    }
}
