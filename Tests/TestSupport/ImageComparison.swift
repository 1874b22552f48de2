import Foundation
import Raster
import RasterPNG
import XCTest

/// Reference-image checks in the manner of vello's test utilities: an explicit per-channel
/// threshold, a mean-difference bound, the count of differing pixels, and on failure an
/// expected | diff | actual image written next to the build for a person to look at.
/// Shared by every test target that compares pixels.
public struct ImageComparison: Sendable {
    /// Where this test target's reference images live (in the source tree, so re-recording
    /// can write them).
    public let referenceDirectory: URL

    /// `testFile` is `#filePath` of a file in the test target; references sit in `References/` beside it.
    public init(testFile: String) {
        referenceDirectory = URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("References")
    }

    /// Where expected | diff | actual images go when a comparison fails.
    public static let failureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/test-failures")

    /// Re-record golden images instead of comparing when this variable is "1".
    public static var recording: Bool { ProcessInfo.processInfo.environment["SWITCHPANEL_RECORD_REFERENCES"] == "1" }

    public struct Difference {
        public var meanAbsolute: Double
        public var maximum: Int
        public var differingPixels: Int
        public var worst: (x: Int, y: Int)
    }

    /// Per-channel RGB differences (alpha too when both images have it) over `rect`
    /// of `actual` against the same-size `rect` of `expected` at `expectedOrigin`.
    public static func difference(
        _ actual: Image, _ expected: Image, rect: IntRect? = nil, expectedOrigin: (Int, Int) = (0, 0)
    ) -> Difference {
        let r = rect ?? actual.bounds
        var sum = 0
        var maximum = 0
        var differing = 0
        var worst = (x: 0, y: 0)
        let channels = 3
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX {
                let a = actual.pixel(x: x, y: y)
                let e = expected.pixel(x: x - r.minX + expectedOrigin.0, y: y - r.minY + expectedOrigin.1)
                let d = [
                    abs(Int(a.red) - Int(e.red)), abs(Int(a.green) - Int(e.green)), abs(Int(a.blue) - Int(e.blue)),
                ]
                let m = d.max()!
                sum += d.reduce(0, +)
                if m > 0 { differing += 1 }
                if m > maximum {
                    maximum = m
                    worst = (x, y)
                }
            }
        }
        return Difference(
            meanAbsolute: Double(sum) / Double(max(1, r.area * channels)), maximum: maximum,
            differingPixels: differing, worst: worst)
    }

    /// Reads the reference image `name` (with extension).
    public func reference(_ name: String) throws -> Image {
        try PNG.read(path: referenceDirectory.appendingPathComponent(name).path)
    }

    /// Writes expected | diff | actual side by side and returns the path; the diff is
    /// ``ImageDifference/picture(actual:expected:tolerance:)`` (red: off by more than
    /// `tolerance`, yellow: off by less, grey: equal).
    @discardableResult
    public static func writeFailureImage(name: String, actual: Image, expected: Image, tolerance: Int = 0) -> String {
        let w = actual.width
        let h = actual.height
        let out = Image(width: w * 3, height: h, format: .argb8888)
        let sameSize = ImageDifference.sameSize(actual, expected)
        let diff = sameSize ? ImageDifference.picture(actual: actual, expected: expected, tolerance: tolerance) : nil
        for y in 0..<h {
            for x in 0..<w {
                let e = x < expected.width && y < expected.height ? expected.pixel(x: x, y: y) : .transparent
                out.setPixel(x: x, y: y, e)
                out.setPixel(x: w + x, y: y, diff?.pixel(x: x, y: y) ?? .transparent)
                out.setPixel(x: 2 * w + x, y: y, actual.pixel(x: x, y: y))
            }
        }
        try? FileManager.default.createDirectory(at: failureDirectory, withIntermediateDirectories: true)
        let path = failureDirectory.appendingPathComponent("\(name).png").path
        try? PNG.write(out, to: path)
        return path
    }

    /// Compares `actual` with the golden image `name`.png: no channel (alpha included) may
    /// differ by more than `tolerance` levels — except that up to `outlierFraction` of the pixels
    /// may differ by up to `outlierLimit` (for glyph edges, which move a little between FreeType
    /// releases; a glyph in the wrong place, size or face changes far more pixels than that).
    /// With SWITCHPANEL_RECORD_REFERENCES=1 the golden image is written instead (review it
    /// before committing).
    public func assertMatchesGolden(
        _ actual: Image, name: String, tolerance: Int, outlierFraction: Double = 0, outlierLimit: Int = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let path = referenceDirectory.appendingPathComponent("\(name).png").path
        if ImageComparison.recording {
            try FileManager.default.createDirectory(at: referenceDirectory, withIntermediateDirectories: true)
            try PNG.write(actual, to: path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            XCTFail(
                "missing golden image \(path); record it with SWITCHPANEL_RECORD_REFERENCES=1", file: file, line: line)
            return
        }
        let expected = try PNG.read(path: path)
        guard expected.width == actual.width, expected.height == actual.height else {
            XCTFail(
                "\(name): size \(actual.width)x\(actual.height) differs from the golden \(expected.width)x\(expected.height)",
                file: file, line: line)
            return
        }
        let difference = ImageDifference(actual: actual, expected: expected, tolerance: tolerance)
        let (worst, outliers) = (difference.largest, difference.differingPixels)
        let allowed = Int(Double(actual.width * actual.height) * outlierFraction)
        if outliers > allowed || worst > max(tolerance, outlierLimit) {
            let failure = ImageComparison.writeFailureImage(
                name: name, actual: actual, expected: expected, tolerance: tolerance)
            XCTFail(
                "\(name): \(outliers) pixels differ by more than \(tolerance) (\(allowed) may, by at most "
                    + "\(max(tolerance, outlierLimit))), the worst by \(worst); see \(failure)", file: file, line: line)
        }
    }
}
