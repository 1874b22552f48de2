import ConfigFormat
import Raster
import XCTest

/// A reader shaped like a board config's: `{"version", "switches": [{"label", "on", "style":
/// {"trackColorOn"}}]}`, every level refusing keys it does not know.
private func readBoard(_ root: ConfigNode) throws(ConfigError) {
    let top = try root.object(allowed: ["version", "switches"])
    _ = try top.required("version").integer(in: 1...Int(Int32.max))
    for item in try top.value("switches", else: [], ValueReader { n throws(ConfigError) in try n.array() }) {
        let s = try item.object(allowed: ["label", "on", "style"])
        _ = try s.required("label").text()
        _ = try s.value("on", else: false, .bool)
        if let style = s.optional("style") {
            let o = try style.object(allowed: ["trackColorOn"])
            _ = try o.value("trackColorOn", else: Color(hex: "#000000")!, .color)
        }
    }
}

private func boardError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    configError(text, file: file, line: line, readBoard)
}

/// The path every reader's error names (`switches[2].style.trackColorOn`), and unknown keys
/// refused at every depth.
final class ConfigPathTests: XCTestCase {
    func testAValidConfigReads() {
        XCTAssertNoThrow(
            try readBoard(
                ConfigNode.root(
                    parsing: Array(
                        ##"{"version":1,"switches":[{"label":"Hall","on":true,"style":{"trackColorOn":"#34C759"}}]}"##
                            .utf8))))
    }

    func testPathsNameObjectMembersAndArrayItemsDownToTheValue() {
        XCTAssertEqual(
            boardError(
                ##"{"version":1,"switches":[{"label":"a"},{"label":"b"},{"label":"c","style":{"trackColorOn":"green"}}]}"##
            ), ##"switches[2].style.trackColorOn: expected "#RRGGBB" or "#RRGGBBAA", got "green""##)
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":[{"label":"a","on":1}]}"#),
            "switches[0].on: expected true or false, got a number")
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":{}}"#), "switches: expected an array, got an object")
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":[[]]}"#), "switches[0]: expected an object, got an array")
    }

    func testTheRootHasNoPath() {
        XCTAssertEqual(boardError("[]"), "expected an object, got an array")
        XCTAssertEqual(boardError("null"), "expected an object, got null")
    }

    func testAMissingOrNullMemberIsMissingAtItsPath() {
        XCTAssertEqual(boardError(#"{"switches":[]}"#), "version: missing")
        XCTAssertEqual(boardError(#"{"version":null}"#), "version: missing")
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":[{"label":"a"},{"on":true}]}"#), "switches[1].label: missing")
    }

    func testUnknownKeysAreRefusedAtEveryDepthWithTheKeysThatAreKnown() {
        XCTAssertEqual(
            boardError(#"{"version":1,"swiches":[]}"#), "swiches: unknown key (expected one of: version, switches)")
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":[{"label":"a","Label":"b"}]}"#),
            "switches[0].Label: unknown key (expected one of: label, on, style)")
        XCTAssertEqual(
            boardError(##"{"version":1,"switches":[{"label":"a","style":{"trackColorOff":"#000000"}}]}"##),
            "switches[0].style.trackColorOff: unknown key (expected one of: trackColorOn)")
    }

    func testAnUnknownKeyIsReportedBeforeTheValuesAfterIt() {
        // The first unknown key in file order, even when a known member later is wrong too.
        XCTAssertEqual(
            boardError(#"{"extra":1,"version":"one"}"#), "extra: unknown key (expected one of: version, switches)")
    }

    func testPathsThroughNestedArraysAndARootArray() throws {
        let root = try ConfigNode.root(parsing: Array(#"{"grid":[[{"x":1}],[{"x":2},{"x":3,"z":0}]]}"#.utf8))
        do {
            for row in try root.object(allowed: ["grid"]).required("grid").array() {
                for cell in try row.array() { _ = try cell.object(allowed: ["x"]) }
            }
            XCTFail("read")
        } catch {
            XCTAssertEqual(error.description, "grid[1][1].z: unknown key (expected one of: x)")
        }
        XCTAssertEqual(
            configError(#"[{"a":1},{"b":true}]"#) { n throws(ConfigError) in
                for item in try n.array() { _ = try item.object(allowed: ["a"]).required("a").bool() }
            }, "[0].a: expected true or false, got a number")
    }

    /// A key is echoed in a path at most 32 characters long, so a megabyte key still gives an
    /// error of one short line.
    func testALongKeyIsCutShortInThePath() {
        let key = String(repeating: "k", count: 100_000)
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":[{"label":"a","\#(key)":1}]}"#),
            "switches[0]." + String(repeating: "k", count: 32) + "…: unknown key (expected one of: label, on, style)")
    }

    /// A key that a bare path would garble — empty, or holding a dot, a bracket, a quote or a
    /// line break — is shown quoted (JSON's escapes), so the path still says where, on one line.
    func testAKeyThatABarePathWouldGarbleIsShownQuoted() {
        XCTAssertEqual(boardError(#"{"":1}"#), #""": unknown key (expected one of: version, switches)"#)
        XCTAssertEqual(
            boardError(#"{"version":1,"switches":[{"label":"a","":1}]}"#),
            #"switches[0]."": unknown key (expected one of: label, on, style)"#)
        XCTAssertEqual(
            boardError(##"{"version":1,"switches":[{"style.trackColorOn":"#000000","label":"a"}]}"##),
            #"switches[0]."style.trackColorOn": unknown key (expected one of: label, on, style)"#)
        XCTAssertEqual(boardError(#"{"a[0]":1}"#), #""a[0]": unknown key (expected one of: version, switches)"#)
        XCTAssertEqual(boardError(#"{"a\nb":1}"#), #""a\nb": unknown key (expected one of: version, switches)"#)
        XCTAssertEqual(
            boardError(#"{"say \"hi\"":1}"#), #""say \"hi\"": unknown key (expected one of: version, switches)"#)
        // Spaces and letters beyond ASCII read fine bare.
        XCTAssertEqual(boardError(#"{"größe x":1}"#), "größe x: unknown key (expected one of: version, switches)")
    }
}

/// Duplicate keys: refused by the parser, at the second one's line and column, at any depth.
final class DuplicateKeyTests: XCTestCase {
    func testASecondKeyIsRefusedWhereItStands() {
        XCTAssertEqual(syntaxError(#"{"a":1,"a":2}"#), #"line 1, column 8: the key "a" appears twice"#)
        XCTAssertEqual(
            syntaxError(#"{"switches":[{},{"label":"x","label":"y"}]}"#),
            #"line 1, column 30: the key "label" appears twice"#)
        XCTAssertEqual(
            syntaxError("{\n  \"a\": {\n    \"b\": 1,\n    \"b\": 1\n  }\n}"),
            #"line 4, column 5: the key "b" appears twice"#)
        XCTAssertEqual(
            configError(#"{"a":1,"a":1}"#) { _ throws(ConfigError) in },
            #"not valid JSON: line 1, column 8: the key "a" appears twice"#)
    }

    func testTheSameKeyInDifferentObjectsIsFine() {
        XCTAssertEqual(
            parsed(#"[{"a":1},{"a":2,"b":{"a":3}}]"#)?.text, #"[{"a":1},{"a":2,"b":{"a":3}}]"#)
    }

    func testKeysCompareAsTextNotAsTheirSpelling() {
        // An escape spells the same key.
        XCTAssertEqual(syntaxError(#"{"a":1,"\u0061":2}"#), #"line 1, column 8: the key "a" appears twice"#)
        // Keys that differ in case are two keys.
        XCTAssertEqual(parsed(#"{"a":1,"A":2}"#)?["A"], .number(2))
        // Swift compares strings by canonical equivalence: a precomposed é and e with a combining
        // accent look the same, and are refused as one key given twice rather than read as two.
        XCTAssertEqual(
            syntaxError(#"{"\u00e9":1,"e\u0301":2}"#), "line 1, column 13: the key \"e\u{301}\" appears twice")
    }

    func testALongDuplicateKeyIsCutShort() {
        let key = String(repeating: "k", count: 1000)
        XCTAssertEqual(
            syntaxError(#"{"\#(key)":1,"\#(key)":2}"#),
            "line 1, column 1007: the key \"" + String(repeating: "k", count: 31) + "… appears twice")
    }
}
