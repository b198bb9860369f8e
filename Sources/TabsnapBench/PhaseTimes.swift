import Foundation

/// Wall-clock samples of one benchmark phase; the median is what gets reported (robust against
/// one slow run on a shared CI machine).
struct PhaseTimes {
    let key: String
    let name: String
    var seconds: [Double] = []

    var median: Double {
        let sorted = seconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        return result
    }
}
