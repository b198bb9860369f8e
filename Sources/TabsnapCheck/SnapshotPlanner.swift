import Foundation
import Tabsnap

/// Turns spec files (or folders of them) into the list of goldens they ask for.
public enum SnapshotPlanner {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    static let specExtensions: Set<String> = ["yaml", "yml", "json"]

    /// Spec files under the given paths: files as given, folders searched recursively for .yaml,
    /// .yml and .json. Each comes with its golden stem: its path inside the folder without the
    /// extension (a file given directly uses its name).
    public static func specFiles(in paths: [String]) throws(Failure) -> [(path: String, stem: String)] {
        var found: [(path: String, stem: String)] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(description: "\(path): no such file or folder")
            }
            if !isDirectory.boolValue {
                let url = URL(fileURLWithPath: path)
                found.append((path, url.deletingPathExtension().lastPathComponent))
                continue
            }
            let root = URL(fileURLWithPath: path).standardizedFileURL
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            var inFolder: [(String, String)] = []
            while let url = enumerator?.nextObject() as? URL {
                guard specExtensions.contains(url.pathExtension.lowercased()) else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
                let display = (path.hasSuffix("/") ? path : path + "/") + relative
                inFolder.append((display, String(relative.dropLast(url.pathExtension.count + 1))))
            }
            found += inFolder.sorted { $0.0 < $1.0 }
        }
        return found
    }

    /// Every golden the specs ask for, sorted by name. Spec errors propagate as they are (one line
    /// with file, line and column); two specs claiming one golden name is an error.
    public static func cases(forSpecs paths: [String]) throws -> [SnapshotCase] {
        var cases: [SnapshotCase] = []
        var owner: [String: String] = [:]
        for file in try specFiles(in: paths) {
            for snapshot in try Self.cases(forSpec: file.path, stem: file.stem) {
                if let other = owner[snapshot.name] {
                    throw Failure(description: "\(file.path): golden \(snapshot.name) is also rendered by \(other); rename one of the specs")
                }
                owner[snapshot.name] = file.path
                cases.append(snapshot)
            }
        }
        return cases.sorted { $0.name < $1.name }
    }

    public static func cases(forSpec path: String, stem: String) throws(SpecError) -> [SnapshotCase] {
        let url = URL(fileURLWithPath: path)
        let document = try SpecLoader.loadDocument(contentsOf: url, displayName: path)
        let variants = document.snapshots
        var cases: [SnapshotCase] = []
        for theme in variants.themes.map({ $0.map(Optional.some) }) ?? [nil] {
            let themed = theme == nil ? document : try SpecLoader.loadDocument(contentsOf: url, displayName: path, theme: theme)
            // Variants the spec lists name their goldens; the spec's own position and scale do not.
            for scale in variants.scales.map({ $0.map(Optional.some) }) ?? [nil] {
                for position in variants.positions.map({ $0.map(Optional.some) }) ?? [nil] {
                    let kind = SnapshotCase.Kind.still(position: position ?? themed.bar.position)
                    cases.append(SnapshotCase(name: SnapshotCase.goldenName(stem: stem, theme: theme, kind: kind, position: position, scale: scale),
                                              spec: path, bar: themed.bar, kind: kind, scale: scale ?? themed.bar.scale, theme: theme))
                }
                if let transition = themed.transition, variants.includesTransition {
                    let kind = SnapshotCase.Kind.transition(transition)
                    cases.append(SnapshotCase(name: SnapshotCase.goldenName(stem: stem, theme: theme, kind: kind, position: nil, scale: scale),
                                              spec: path, bar: themed.bar, kind: kind, scale: scale ?? themed.bar.scale, theme: theme))
                }
            }
        }
        return cases
    }
}
