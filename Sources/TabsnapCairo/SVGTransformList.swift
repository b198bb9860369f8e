import Foundation

/// A transform list as the functions it applies, read once for every check that measures what a
/// transform does to an icon (its scale, its turn, how far it moves): from a `transform`
/// attribute in SVG's grammar, or from a CSS `transform` property (lengths and angles with
/// units), which librsvg 2.54 applies too.
///
/// SVG packs numbers as path data does: `translate(10-5)` is 10 and −5, `scale(9e6.5)` is 9e6
/// and 0.5. Splitting at spaces and commas read neither, so such a list counted as no scale and
/// no move, and a 9e6 magnification passed the checks meant for it (hostile round 93).
struct SVGTransformList {
    /// One function, by SVG's name (CSS's `translateX`, `scaleY`, `skew` … become SVG's), with
    /// its numbers: lengths in px, angles in degrees.
    struct Function {
        var name: String
        var values: [Double]
    }

    /// The functions in the order written (each applies to what the ones after it draw).
    var functions: [Function]

    private static let svgArities: [Substring: [Int]] = ["matrix": [6], "translate": [1, 2], "scale": [1, 2], "rotate": [1, 3], "skewX": [1], "skewY": [1]]

    /// SVG 1.1's transform list as a browser reads the attribute, strictly: functions by their
    /// exact names with their counts of numbers, at most one comma between two of them; nil for
    /// anything else (which a browser ignores whole).
    init?(attribute text: String) {
        var rest = Substring(text)
        func skipSpace() { rest = rest.drop { $0.isXMLSpace } }
        /// An optional comma, then white space; false when the comma is followed by nothing.
        func skipComma(before closer: Character?) -> Bool {
            guard rest.first == "," else { return true }
            rest = rest.dropFirst()
            skipSpace()
            return !rest.isEmpty && rest.first != closer
        }
        functions = []
        skipSpace()
        while !rest.isEmpty {
            if !functions.isEmpty { guard skipComma(before: nil) else { return nil } }
            let name = rest.prefix { $0.isASCII && $0.isLetter }
            guard let arity = Self.svgArities[name] else { return nil }
            rest = rest.dropFirst(name.count)
            skipSpace()
            guard rest.first == "(" else { return nil }
            rest = rest.dropFirst()
            skipSpace()
            var values: [Double] = []
            while rest.first != ")" {
                if !values.isEmpty { guard skipComma(before: ")") else { return nil } }
                // librsvg reads numbers as 32-bit floats: 1e39 is infinite there.
                guard let (value, after) = SVGNumberList.leadingNumber(of: rest), abs(value) <= Double(Float.greatestFiniteMagnitude) else { return nil }
                rest = after
                values.append(value)
                skipSpace()
            }
            rest = rest.dropFirst()
            guard arity.contains(values.count) else { return nil }
            functions.append(Function(name: String(name), values: values))
            skipSpace()
        }
    }

    /// CSS's white space: a line break inside a function's brackets is white space to librsvg
    /// too (`scale(&#10;3)` scales by 3: code review).
    private static let cssSpace = CharacterSet(charactersIn: " \t\n\r\u{0C}")

    /// A CSS `transform` value (`none`, or functions with lengths and angles), nil for one it
    /// cannot read (`SVGIconPreflight.Document.checkCSSTransformsAreRead` refuses the icon).
    init?(css text: String) {
        var rest = Substring(text.lowercased().trimmingCharacters(in: Self.cssSpace))
        functions = []
        if rest == "none" { return }
        while !rest.isEmpty {
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            rest = rest.dropFirst(name.count)
            guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
            var values: [Double] = []
            for argument in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",", omittingEmptySubsequences: false) {
                let written = argument.trimmingCharacters(in: Self.cssSpace)
                guard let (number, unit) = SVGNumberList.leadingNumber(of: Substring(written)), let value = Self.cssValue(number, unit: String(unit)) else { return nil }
                values.append(value)
            }
            rest = Substring(rest[rest.index(after: close)...].trimmingCharacters(in: Self.cssSpace))
            guard let function = Self.svgFunction(css: String(name), values) else { return nil }
            functions.append(function)
        }
    }

    /// A CSS function as SVG's, nil for one librsvg does not read (3-D ones, `perspective`).
    private static func svgFunction(css name: String, _ values: [Double]) -> Function? {
        func tangent(_ degrees: Double) -> Double { tan(degrees * .pi / 180) }
        switch (name, values.count) {
        case ("matrix", 6), ("translate", 1), ("translate", 2), ("scale", 1), ("scale", 2), ("rotate", 1): return Function(name: name, values: values)
        case ("translatex", 1): return Function(name: "translate", values: [values[0], 0])
        case ("translatey", 1): return Function(name: "translate", values: [0, values[0]])
        case ("scalex", 1): return Function(name: "scale", values: [values[0], 1])
        case ("scaley", 1): return Function(name: "scale", values: [1, values[0]])
        case ("skewx", 1): return Function(name: "skewX", values: values)
        case ("skewy", 1): return Function(name: "skewY", values: values)
        case ("skew", 1): return Function(name: "skewX", values: values)
        case ("skew", 2): return Function(name: "matrix", values: [1, tangent(values[1]), tangent(values[0]), 1, 0, 0])
        default: return nil
        }
    }

    /// A CSS number with its unit, as px or degrees; nil for another unit. (librsvg 2.54 moves
    /// by pixels only and refuses other units by its log.)
    private static func cssValue(_ number: Double, unit: String) -> Double? {
        guard number.isFinite, abs(number) <= Double(Float.greatestFiniteMagnitude) else { return nil }
        let factors: [String: Double] = ["": 1, "px": 1, "deg": 1, "grad": 0.9, "rad": 180 / .pi, "turn": 360]
        return factors[unit].map { number * $0 }
    }

    /// The linear part (a, b, c, d of a matrix) of the whole list.
    var linearPart: (Double, Double, Double, Double) {
        var (a, b, c, d) = (1.0, 0.0, 0.0, 1.0)
        for function in functions {
            let values = function.values
            let m: (Double, Double, Double, Double)
            switch function.name {
            case "matrix": m = (values[0], values[1], values[2], values[3])
            case "scale": m = (values[0], 0, 0, values.count == 2 ? values[1] : values[0])
            case "rotate":
                let angle = values[0] * .pi / 180
                m = (cos(angle), sin(angle), -sin(angle), cos(angle))
            case "skewX": m = (1, 0, tan(values[0] * .pi / 180), 1)
            case "skewY": m = (1, tan(values[0] * .pi / 180), 0, 1)
            default: continue  // translate
            }
            (a, b, c, d) = (a * m.0 + c * m.1, b * m.0 + d * m.1, a * m.2 + c * m.3, b * m.2 + d * m.3)
        }
        return (a, b, c, d)
    }

    /// The whole list as one matrix.
    var affine: SVGAffine {
        functions.reduce(SVGAffine.identity) { whole, function in
            let v = function.values
            let own: SVGAffine
            switch function.name {
            case "matrix": own = SVGAffine(a: v[0], b: v[1], c: v[2], d: v[3], e: v[4], f: v[5])
            case "translate": own = SVGAffine(e: v[0], f: v.count == 2 ? v[1] : 0)
            case "scale": own = SVGAffine(a: v[0], d: v.count == 2 ? v[1] : v[0])
            case "rotate":
                let angle = v[0] * .pi / 180
                let turn = SVGAffine(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle))
                own = v.count == 3 ? SVGAffine(e: v[1], f: v[2]).concatenating(turn).concatenating(SVGAffine(e: -v[1], f: -v[2])) : turn
            case "skewX": own = SVGAffine(c: tan(v[0] * .pi / 180))
            case "skewY": own = SVGAffine(b: tan(v[0] * .pi / 180))
            default: own = .identity
            }
            return whole.concatenating(own)
        }
    }

    /// The singular values of the linear part: the least and the most it scales a length by.
    var scaleFactors: (smallest: Double, largest: Double) {
        let (a, b, c, d) = linearPart
        let sum = a * a + b * b + c * c + d * d, determinant = a * d - b * c
        let root = (max(0, sum * sum - 4 * determinant * determinant)).squareRoot()
        return (((sum - root) / 2).squareRoot(), ((sum + root) / 2).squareRoot())
    }

    /// The largest distance the list moves by: its translations (a matrix's last two numbers, a
    /// rotation's centre twice: it turns about it), each at the scale of what comes before it
    /// (`scale(1000) translate(23000)` moves 23 000 000).
    var largestTranslation: Double {
        var largest = 0.0, scale = 1.0
        for function in functions {
            let values = function.values.map(abs)
            switch function.name {
            case "translate": largest += scale * (values.max() ?? 0)
            case "matrix": largest += scale * max(values[4], values[5])
            case "rotate" where values.count == 3: largest += scale * 2 * max(values[1], values[2])
            default: break
            }
            scale *= SVGTransformList(functions: [function]).scaleFactors.largest
        }
        return largest
    }

    private init(functions: [Function]) { self.functions = functions }
}

/// An affine transform as SVG writes a matrix: x′ = a·x + c·y + e, y′ = b·x + d·y + f.
struct SVGAffine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    /// The transform that changes nothing.
    static let identity = SVGAffine()

    /// `inner` applied first, then this one (the product self · inner): a parent's transform
    /// concatenating its child's.
    func concatenating(_ inner: SVGAffine) -> SVGAffine {
        SVGAffine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                  c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                  e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    /// Where the point lands.
    func apply(_ point: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (a * point.x + c * point.y + e, b * point.x + d * point.y + f)
    }
}
