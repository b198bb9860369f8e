/// Looking a value up in an ascending list by halving: the icon checks meet lists long enough
/// that a pass per look is quadratic (a dash pattern of 1 000 lengths against 100 000 corners,
/// a sheet's miter limits against 800 000 joins: hostile round 136).
extension Array where Element == Double {
    /// The index of the first element not below `value` in this ascending list (`count` when
    /// every element is below it).
    func firstIndex(notBelow value: Double) -> Int {
        var first = 0, past = count
        while first < past {
            let middle = (first + past) / 2
            if self[middle] < value { first = middle + 1 } else { past = middle }
        }
        return first
    }
}
