import CommandLineInterface
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime
import Raster

/// Options several commands take, declared once so they read and document the same everywhere.
enum SharedOptions {
    static let config = Option("--config", "BOARD.json", help: "the board config (without it, the built-in demo panel)")
    static let stateDirectory = Option("--state-dir", "DIR", help: "the directory of the saved switch states")
    static let rotation = Option<Rotation>(
        choosing: "--rotation", "R", help: "turn the picture R degrees (instead of the config's rotation)")
    static let format = Option<PixelFormat>(
        choosing: "--format", "F", help: "the framebuffer's pixel format (instead of the config's)")
    static let page = Option<Int>(
        "--page", "N", help: "start on page N (0 is the first) instead of the board's home page",
        expected: "a page number >= 0", convert: { Int($0).flatMap { $0 >= 0 ? $0 : nil } })
}

/// Makes `page` (from `--page`) the page `board` starts on; an error naming the board's pages
/// when it has no such page.
func startOnPage(_ page: Int?, _ board: inout LoadedConfig) throws(CommandLineError) {
    guard let page else { return }
    let count = board.config.pages.count
    guard page < count else {
        throw .usage("--page \(page): \(board.config.name) has \(count) page\(count == 1 ? "" : "s") (0…\(count - 1))")
    }
    board.config.homePage = page
}

/// The program's log (stderr; systemd's `<N>` prefixes under the journal). The program is one
/// thread, so the shared logger needs no lock.
nonisolated(unsafe) let logger = Log()

/// ``logger`` as the plain function the panel's modules take.
func logLine(_ level: LogLevel, _ message: String) { logger.log(level, message) }

/// A text file's contents, or an error naming the file.
func readText(_ path: String) throws(CommandLineError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw .failure("\(path): cannot read (missing or unreadable)")
    }
    return String(decoding: data, as: UTF8.self)
}
