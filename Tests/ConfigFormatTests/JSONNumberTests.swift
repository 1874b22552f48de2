import ConfigFormat
import XCTest

/// RFC 8259's number grammar, exactly, and what happens at the edges of a Double.
final class JSONNumberTests: XCTestCase {
    func testTheGrammarsForms() {
        XCTAssertEqual(
            parsed("[0, -0, 7, -12, 0.5, -0.25, 1e3, 1E3, 1e+3, 25e-1, 1.5E-1]"),
            .array(
                [0, -0.0, 7, -12, 0.5, -0.25, 1000, 1000, 1000, 2.5, 0.15].map { .number($0) }))
    }

    func testMinusZeroIsZeroWithItsSign() throws {
        guard case .number(let n) = parsed("-0") else { return XCTFail("not a number") }
        XCTAssertEqual(n, 0)
        XCTAssertEqual(n.sign, .minus)
        // It reads and writes back as a plain 0.
        XCTAssertEqual(JSONValue.number(n).text, "0")
        XCTAssertEqual(try ConfigNode(value: .number(n)).integer(in: 0...10), 0)
    }

    func testLeadingZerosAreRefused() {
        XCTAssertEqual(syntaxError("00"), "line 1, column 3: numbers must not start with 0")
        XCTAssertEqual(syntaxError("[-012]"), "line 1, column 6: numbers must not start with 0")
        XCTAssertEqual(syntaxError("007.5"), "line 1, column 4: numbers must not start with 0")
        XCTAssertEqual(parsed("0.007"), .number(0.007))
    }

    func testFormsOtherLanguagesAllowAreRefused() {
        XCTAssertEqual(syntaxError("+1"), "line 1, column 1: unexpected '+' (expected a value)")
        XCTAssertEqual(syntaxError(".5"), "line 1, column 1: unexpected '.' (expected a value)")
        XCTAssertEqual(syntaxError("1."), "line 1, column 3: a number needs digits after '.'")
        XCTAssertEqual(syntaxError("1.e3"), "line 1, column 3: a number needs digits after '.'")
        XCTAssertEqual(syntaxError("1e"), "line 1, column 3: a number needs digits in its exponent")
        XCTAssertEqual(syntaxError("1e+"), "line 1, column 4: a number needs digits in its exponent")
        XCTAssertEqual(syntaxError("-"), "line 1, column 2: a number needs digits")
        XCTAssertEqual(syntaxError("--1"), "line 1, column 2: a number needs digits")
        XCTAssertEqual(syntaxError("-Infinity"), "line 1, column 2: a number needs digits")
        XCTAssertEqual(syntaxError("Infinity"), "line 1, column 1: unexpected 'I' (expected a value)")
        XCTAssertEqual(syntaxError("NaN"), "line 1, column 1: unexpected 'N' (expected a value)")
        XCTAssertEqual(syntaxError("0x10"), "line 1, column 2: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("1_000"), "line 1, column 2: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("[1,000]"), "line 1, column 7: numbers must not start with 0")
    }

    /// Everything a Double holds is taken; past its largest finite value is an error, never
    /// infinity (which no range check downstream would catch as a number).
    func testMagnitudesAtTheEdgesOfADouble() {
        XCTAssertEqual(parsed("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
        XCTAssertEqual(parsed("-1.7976931348623157e308"), .number(-.greatestFiniteMagnitude))
        XCTAssertEqual(parsed("4.9e-324"), .number(.leastNonzeroMagnitude))
        XCTAssertEqual(syntaxError("1.8e308"), "line 1, column 8: a number out of range")
        XCTAssertEqual(syntaxError("[-1e400]"), "line 1, column 8: a number out of range")
        XCTAssertEqual(syntaxError("1e99999999999999999999"), "line 1, column 23: a number out of range")
        XCTAssertEqual(
            syntaxError("1" + String(repeating: "0", count: 400)), "line 1, column 402: a number out of range")
        // Too small to hold rounds to zero, as in every JSON reader built on doubles.
        XCTAssertEqual(parsed("1e-400"), .number(0))
        XCTAssertEqual(parsed("1e-99999999999999999999"), .number(0))
    }

    /// A Double holds every integer up to 2^53 exactly; past that a literal reads as the nearest
    /// one it holds. (No config integer comes near: the largest range any reader asks for is a
    /// version up to Int32.max.)
    func testIntegersPast2To53ReadAsTheNearestDouble() {
        XCTAssertEqual(parsed("9007199254740992"), .number(9_007_199_254_740_992))
        XCTAssertEqual(parsed("9007199254740993"), .number(9_007_199_254_740_992))
        XCTAssertEqual(parsed("9223372036854775807"), .number(9_223_372_036_854_775_808))
    }

    func testNumbersWriteBackAsAConfigWouldHoldThem() {
        XCTAssertEqual(
            parsed("[3, 0.25, -1.5, 1e300, 1e15, 999999999999999]")?.text,
            "[3,0.25,-1.5,1e+300,1000000000000000.0,999999999999999]")
        XCTAssertEqual(parsed("1e2")?.text, "100")
    }
}
