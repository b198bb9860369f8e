/// An icon's elements in the order written, as an array is, except that walking them keeps to
/// the check's time (`SVGCheckClock`): a walk (`for … in`, `enumerated()`, `indices`,
/// `contains`, `first(where:)` …) ends once the time is past. Indexing is as an array's.
struct SVGElementList: RandomAccessCollection, MutableCollection {
    typealias Element = SVGIconPreflight.Document.Element

    private var items: [Element] = []
    let clock: SVGCheckClock

    init(clock: SVGCheckClock) { self.clock = clock }

    var startIndex: Int { 0 }
    var endIndex: Int { items.count }

    subscript(position: Int) -> Element {
        get { items[position] }
        _modify { yield &items[position] }
    }

    mutating func append(_ element: Element) { items.append(element) }

    func makeIterator() -> Iterator { Iterator(items: items, clock: clock) }

    /// The positions, walked as the elements are.
    var indices: Positions { Positions(range: 0..<items.count, clock: clock) }

    struct Iterator: IteratorProtocol {
        let items: [Element]
        let clock: SVGCheckClock
        var position = 0

        mutating func next() -> Element? {
            guard position < items.count, clock.step() else { return nil }
            defer { position += 1 }
            return items[position]
        }
    }

    /// Positions of elements: a range whose walks keep to the clock.
    struct Positions: RandomAccessCollection {
        let range: Range<Int>
        let clock: SVGCheckClock

        var startIndex: Int { range.lowerBound }
        var endIndex: Int { range.upperBound }
        subscript(position: Int) -> Int { position }
        subscript(bounds: Range<Int>) -> Positions { Positions(range: bounds, clock: clock) }
        var indices: Positions { self }

        func makeIterator() -> Iterator { Iterator(position: range.lowerBound, end: range.upperBound, clock: clock) }

        struct Iterator: IteratorProtocol {
            var position: Int
            let end: Int
            let clock: SVGCheckClock

            mutating func next() -> Int? {
                guard position < end, clock.step() else { return nil }
                defer { position += 1 }
                return position
            }
        }
    }
}
