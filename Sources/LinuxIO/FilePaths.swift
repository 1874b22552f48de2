/// Path text, as the file system reads it: '/'-separated components. Pure string work (nothing is
/// looked up), here beside the calls that take paths so every edge joins and splits them alike.
public enum FilePaths {
    /// `name` inside `directory`, with one '/' between them.
    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        let tail = name.drop { $0 == "/" }
        return directory.hasSuffix("/") ? directory + tail : directory + "/" + tail
    }

    /// The directory part: "" for a bare name, "/" for a file at the root.
    public static func directory(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty ? "/" : head
    }

    /// The last component (the file's name).
    public static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The last component without its extension (`board` of `/etc/board.json`).
    public static func stem(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension of the last component, without its dot ("" when none).
    public static func pathExtension(of path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` without the extension of its last component.
    public static func removingExtension(_ path: String) -> String {
        let ext = pathExtension(of: path)
        return ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}
