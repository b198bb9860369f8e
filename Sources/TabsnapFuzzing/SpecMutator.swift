/// Turns a seed spec into a hostile or clumsy variant, deterministically from a random source:
/// numbers swapped for boundary values, strings for hostile text, lines dropped, doubled or
/// spliced from other seeds, bytes flipped, aliases multiplied. What a fuzzer needs to reach the
/// corners a test author does not think of.
package struct SpecMutator {
    static let numbers = ["0", "-0", "-1", "1", "0.5", "1e-300", "1e300", "1e19", "-1e19", "nan", ".nan", ".inf", "-.inf", "inf",
                          "1000", "1001", "-1000", "10000", "100000", "2147483648", "9223372036854775808", "0x7fffffff",
                          "16384", "32767", "4096", "8", "9", "240", "241", "0.0001", "99999999999"]
    static let strings = ["\"\"", "\"\\n\"", "\"A\\n\\n\\nB\"", "\"\\e[31mred\"", "\"\\u202Eevil\"", "'<span foreground=\"nope\">x</span>'",
                          "'<b>x'", "'<sup><sub>x</sub></sup>'", "../../etc/passwd.svg", "/dev/zero.png", "icons/compass.svg",
                          "\"" + String(repeating: "W", count: 400) + "\"", "\"👩‍👩‍👧‍👦🇩🇪\"", "~", "[]", "{}", "[A, B]",
                          "\"#FF0000\"", "#FF0000", "spring(0.01, 10)", "cubic-bezier(0, 10, 1, -10)", "spring", "\"Inter bold 999\"",
                          "*alias", "&anchor x", "!!binary aGk=", "<<: {x: 1}", "'%'"]

    let seeds: [String]

    public init(seeds: [String]) {
        self.seeds = seeds.isEmpty ? ["width: 300\nitems: [A, B]\n"] : seeds
    }

    public func mutant<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var text = seeds.randomElement(using: &generator) ?? ""
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            text = mutate(text, using: &generator)
        }
        return text
    }

    private func mutate<G: RandomNumberGenerator>(_ text: String, using generator: inout G) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return text }
        let at = Int.random(in: 0..<lines.count, using: &generator)
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: lines[at] = replacingNumber(in: lines[at], using: &generator)
        case 1: lines[at] = replacingValue(in: lines[at], with: Self.strings.randomElement(using: &generator)!, using: &generator)
        case 2: lines.remove(at: at)
        case 3: lines.insert(lines[at], at: at)
        case 4:
            // Splice a line from another seed (its key may land in the wrong section).
            let other = seeds.randomElement(using: &generator)!.split(separator: "\n").map(String.init)
            if let line = other.randomElement(using: &generator) { lines.insert(line, at: at) }
        case 5:
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return text }
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            return String(decoding: bytes, as: UTF8.self)
        case 6:
            // Alias amplification: a list of lists of aliases.
            return "a0: &a0 [\(String(repeating: "x, ", count: 9))x]\n"
                + (1...6).map { "a\($0): &a\($0) [\(Array(repeating: "*a\($0 - 1)", count: 10).joined(separator: ", "))]" }.joined(separator: "\n")
                + "\n" + text
        case 7: lines[at] = replacingNumber(in: replacingNumber(in: lines[at], using: &generator), using: &generator)
        default:
            // Repeat a line's list value many times (long lists, many items).
            if let open = lines[at].firstIndex(of: "["), let close = lines[at].lastIndex(of: "]"), open < close {
                let inner = lines[at][lines[at].index(after: open)..<close]
                lines[at] = String(lines[at][...open]) + Array(repeating: String(inner), count: Int.random(in: 2...60, using: &generator))
                    .joined(separator: ", ") + "]"
            }
        }
        return lines.joined(separator: "\n")
    }

    private func replacingNumber<G: RandomNumberGenerator>(in line: String, using generator: inout G) -> String {
        let characters = Array(line)
        let starts = characters.indices.filter { characters[$0].isNumber && ($0 == 0 || !characters[$0 - 1].isLetter) }
        guard let start = starts.randomElement(using: &generator) else { return line }
        var end = start
        while end < characters.count, characters[end].isNumber || characters[end] == "." || characters[end] == "e" { end += 1 }
        return String(characters[..<start]) + Self.numbers.randomElement(using: &generator)! + String(characters[end...])
    }

    private func replacingValue<G: RandomNumberGenerator>(in line: String, with value: String, using generator: inout G) -> String {
        guard let colon = line.firstIndex(of: ":") else { return line + " " + value }
        return String(line[...colon]) + " " + value
    }
}

/// SplitMix64: a small seeded generator, so every run of a seed is the same run.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
