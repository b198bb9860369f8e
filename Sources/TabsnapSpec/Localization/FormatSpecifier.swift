/// printf-style format specifiers as Apple's and Android's catalogs write them: `%@`, `%d`,
/// `%lld`, `%1$s`, `%.2f`, `%%`.
enum FormatSpecifier {
    /// The length of the specifier that starts at `index` (at a `%`), or 0 when none does.
    static func length(in scalars: [Unicode.Scalar], at index: Int) -> Int {
        guard index < scalars.count, scalars[index] == "%" else { return 0 }
        var next = index + 1
        func skip(while accepted: (Unicode.Scalar) -> Bool) {
            while next < scalars.count, accepted(scalars[next]) { next += 1 }
        }
        if next < scalars.count, scalars[next] == "%" { return 2 }
        // An argument position: digits and `$` (otherwise the digits are a width).
        let digitsStart = next
        skip { ("0"..."9").contains($0) }
        if !(next > digitsStart && next < scalars.count && scalars[next] == "$") { next = digitsStart } else { next += 1 }
        skip { "-+ #0'".unicodeScalars.contains($0) }
        skip { ("0"..."9").contains($0) || $0 == "*" }
        if next < scalars.count, scalars[next] == "." {
            next += 1
            skip { ("0"..."9").contains($0) || $0 == "*" }
        }
        for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let parts = Array(modifier.unicodeScalars)
            if next + parts.count <= scalars.count, Array(scalars[next..<(next + parts.count)]) == parts {
                next += parts.count
                break
            }
        }
        guard next < scalars.count, "@dDiuUxXoOfFeEgGcCsSpaAn".unicodeScalars.contains(scalars[next]) else { return 0 }
        return next + 1 - index
    }
}
