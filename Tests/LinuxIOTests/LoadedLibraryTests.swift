import Glibc
import Synchronization
import XCTest

@testable import LinuxIO

/// A library loaded on demand (dlopen), with a real dynamic loader: the words of a failure, a
/// failed load tried again, a loaded table kept.
final class LoadedLibraryTests: XCTestCase {
    private struct Table: Sendable {
        var getpid: @convention(c) () -> pid_t
    }

    private final class Attempts: Sendable {
        let count = Mutex(0)
    }

    /// The first load meets a library that is not installed; the next finds one (as if it had
    /// been installed meanwhile); after that the table is kept and the loader not called again.
    func testAFailedLoadIsTriedAgainAndALoadedTableIsKept() throws {
        let attempts = Attempts()
        let library = LoadedLibrary<Table>(soname: "libswitchpanel-absent.so.1", package: "libswitchpanel-absent1") {
            table in
            let attempt = attempts.count.withLock { count in
                count += 1
                return count
            }
            let soname = attempt == 1 ? "libswitchpanel-absent.so.1" : "libc.so.6"
            guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, "getpid") else {
                return UnsafePointer(dlerror())
            }
            table.initialize(to: Table(getpid: unsafeBitCast(symbol, to: (@convention(c) () -> pid_t).self)))
            return nil
        }
        XCTAssertThrowsError(try library.load()) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot load libswitchpanel-absent.so.1: libswitchpanel-absent.so.1: cannot open shared object file:"
                    + " No such file or directory (install Debian's libswitchpanel-absent1)")
        }
        XCTAssertNil(library.loaded)
        XCTAssertEqual(try library.load().getpid(), getpid())
        XCTAssertEqual(library.loaded?.getpid(), getpid())
        _ = try library.load()
        XCTAssertEqual(attempts.count.withLock { $0 }, 2)
    }
}
