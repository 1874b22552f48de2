import ConfigFormat
import XCTest

/// The error `JSONParser` gives for `bytes`, as its one-line text (`line 1, column 3: …`); a
/// failure when the bytes parse.
func syntaxError(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
        let value = try JSONParser.parse(bytes)
        XCTFail("parsed as \(value.shown), expected an error", file: file, line: line)
        return nil
    } catch {
        return error.description
    }
}

func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    syntaxError(Array(text.utf8), file: file, line: line)
}

/// The value of `text`, or a failure naming the parser's error.
func parsed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    parsed(Array(text.utf8), file: file, line: line)
}

func parsed(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
    do {
        return try JSONParser.parse(bytes)
    } catch {
        XCTFail("not parsed: \(error)", file: file, line: line)
        return nil
    }
}

/// The error a config reader gives for `text`, as `path: reason`.
func configError(
    _ text: String, file: StaticString = #filePath, line: UInt = #line,
    _ read: (ConfigNode) throws(ConfigError) -> Void
) -> String? {
    do {
        try read(try ConfigNode.root(parsing: Array(text.utf8)))
        XCTFail("read, expected an error", file: file, line: line)
        return nil
    } catch {
        return error.description
    }
}
