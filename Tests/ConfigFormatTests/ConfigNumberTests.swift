import ConfigFormat
import XCTest

private func integer(_ text: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int {
    try ConfigNode.root(parsing: Array(#"{"n":\#(text)}"#.utf8)).object(allowed: ["n"]).required("n").integer(in: range)
}

private func integerError(_ text: String, in range: ClosedRange<Int>, line: UInt = #line) -> String? {
    do {
        let n = try integer(text, in: range)
        XCTFail("read \(n)", line: line)
        return nil
    } catch {
        return error.description
    }
}

/// Numbers as config readers take them: within a range, whole where an integer is wanted, and
/// at the bounds of `Int` without a trap.
final class ConfigNumberTests: XCTestCase {
    func testWholeNumbersInAnyJSONSpellingAreIntegers() throws {
        XCTAssertEqual(try integer("7", in: 0...10), 7)
        XCTAssertEqual(try integer("7.0", in: 0...10), 7)
        XCTAssertEqual(try integer("7e0", in: 0...10), 7)
        XCTAssertEqual(try integer("0.7e1", in: 0...10), 7)
        XCTAssertEqual(try integer("-0", in: 0...10), 0)
        XCTAssertEqual(try integer("0", in: 0...0), 0)
    }

    func testFractionsWhereAnIntegerIsWanted() {
        XCTAssertEqual(integerError("2.5", in: 0...10), "n: expected a whole number, got 2.5")
        XCTAssertEqual(integerError("1e-300", in: 0...10), "n: expected a whole number, got 1e-300")
        // Out of the range first: that is the clearer of the two.
        XCTAssertEqual(integerError("10.5", in: 0...10), "n: 10.5 is out of range (0…10)")
    }

    func testTheRangesBoundsAreIn() {
        XCTAssertEqual(integerError("11", in: 0...10), "n: 11 is out of range (0…10)")
        XCTAssertEqual(integerError("-1", in: 0...10), "n: -1 is out of range (0…10)")
        XCTAssertEqual(try integer("10", in: 0...10), 10)
        XCTAssertEqual(try integer("2147483647", in: 1...Int(Int32.max)), Int(Int32.max))
        XCTAssertEqual(
            integerError("2147483648", in: 1...Int(Int32.max)), "n: 2147483648 is out of range (1…2147483647)")
    }

    func testNotANumber() {
        XCTAssertEqual(integerError(#""7""#, in: 0...10), "n: expected a number, got a string")
        XCTAssertEqual(integerError("true", in: 0...10), "n: expected a number, got a boolean")
    }

    /// `Double(Int.max)` is 2^63, one past `Int.max`: a range check made in Double passed the
    /// literal 9223372036854775807 (which a Double holds as 2^63) and `Int(_:)` then trapped.
    /// The reader converts exactly and says the value is out of range.
    func testIntegersAtTheBoundsOfInt() throws {
        let all = Int.min...Int.max
        XCTAssertEqual(try integer("-9223372036854775808", in: all), Int.min)
        XCTAssertEqual(try integer("9223372036854774784", in: all), 9_223_372_036_854_774_784)  // 2^63 - 1024
        XCTAssertEqual(
            integerError("9223372036854775807", in: all),
            "n: 9.223372036854776e+18 is out of range (-9223372036854775808…9223372036854775807)")
        XCTAssertEqual(
            integerError("1e19", in: all), "n: 1e+19 is out of range (-9223372036854775808…9223372036854775807)")
        XCTAssertEqual(
            integerError("-1e300", in: 0...Int.max), "n: -1e+300 is out of range (0…9223372036854775807)")
    }

    /// A bound past 2^53 rounds when made a Double (2^60 - 1 becomes 2^60): the reader still
    /// keeps to the range as written.
    func testABoundThatADoubleRoundsIsKeptExactly() throws {
        let upper = (1 << 60) - 1
        XCTAssertEqual(
            integerError("1152921504606846976", in: 0...upper),
            "n: 1.152921504606847e+18 is out of range (0…1152921504606846975)")
        XCTAssertEqual(try integer("1152921504606846720", in: 0...upper), 1_152_921_504_606_846_720)
    }

    func testNumbersInARange() throws {
        let node = { (text: String) throws(ConfigError) -> ConfigNode in
            try ConfigNode.root(parsing: Array(text.utf8))
        }
        XCTAssertEqual(try node("0.25").number(in: 0...1), 0.25)
        XCTAssertThrowsError(try node("1.5").number(in: 0...1)) {
            XCTAssertEqual(($0 as? ConfigError)?.description, "1.5 is out of range (0…1)")
        }
        XCTAssertThrowsError(try node("-1e300").number(in: -1e6...1e6)) {
            XCTAssertEqual(($0 as? ConfigError)?.description, "-1e+300 is out of range (-1000000…1000000)")
        }
    }
}
