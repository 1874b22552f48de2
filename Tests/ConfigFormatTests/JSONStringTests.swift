import ConfigFormat
import XCTest

/// Strings: every escape of RFC 8259, UTF-16 surrogates in `\u` escapes, control characters,
/// UTF-8 validity, and writing back.
final class JSONStringTests: XCTestCase {
    func testTheEightSingleCharacterEscapes() {
        XCTAssertEqual(parsed(#""\"\\\/\b\f\n\r\t""#), .string("\"\\/\u{08}\u{0C}\n\r\t"))
    }

    func testOtherEscapesAreRefused() {
        XCTAssertEqual(syntaxError(#""\x41""#), "line 1, column 4: unknown escape \\x")
        XCTAssertEqual(syntaxError(#""\'""#), "line 1, column 4: unknown escape \\'")
        XCTAssertEqual(syntaxError(#""\U0041""#), "line 1, column 4: unknown escape \\U")
        XCTAssertEqual(syntaxError(#""\"#), "line 1, column 3: unexpected end of file in an escape")
    }

    func testUnicodeEscapesTakeFourHexDigitsOfEitherCase() {
        XCTAssertEqual(parsed(#""\u0041\u00e9\u00E9\u4E2d\u0000""#), .string("Aéé中\u{0}"))
        XCTAssertEqual(syntaxError(#""\u12""#), "line 1, column 4: \\u needs four hex digits")
        XCTAssertEqual(syntaxError(#""\u12"#), "line 1, column 4: \\u needs four hex digits")
        XCTAssertEqual(syntaxError(#""\u00g1""#), "line 1, column 4: \\u needs four hex digits")
        XCTAssertEqual(syntaxError(#""\u 041""#), "line 1, column 4: \\u needs four hex digits")
    }

    /// Four hex digits and nothing else: Swift's integer parser would take a sign (`+041` is
    /// 0x41, `-000` is 0), so a reader built on it took `\u+041` for "A" and `\u-000` for NUL.
    func testASignIsNotAHexDigit() {
        XCTAssertEqual(syntaxError(#""\u+041""#), "line 1, column 4: \\u needs four hex digits")
        XCTAssertEqual(syntaxError(#""\u-000""#), "line 1, column 4: \\u needs four hex digits")
        XCTAssertEqual(syntaxError(#""\ud83d\u+e00""#), "line 1, column 10: \\u needs four hex digits")
    }

    func testSurrogatePairsMakeOneScalar() {
        XCTAssertEqual(parsed(#""\ud83d\ude00""#), .string("😀"))
        XCTAssertEqual(parsed(#""\uD834\uDD1E!""#), .string("𝄞!"))
        XCTAssertEqual(parsed(#""\udbff\udfff""#), .string("\u{10FFFF}"))
        // The same scalar written as UTF-8 reads the same.
        XCTAssertEqual(parsed(#""\ud83d\ude00""#), parsed("\"😀\""))
    }

    func testLoneSurrogatesAreRefused() {
        XCTAssertEqual(syntaxError(#""\ud83d""#), "line 1, column 8: a lone UTF-16 surrogate in \\u escape")
        XCTAssertEqual(syntaxError(#""\ud83dx""#), "line 1, column 8: a lone UTF-16 surrogate in \\u escape")
        XCTAssertEqual(syntaxError(#""\ud83d\n""#), "line 1, column 8: a lone UTF-16 surrogate in \\u escape")
        XCTAssertEqual(syntaxError(#""\ud83d\u0041""#), "line 1, column 14: a bad UTF-16 surrogate pair")
        XCTAssertEqual(syntaxError(#""\ud83d\ud83d""#), "line 1, column 14: a bad UTF-16 surrogate pair")
        // A low surrogate first is not a scalar either.
        XCTAssertEqual(syntaxError(#""\ude00\ud83d""#), "line 1, column 8: \\u escape is not a Unicode scalar")
    }

    func testControlCharactersMustBeEscaped() {
        XCTAssertEqual(syntaxError("\"a\tb\""), "line 1, column 4: a control character in a string (escape it)")
        XCTAssertEqual(syntaxError("\"a\nb\""), "line 2, column 1: a control character in a string (escape it)")
        XCTAssertEqual(
            syntaxError([0x22, 0x00, 0x22]), "line 1, column 3: a control character in a string (escape it)")
        XCTAssertEqual(
            syntaxError([0x22, 0x1F, 0x22]), "line 1, column 3: a control character in a string (escape it)")
        // DEL (0x7F) is not one of JSON's control characters.
        XCTAssertEqual(parsed([0x22, 0x7F, 0x22]), .string("\u{7F}"))
    }

    func testStringsMustBeValidUTF8() {
        XCTAssertEqual(parsed("\"中文 ü\""), .string("中文 ü"))
        XCTAssertEqual(syntaxError([0x22, 0xFF, 0x22]), "line 1, column 4: invalid UTF-8 in a string")
        // An overlong "/", a UTF-8-encoded surrogate, a truncated sequence before an escape.
        XCTAssertEqual(syntaxError([0x22, 0xC0, 0xAF, 0x22]), "line 1, column 4: invalid UTF-8 in a string")
        XCTAssertEqual(syntaxError([0x22, 0xED, 0xA0, 0x80, 0x22]), "line 1, column 4: invalid UTF-8 in a string")
        XCTAssertEqual(
            syntaxError([0x22, 0xE4, 0xB8, 0x5C, 0x6E, 0x22]), "line 1, column 4: invalid UTF-8 in a string")
        // Outside a string, a byte that is no JSON is named.
        XCTAssertEqual(
            syntaxError([0x5B, 0xC3, 0xA9, 0x5D]), "line 1, column 2: unexpected byte 0xc3 (expected a value)")
    }

    func testAnUnclosedStringSaysSo() {
        XCTAssertEqual(syntaxError("\"abc"), "line 1, column 5: unexpected end of file (a string is not closed)")
        XCTAssertEqual(syntaxError("{\"ab"), "line 1, column 5: unexpected end of file (a string is not closed)")
    }

    func testStringsWriteBackEscapedAndReadBackTheSame() {
        let value = JSONValue.string("\u{1}\"\\\n\r\t\u{1F}\u{7F}é😀/")
        XCTAssertEqual(value.text, #""\u0001\"\\\n\r\t\u001f"# + "\u{7F}é😀/\"")
        XCTAssertEqual(parsed(value.text), value)
    }

    func testErrorsEchoAtMost32CharactersOfAValue() {
        let long = JSONValue.string(String(repeating: "x", count: 1000))
        XCTAssertEqual(long.shown, "\"" + String(repeating: "x", count: 31) + "…")
    }
}
