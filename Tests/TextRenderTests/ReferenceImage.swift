import Foundation
import Raster
import RasterPNG
import XCTest

/// Golden-image checks for the text tests, in the manner of RasterPNGTests' ImageComparison:
/// re-record with `SWITCHPANEL_RECORD_REFERENCES=1 swift test --filter TextRenderTests`, look at
/// the image, and commit it only if it is right. On a mismatch an expected | diff | actual image
/// is written to .build/test-failures.
enum ReferenceImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References")

    static let failureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/test-failures")

    static var recording: Bool { ProcessInfo.processInfo.environment["SWITCHPANEL_RECORD_REFERENCES"] == "1" }

    /// Compares `actual` with References/`name`.png. Glyph edges may move a little between
    /// FreeType releases, so a pixel may differ by up to `tolerance` levels per channel, and at
    /// most `outlierFraction` of the pixels by more, never by more than `outlierLimit`: a glyph
    /// drawn in the wrong place, size or face changes far more pixels than that.
    static func assertMatches(
        _ actual: Image, name: String, tolerance: Int = 3, outlierFraction: Double = 0.005, outlierLimit: Int = 96,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = directory.appendingPathComponent("\(name).png").path
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try PNG.write(actual, to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail(
                "missing reference image \(path); record it with SWITCHPANEL_RECORD_REFERENCES=1", file: file,
                line: line)
            return
        }
        let expected = try PNG.read(path: path)
        guard expected.width == actual.width, expected.height == actual.height else {
            XCTFail(
                "\(name): size \(actual.width)x\(actual.height) differs from the reference's "
                    + "\(expected.width)x\(expected.height)", file: file, line: line)
            return
        }
        var worst = 0
        var outliers = 0
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let d = difference(actual.pixel(x: x, y: y), expected.pixel(x: x, y: y))
                worst = max(worst, d)
                if d > tolerance { outliers += 1 }
            }
        }
        let allowed = Int(Double(actual.width * actual.height) * outlierFraction)
        if worst > outlierLimit || outliers > allowed {
            let failure = writeFailureImage(name: name, actual: actual, expected: expected)
            XCTFail(
                "\(name): \(outliers) pixels differ by more than \(tolerance) (at most \(allowed) may), the worst by "
                    + "\(worst) (at most \(outlierLimit)); see \(failure)", file: file, line: line)
        }
    }

    static func difference(_ a: PremultipliedColor, _ e: PremultipliedColor) -> Int {
        max(
            abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)), abs(Int(a.blue) - Int(e.blue)),
            abs(Int(a.alpha) - Int(e.alpha)))
    }

    /// Writes expected | diff (×16) | actual side by side and returns the path.
    static func writeFailureImage(name: String, actual: Image, expected: Image) -> String {
        let w = actual.width
        let h = actual.height
        let out = Image(width: w * 3, height: h, format: .argb8888)
        for y in 0..<h {
            for x in 0..<w {
                let a = actual.pixel(x: x, y: y)
                let e = expected.pixel(x: x, y: y)
                out.setPixel(x: x, y: y, e)
                out.setPixel(x: 2 * w + x, y: y, a)
                let v = UInt8(min(255, difference(a, e) * 16))
                out.setPixel(x: w + x, y: y, PremultipliedColor(red: v, green: 0, blue: 0, alpha: 255))
            }
        }
        try? FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let path = failureDirectory.appendingPathComponent("\(name).png").path
        try? PNG.write(out, to: path)
        return path
    }
}
