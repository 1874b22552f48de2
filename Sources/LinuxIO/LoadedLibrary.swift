import Synchronization

/// Why a C library the program loads on demand (dlopen) could not be loaded: its soname (for a
/// library of which the shim tries more than one version, the sonames tried, as the message
/// names them), dlerror's words, and the Debian package that provides it.
public struct LibraryLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var soname: String
    public var reason: String
    public var package: String

    public var description: String { "cannot load \(soname): \(reason) (install Debian's \(package))" }
}

/// A C library's table of functions, loaded (dlopen, through the library's shim) the first time
/// it is needed rather than linked: a panel maps a library that brings its own dependencies (TLS
/// stacks) only when its config uses it. A load that failed is tried again at the next use, so a
/// library installed while the panel runs is found then. The library stays loaded.
public final class LoadedLibrary<Table: Sendable>: Sendable {
    /// What a failure names: the soname, or the sonames the shim tries ("….so.19 or ….so.17").
    public let soname: String
    /// The Debian package to install, or the packages, by release.
    public let package: String
    private let loader: @Sendable (UnsafeMutablePointer<Table>) -> UnsafePointer<CChar>?
    private let table = Mutex<Table?>(nil)

    /// `load` is the shim's loader: it fills the table and answers nil, or dlerror's words.
    public init(
        soname: String, package: String,
        load: @escaping @Sendable (UnsafeMutablePointer<Table>) -> UnsafePointer<CChar>?
    ) {
        self.soname = soname
        self.package = package
        self.loader = load
    }

    /// The table, loaded now if it was not.
    public func load() throws(LibraryLoadError) -> Table {
        let result: Result<Table, LibraryLoadError> = table.withLock { table in
            if let table { return .success(table) }
            let loading = UnsafeMutablePointer<Table>.allocate(capacity: 1)
            defer { loading.deallocate() }
            if let failure = loader(loading) {
                return .failure(LibraryLoadError(soname: soname, reason: String(cString: failure), package: package))
            }
            // Every field was written: the loader fails before returning nil otherwise.
            let loaded = loading.pointee
            table = loaded
            return .success(loaded)
        }
        return try result.get()
    }

    /// The table if it is loaded (for callbacks, which only come from a loaded library).
    public var loaded: Table? { table.withLock { $0 } }
}
