/// Easing written as text: `linear`, `ease-in`, `ease-out`, `ease-in-out` (or camelCase),
/// `spring`, `spring(DAMPING, RESPONSE)`, `cubic-bezier(X1, Y1, X2, Y2)`.
extension Easing {
    public static let names = ["linear", "ease-in", "ease-out", "ease-in-out", "spring", "spring(damping, response)",
                               "cubic-bezier(x1, y1, x2, y2)"]

    public init?(parsing text: String) {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        switch compact {
        case "linear": self = .linear
        case "ease-in", "easein": self = .easeIn
        case "ease-out", "easeout": self = .easeOut
        case "ease-in-out", "easeinout", "ease": self = .easeInOut
        case "spring": self = .defaultSpring
        default:
            guard let open = compact.firstIndex(of: "("), compact.hasSuffix(")") else { return nil }
            let name = compact[..<open]
            let numbers = compact[compact.index(after: open)..<compact.index(before: compact.endIndex)]
                .split(separator: ",").compactMap { Double($0) }
            switch (name, numbers.count) {
            case ("spring", 2) where numbers[0] > 0 && numbers[1] > 0:
                self = .spring(damping: numbers[0], response: numbers[1])
            case ("cubic-bezier", 4) where (0...1).contains(numbers[0]) && (0...1).contains(numbers[2]):
                self = .cubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
            default:
                return nil
            }
        }
    }
}
