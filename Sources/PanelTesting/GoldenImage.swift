import FoundationEssentials
import LinuxIO
import Raster
import RasterPNG

/// Golden images: a screen compared with a reviewed PNG, with a stated tolerance, and the
/// pictures a person needs when they differ. `expect screen` and the Swift API share this.
public enum GoldenImage {
    /// Compares `actual` with the PNG at `path`. Tolerance: how many levels (0…255) any channel
    /// of any pixel may be off (0: identical). A missing golden is a failing comparison, not an
    /// error; a golden that is not a PNG is an error.
    public static func compare(_ actual: Image, toGolden path: String, tolerance: Int = 0) throws -> GoldenComparison {
        guard FileManager.default.fileExists(atPath: path) else {
            return GoldenComparison(golden: path, tolerance: tolerance, actual: actual, expected: nil)
        }
        return GoldenComparison(golden: path, tolerance: tolerance, actual: actual, expected: try PNG.read(path: path))
    }

    /// What recording a golden did.
    public enum Update: Equatable, Sendable {
        /// There was none; it is written.
        case created
        /// The screen is the golden, pixel for pixel; the file is left as it was.
        case identical
        /// The screen differs (by `difference`; nil when the size changed or the old golden was not
        /// a readable PNG); the golden is rewritten.
        case changed(ImageDifference?)
    }

    /// Writes `actual` as the golden at `path` unless it already shows exactly that; says which.
    public static func record(_ actual: Image, as path: String) throws -> Update {
        // A golden that is not a PNG any more (a bad merge, a truncated file) is replaced too.
        let comparison = try? compare(actual, toGolden: path, tolerance: 0)
        if comparison?.passes == true { return .identical }
        let directory = FilePaths.directory(of: path)
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try PNG.write(actual, to: path)
        guard let comparison else { return .changed(nil) }
        return comparison.expected == nil ? .created : .changed(comparison.difference)
    }

    /// Removes what ``GoldenComparison/writeFailureImages(in:)`` wrote for `golden` in an earlier
    /// run (after a pass or an update, stale pictures would mislead).
    public static func removeFailureImages(of golden: String, in directory: String? = nil) {
        for kind in ["expected", "actual", "diff"] {
            try? FileManager.default.removeItem(atPath: failureImagePath(of: golden, kind, in: directory))
        }
    }

    /// `NAME.KIND.png` for the golden `NAME.png`, in `directory` or beside the golden.
    static func failureImagePath(of golden: String, _ kind: String, in directory: String?) -> String {
        let name = FilePaths.stem(of: golden)
        let folder = directory ?? FilePaths.directory(of: golden)
        return FilePaths.join(folder, "\(name).\(kind).png")
    }
}

/// A screen against its golden image: whether it passes and, when not, where and by how much.
public struct GoldenComparison: CustomStringConvertible {
    /// The golden's path.
    public let golden: String
    public let tolerance: Int
    public let actual: Image
    /// The golden's pixels; nil when there is no golden yet.
    public let expected: Image?
    /// Pixel by pixel; nil when there is no golden or the sizes differ.
    public let difference: ImageDifference?

    init(golden: String, tolerance: Int, actual: Image, expected: Image?) {
        self.golden = golden
        self.tolerance = tolerance
        self.actual = actual
        self.expected = expected
        difference = expected.flatMap { expected in
            ImageDifference.sameSize(actual, expected)
                ? ImageDifference(actual: actual, expected: expected, tolerance: tolerance) : nil
        }
    }

    /// Whether every pixel is within the tolerance.
    public var passes: Bool { difference?.passes ?? false }

    /// One line: what was compared and, for a failure, the first differing pixel, how many
    /// differ and the largest channel difference.
    public var description: String {
        guard let expected else { return "\(golden): no golden image (record it with --update)" }
        guard let d = difference else {
            return
                "\(golden): the screen is \(actual.width)x\(actual.height), the golden \(expected.width)x\(expected.height)"
        }
        let largest = "largest channel difference \(d.largest)" + (d.largestAt.map { " at \($0)" } ?? "")
        guard !d.passes else {
            return "\(golden): matches (tolerance \(tolerance); \(largest))"
        }
        return "\(golden): \(d.differingPixels) of \(actual.width * actual.height) pixels differ by more than "
            + "\(tolerance), the first at \(d.firstDifference!); \(largest)"
    }

    /// The pictures of a failed comparison: expected (when there is a golden), actual, and the
    /// difference (when the sizes agree: `ImageDifference.picture(actual:expected:tolerance:)`).
    /// Written as `NAME.expected.png`, `NAME.actual.png`, `NAME.diff.png` for a golden `NAME.png`,
    /// next to it or in `directory`. Returns the paths written.
    public func writeFailureImages(in directory: String? = nil) throws -> [String] {
        let folder = directory ?? FilePaths.directory(of: golden)
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var written: [String] = []
        func write(_ image: Image, _ kind: String) throws {
            let path = GoldenImage.failureImagePath(of: golden, kind, in: directory)
            try PNG.write(image, to: path)
            written.append(path)
        }
        if let expected { try write(expected, "expected") }
        try write(actual, "actual")
        if let expected, difference != nil {
            try write(ImageDifference.picture(actual: actual, expected: expected, tolerance: tolerance), "diff")
        }
        return written
    }
}
