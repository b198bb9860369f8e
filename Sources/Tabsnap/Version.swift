/// Tabsnap's version, as `tabsnap --version` prints it.
public enum TabsnapVersion {
    /// The version number, `MAJOR.MINOR.PATCH`: the latest release CHANGELOG.md describes.
    public static let current = "0.17.0"
}
