import ConfigFormat
import XCTest

/// The document as a whole: empty input, the byte-order mark, what may follow the value, the
/// nesting and size limits, and the line and column every syntax error names.
final class JSONSyntaxTests: XCTestCase {
    func testEmptyInputSaysSoAtTheStart() {
        XCTAssertEqual(syntaxError(""), "line 1, column 1: the file is empty (expected a JSON object)")
        XCTAssertEqual(syntaxError("  \n\t"), "line 2, column 2: the file is empty (expected a JSON object)")
    }

    func testAConfigNodeWrapsTheSyntaxErrorWithoutAPath() {
        XCTAssertEqual(
            configError("") { _ throws(ConfigError) in },
            "not valid JSON: line 1, column 1: the file is empty (expected a JSON object)")
    }

    func testTheOnlyWhitespaceIsSpaceTabLineFeedAndCarriageReturn() {
        XCTAssertEqual(parsed(" \t\r\n{}\r\n"), .object([]))
        XCTAssertEqual(syntaxError("\u{0C}{}"), "line 1, column 1: unexpected byte 0xc (expected a value)")
        // A no-break space (C2 A0) is not whitespace in JSON.
        XCTAssertEqual(syntaxError("\u{A0}{}"), "line 1, column 1: unexpected byte 0xc2 (expected a value)")
    }

    func testAUTF8ByteOrderMarkIsSkippedAndNotCounted() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(parsed(bom + Array("{\"a\": 1}".utf8)), .object([("a", .number(1))]))
        // Editors do not show the mark: the column is that of the text after it.
        XCTAssertEqual(syntaxError(bom + Array("{x".utf8)), "line 1, column 2: expected a key in quotes")
        XCTAssertEqual(syntaxError(bom), "line 1, column 1: the file is empty (expected a JSON object)")
        // One mark only, and only at the start.
        XCTAssertEqual(
            syntaxError(bom + bom + Array("{}".utf8)), "line 1, column 1: unexpected byte 0xef (expected a value)")
        XCTAssertEqual(syntaxError(Array("{}".utf8) + bom), "line 1, column 3: unexpected text after the JSON value")
    }

    func testUTF16IsRefusedAtItsFirstByte() {
        XCTAssertEqual(
            syntaxError([0xFF, 0xFE, UInt8(ascii: "{"), 0, UInt8(ascii: "}"), 0]),
            "line 1, column 1: unexpected byte 0xff (expected a value)")
    }

    func testNothingButWhitespaceMayFollowTheValue() {
        XCTAssertEqual(parsed("{}\n\n  "), .object([]))
        XCTAssertEqual(syntaxError("{} x"), "line 1, column 4: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("{}{}"), "line 1, column 3: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("{}\0"), "line 1, column 3: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("[1]]"), "line 1, column 4: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("{}\n// a comment"), "line 2, column 1: unexpected text after the JSON value")
        XCTAssertEqual(syntaxError("truex"), "line 1, column 5: unexpected text after the JSON value")
    }

    func testTrailingCommasAndMissingSeparatorsAreRefused() {
        XCTAssertEqual(syntaxError("[1,]"), "line 1, column 4: unexpected ']' (expected a value)")
        XCTAssertEqual(syntaxError("{\"a\":1,}"), "line 1, column 8: expected a key in quotes")
        XCTAssertEqual(syntaxError("[1 2]"), "line 1, column 4: expected ',' or ']'")
        XCTAssertEqual(syntaxError("{\"a\":1 \"b\":2}"), "line 1, column 8: expected ',' or '}'")
        XCTAssertEqual(syntaxError("{\"a\" 1}"), "line 1, column 6: expected ':' after \"a\"")
        XCTAssertEqual(syntaxError("{a:1}"), "line 1, column 2: expected a key in quotes")
        XCTAssertEqual(syntaxError("[,1]"), "line 1, column 2: unexpected ',' (expected a value)")
    }

    func testUnclosedContainersSayWhatIsOpen() {
        XCTAssertEqual(syntaxError("{"), "line 1, column 2: unexpected end of file (an object is not closed)")
        XCTAssertEqual(syntaxError("{\"a\":1"), "line 1, column 7: unexpected end of file (an object is not closed)")
        XCTAssertEqual(syntaxError("{\"a\":"), "line 1, column 6: unexpected end of file")
        XCTAssertEqual(syntaxError("[1,"), "line 1, column 4: unexpected end of file")
        XCTAssertEqual(syntaxError("[1"), "line 1, column 3: unexpected end of file (an array is not closed)")
    }

    func testLiteralsAreLowerCaseAndWhole() {
        XCTAssertEqual(parsed("[true,false,null]"), .array([.bool(true), .bool(false), .null]))
        XCTAssertEqual(syntaxError("tru"), "line 1, column 1: unexpected text (expected true)")
        XCTAssertEqual(syntaxError("nul"), "line 1, column 1: unexpected text (expected null)")
        XCTAssertEqual(syntaxError("True"), "line 1, column 1: unexpected 'T' (expected a value)")
        XCTAssertEqual(syntaxError("[fals]"), "line 1, column 2: unexpected text (expected false)")
        XCTAssertEqual(syntaxError("undefined"), "line 1, column 1: unexpected 'u' (expected a value)")
    }

    func testLinesAndColumnsCountCharactersNotBytes() {
        XCTAssertEqual(syntaxError("{\n  \"a\": tru\n}"), "line 2, column 8: unexpected text (expected true)")
        // é is two bytes, 中 three: one column each.
        XCTAssertEqual(syntaxError("{\"é\": x}"), "line 1, column 7: unexpected 'x' (expected a value)")
        XCTAssertEqual(syntaxError("{\"中\":\n\n   ?}"), "line 3, column 4: unexpected '?' (expected a value)")
        // A carriage return is a column, not a line (CR LF files count their lines by the LF).
        XCTAssertEqual(syntaxError("{\r\n\"a\":?}"), "line 2, column 5: unexpected '?' (expected a value)")
    }

    /// 64 levels: far more than any board config (which is 5 deep), few enough that the
    /// recursive descent and the recursive `==`, `text` and `hash` of the value it builds
    /// cannot run out of stack.
    func testNestingIsLimitedTo64Levels() {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertEqual(parsed(deepest)?.text, deepest)
        XCTAssertEqual(
            syntaxError(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)),
            "line 1, column 65: nested deeper than 64 levels")
        // A value inside the 64th level is a 65th.
        XCTAssertEqual(
            syntaxError(String(repeating: "[", count: 64) + "1" + String(repeating: "]", count: 64)),
            "line 1, column 65: nested deeper than 64 levels")
        XCTAssertNotNil(parsed(String(repeating: "[", count: 63) + "1" + String(repeating: "]", count: 63)))
        XCTAssertEqual(
            syntaxError(String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65)),
            "line 1, column 321: nested deeper than 64 levels")
    }

    /// 100,000 '[' (and as many '{"a":') — the input that overflows the stack of a parser that
    /// recurses without a limit — stop at the limit with an error, unclosed or not.
    func testAHundredThousandOpeningBracketsGiveAnErrorNotACrash() {
        XCTAssertEqual(
            syntaxError(String(repeating: "[", count: 100_000)), "line 1, column 65: nested deeper than 64 levels")
        XCTAssertEqual(
            syntaxError(String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)),
            "line 1, column 65: nested deeper than 64 levels")
        XCTAssertEqual(
            syntaxError(String(repeating: "{\"a\":", count: 100_000)),
            "line 1, column 321: nested deeper than 64 levels")
        XCTAssertEqual(
            syntaxError(String(repeating: "[{\"a\":", count: 50_000)),
            "line 1, column 193: nested deeper than 64 levels")
    }

    func testInputIsLimitedTo4MiB() {
        let limit = JSONParser.maximumBytes
        XCTAssertEqual(limit, 4 * 1024 * 1024)
        let padded = "[" + String(repeating: " ", count: limit - 2) + "]"
        XCTAssertEqual(parsed(padded), .array([]))
        XCTAssertEqual(syntaxError(padded + " "), "line 1, column 1: the file is larger than 4 MiB")
    }

    func testWideFlatDocumentsParse() {
        let items = (0..<100_000).map(String.init).joined(separator: ",")
        guard case .array(let values) = parsed("[" + items + "]") else { return XCTFail("not an array") }
        XCTAssertEqual(values.count, 100_000)
        XCTAssertEqual(values.last, .number(99_999))
    }
}
