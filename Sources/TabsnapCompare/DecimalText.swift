/// `value` with a fixed number of decimal places ("43.9"), like `String(format: "%.1f")` but
/// without it: Foundation's formatting looks up protocol conformances across the whole binary
/// on first use, a few hundred microseconds of every `tabsnap diff`.
func decimalText(_ value: Double, places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let scaled = (abs(value) * Double(scale)).rounded()
    guard value.isFinite, scaled < 1e15 else { return "\(value)" }
    let units = Int(scaled)
    let sign = value < 0 && units > 0 ? "-" : ""
    guard places > 0 else { return sign + String(units) }
    let fraction = String(units % scale)
    return sign + String(units / scale) + "." + String(repeating: "0", count: places - fraction.count) + fraction
}
