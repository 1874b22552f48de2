import Raster
import RasterPNG
import XCTest

/// PNG round trips through libpng, and bad input that must throw, never crash.
final class PNGTests: XCTestCase {
    /// An image with opaque, translucent and transparent pixels.
    func sampleImage() -> Image {
        let image = Image(width: 37, height: 23, format: .argb8888)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = Color(
                    red: UInt8(x * 7 % 256), green: UInt8(y * 11 % 256), blue: UInt8((x + y) * 5 % 256),
                    alpha: UInt8([255, 128, 0, 1, 254][(x + y) % 5]))
                image.setPixel(x: x, y: y, c.premultiplied)
            }
        }
        return image
    }

    func testRoundTripKeepsStraightColoursAndAlpha() throws {
        let image = sampleImage()
        let decoded = try PNG.decode(try PNG.encode(image.surface))
        XCTAssertEqual(decoded.width, image.width)
        XCTAssertEqual(decoded.height, image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let a = image.pixel(x: x, y: y)
                let b = decoded.pixel(x: x, y: y)
                XCTAssertEqual(a.alpha, b.alpha)
                // Premultiplied → straight (8 bits on disk) → premultiplied loses at most one level.
                XCTAssertLessThanOrEqual(abs(Int(a.red) - Int(b.red)), 1, "(\(x),\(y))")
                XCTAssertLessThanOrEqual(abs(Int(a.green) - Int(b.green)), 1, "(\(x),\(y))")
                XCTAssertLessThanOrEqual(abs(Int(a.blue) - Int(b.blue)), 1, "(\(x),\(y))")
            }
        }
    }

    func testOpaqueImagesRoundTripExactlyInEveryFormat() throws {
        for format in PixelFormat.allCases {
            let image = Image(width: 19, height: 7, format: format)
            for y in 0..<7 {
                for x in 0..<19 {
                    image.setPixel(
                        x: x, y: y,
                        PremultipliedColor(
                            argb: 0xFF00_0000 | UInt32(x * 13) << 16 | UInt32(y * 31) << 8 | UInt32(x * y)))
                }
            }
            let decoded = try PNG.decode(try PNG.encode(image.surface))
            for y in 0..<7 {
                for x in 0..<19 {
                    // What the format holds is what comes back.
                    XCTAssertEqual(decoded.pixel(x: x, y: y), image.pixel(x: x, y: y), "\(format) (\(x),\(y))")
                }
            }
        }
    }

    func testFileRoundTripAndMissingFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("switchpanel-png-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.png").path
        try PNG.write(sampleImage(), to: path)
        XCTAssertEqual(try PNG.read(path: path).width, 37)
        XCTAssertThrowsError(try PNG.read(path: dir.appendingPathComponent("missing.png").path)) { error in
            guard case PNGError.file = error else { return XCTFail("expected a file error, got \(error)") }
        }
    }

    func assertDecodeFails(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PNG.decode(bytes), what, file: file, line: line) { error in
            guard case PNGError.decode(let message) = error else {
                return XCTFail("\(what): expected a decode error, got \(error)", file: file, line: line)
            }
            XCTAssertFalse(message.isEmpty, "\(what): the error carries libpng's reason", file: file, line: line)
        }
    }

    func testCorruptAndTruncatedInputThrows() throws {
        let valid = try PNG.encode(sampleImage().surface)
        assertDecodeFails([], "empty input")
        assertDecodeFails(Array("not a png at all".utf8), "text")
        assertDecodeFails(Array(valid.prefix(8)), "signature only")
        assertDecodeFails(Array(valid.prefix(33)), "header only")
        assertDecodeFails(Array(valid.prefix(valid.count / 2)), "truncated in the image data")
        assertDecodeFails(Array(valid.dropLast(20)), "missing the end")
        // A flipped bit in the header chunk breaks its CRC.
        var badCRC = valid
        badCRC[20] ^= 0x40
        assertDecodeFails(badCRC, "header CRC mismatch")
    }

    /// Random garbage, and valid files with random bytes overwritten: every outcome is an
    /// image or a thrown error, never a crash.
    func testGarbageNeverCrashes() throws {
        let valid = try PNG.encode(sampleImage().surface)
        var state: UInt64 = 0x1234_5678
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var failures = 0
        for round in 0..<300 {
            var bytes = valid
            if round % 3 == 0 {
                bytes = (0..<Int(next() % 400)).map { _ in UInt8(truncatingIfNeeded: next()) }
            } else {
                for _ in 0..<(1 + Int(next() % 8)) {
                    bytes[8 + Int(next() % UInt64(bytes.count - 8))] = UInt8(truncatingIfNeeded: next())
                }
            }
            if (try? PNG.decode(bytes)) == nil { failures += 1 }
        }
        XCTAssertGreaterThan(failures, 100, "most damaged inputs are rejected")
    }
}
