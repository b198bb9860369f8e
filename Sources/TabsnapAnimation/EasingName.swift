import TabsnapModel

/// Easing written as text: `linear`, `ease-in`, `ease-out`, `ease-in-out` (or camelCase),
/// `spring`, `spring(DAMPING, RESPONSE)`, `cubic-bezier(X1, Y1, X2, Y2)`.
extension Easing {
    /// How each easing is written, for help and error messages (the last two take numbers).
    public static let names = ["linear", "ease-in", "ease-out", "ease-in-out", "spring", "spring(damping, response)",
                               "cubic-bezier(x1, y1, x2, y2)"]

    /// The easing `text` names, read as `parse` reads it; nil when `parse` reports a problem.
    public init?(parsing text: String) {
        guard case .success(let easing) = Easing.parse(text) else { return nil }
        self = easing
    }

    /// The easing, or a one-line reason naming the parameter out of `Limits`' range.
    public static func parse(_ text: String) -> Result<Easing, EasingProblem> {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        switch compact {
        case "linear": return .success(.linear)
        case "ease-in", "easein": return .success(.easeIn)
        case "ease-out", "easeout": return .success(.easeOut)
        case "ease-in-out", "easeinout", "ease": return .success(.easeInOut)
        case "spring": return .success(.defaultSpring)
        default: break
        }
        // A near miss of a plain name gets "did you mean"; anything else the list.
        let plain = ["linear", "ease-in", "ease-out", "ease-in-out", "spring"]
        let hint = KeySuggestion.nearest(to: text, in: plain).map { "did you mean '\($0)'?" } ?? "expected one of: " + names.joined(separator: ", ")
        let unknown = EasingProblem(message: "unknown easing '\(text)'; " + hint)
        guard let open = compact.firstIndex(of: "("), compact.hasSuffix(")") else { return .failure(unknown) }
        let name = compact[..<open]
        let fields = compact[compact.index(after: open)..<compact.index(before: compact.endIndex)].split(separator: ",", omittingEmptySubsequences: false)
        let numbers = fields.compactMap { Double($0) }.filter(\.isFinite)
        guard numbers.count == fields.count else { return .failure(unknown) }
        func outside(_ what: String, _ value: Double, _ range: ClosedRange<Double>, exclusiveLower: Bool) -> EasingProblem? {
            let below = exclusiveLower ? value <= range.lowerBound : value < range.lowerBound
            guard below || value > range.upperBound else { return nil }
            let lower = exclusiveLower ? "more than \(Limits.format(range.lowerBound))" : "at least \(Limits.format(range.lowerBound))"
            return EasingProblem(message: "\(name): \(what) \(Limits.format(value)) is out of range; expected \(lower) and at most \(Limits.format(range.upperBound))")
        }
        switch (name, numbers.count) {
        case ("spring", 2):
            if let problem = outside("damping", numbers[0], Limits.springDamping, exclusiveLower: true)
                ?? outside("response", numbers[1], Limits.springResponse, exclusiveLower: true) {
                return .failure(problem)
            }
            return .success(.spring(damping: numbers[0], response: numbers[1]))
        case ("cubic-bezier", 4):
            if let problem = outside("x1", numbers[0], 0...1, exclusiveLower: false) ?? outside("y1", numbers[1], Limits.bezierY, exclusiveLower: false)
                ?? outside("x2", numbers[2], 0...1, exclusiveLower: false) ?? outside("y2", numbers[3], Limits.bezierY, exclusiveLower: false) {
                return .failure(problem)
            }
            return .success(.cubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
        default:
            return .failure(unknown)
        }
    }
}

/// Why a text names no easing: an unknown name, or a parameter out of `Limits`' range.
public struct EasingProblem: Error, Equatable {
    /// One line for the user: the parameter and its range, or the nearest name (else the list).
    public var message: String
}

extension Easing {
    /// The easing as a spec writes it; `parse` reads it back to the same value.
    public var specText: String {
        func list(_ numbers: [Double]) -> String { numbers.map(Limits.format).joined(separator: ", ") }
        switch self {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInOut: return "ease-in-out"
        case .spring(let damping, let response): return "spring(\(list([damping, response])))"
        case .cubicBezier(let x1, let y1, let x2, let y2): return "cubic-bezier(\(list([x1, y1, x2, y2])))"
        }
    }
}
