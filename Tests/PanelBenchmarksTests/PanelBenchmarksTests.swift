import Panel
import PanelRuntime
import XCTest

@testable import PanelBenchmarks

/// `switchpanel bench`'s harnesses on the demo panel, in virtual time: the frames they count
/// (what scripts/instruction-counts.sh --panel divides the instructions by) and their refusals.
final class PanelBenchmarksTests: XCTestCase {
    func demo() throws -> LoadedConfig { LoadedConfig(config: try DemoPanel.config()) }

    /// The figure in a summary line: the number before `words`.
    func count(_ words: String, in line: String) throws -> Int {
        let before = try XCTUnwrap(line.range(of: " " + words), "\(words) in \(line)").lowerBound
        return try XCTUnwrap(Int(line[..<before].split(separator: " ").last ?? ""), line)
    }

    /// Tapping the first enabled switch: every toggle animates to rest, and each pair of
    /// toggles (on, then off) costs the same frames, give or take the one a toggle's last frame
    /// may share with the next's first — the script divides the difference of two runs'
    /// instructions by the difference of their frames.
    func testTogglesCountTheFramesOfEachToggle() throws {
        func frames(_ cycles: Int) throws -> Int {
            let line = try ToggleBench.run(
                board: try demo(), switchID: nil, all: false, cycles: cycles, log: { _, _ in })
            XCTAssertTrue(line.hasPrefix("bench ceiling: \(cycles) toggles, "), line)
            return try count("frames presented", in: line)
        }
        let (one, three, five) = (try frames(1), try frames(3), try frames(5))
        XCTAssertEqual(Double(five - three), Double(three - one), accuracy: 1, "\(one), \(three), \(five) frames")
        XCTAssertGreaterThan(three - one, 20, "a toggle animates over several frames")
        let all = try ToggleBench.run(board: try demo(), switchID: nil, all: true, cycles: 1, log: { _, _ in })
        XCTAssertTrue(all.hasPrefix("bench all "), all)
    }

    /// A switch the board lacks, or a board without an enabled switch, is the command line's
    /// fault, named with the switches there are.
    func testAnUnknownSwitchIsRefusedNamingTheOthers() throws {
        XCTAssertThrowsError(
            try ToggleBench.run(board: try demo(), switchID: "nope", all: false, cycles: 1, log: { _, _ in })
        ) { error in
            guard case .unmeetable(let message) = error as? BenchmarkError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("no switch 'nope' (there are: ceiling, "), message)
        }
        var board = try demo()
        for p in board.config.pages.indices {
            for s in board.config.pages[p].sections.indices {
                for w in board.config.pages[p].sections[s].switches.indices {
                    board.config.pages[p].sections[s].switches[w].enabled = false
                }
            }
        }
        XCTAssertThrowsError(try ToggleBench.run(board: board, switchID: nil, all: false, cycles: 1, log: { _, _ in }))
        {
            XCTAssertEqual($0 as? BenchmarkError, .unmeetable("the panel has no enabled switch"))
        }
    }

    /// Swipes on the one-page demo (a copy of its page added): each swipe turns the page, and the
    /// frames fall in the three kinds the script counts apart — one first frame and one at rest
    /// per swipe, the rest sliding.
    func testSwipesSortTheirFramesIntoTheThreeKinds() throws {
        let line = try SwipeBench.run(board: try demo(), swipes: 2, log: { _, _ in })
        XCTAssertTrue(line.contains("(a one-page board: a copy of its page"), line)
        XCTAssertEqual(try count("first frames of a slide", in: line), 2, line)
        XCTAssertEqual(try count("frames at rest after a slide", in: line), 2, line)
        let sliding = try count("frames sliding", in: line)
        XCTAssertGreaterThan(sliding, 16, "a drag of 16 moves, then the settling: \(line)")
        XCTAssertEqual(try count("frames presented", in: line), sliding + 4, line)
        XCTAssertTrue(
            line.hasSuffix(
                "a page picture holds 1536000 bytes (800x480 ARGB8888), 3072000 bytes at most while sliding"), line)
    }
}
