import Foundation

/// A relative file path as a URL path for `src` and `href`: each component percent-encoded, so
/// names holding `%`, `?`, `#`, `:` or spaces point at their file (`a?b.png` would be a query,
/// `a#b.png` a fragment, and `c:d.png` a URL with the scheme `c`). HTML-escape the result too.
package enum URLPath {
    package static func encoded(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { component in
            String(component).addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        }.joined(separator: "/")
    }

    /// RFC 3986's unreserved characters and `@` (a path segment may hold it as it is: golden
    /// names use it for the scale); everything else is encoded.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~@")
}
