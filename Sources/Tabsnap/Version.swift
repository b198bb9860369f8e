/// Tabsnap's version, as `tabsnap --version` prints it.
public enum TabsnapVersion {
    public static let current = "0.16.0"
}
