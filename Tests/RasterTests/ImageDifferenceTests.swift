import XCTest

@testable import Raster

/// The one pixel comparison behind golden images: formats compared as shown, counts, the first
/// and the largest difference, and the diff picture.
final class ImageDifferenceTests: XCTestCase {
    func filled(_ format: PixelFormat, _ color: PremultipliedColor, width: Int = 7, height: Int = 5) -> Image {
        let image = Image(width: width, height: height, format: format)
        for y in 0..<height { for x in 0..<width { image.setPixel(x: x, y: y, color) } }
        return image
    }

    func testFormatsAreComparedAsTheyAreShown() {
        let colour = PremultipliedColor(red: 0x34, green: 0xC7, blue: 0x59, alpha: 255)
        let argb = filled(.argb8888, colour)
        // XRGB8888's unused byte is whatever a buffer held: it is not a difference.
        let xrgb = filled(.xrgb8888, colour)
        for y in 0..<xrgb.height {
            for x in 0..<xrgb.width {
                let p = xrgb.surface.row(y).assumingMemoryBound(to: UInt32.self) + x
                p.pointee = p.pointee & 0x00FF_FFFF | UInt32(x * 30) << 24
            }
        }
        XCTAssertEqual(ImageDifference(actual: xrgb, expected: argb).largest, 0)
        // RGB565 against its own expansion: equal; against the colour it approximates: not.
        let rgb565 = filled(.rgb565, colour)
        XCTAssertEqual(ImageDifference(actual: rgb565, expected: rgb565.converted(to: .argb8888)).largest, 0)
        let d = ImageDifference(actual: rgb565, expected: argb)
        XCTAssertEqual(d.differingPixels, 35)
        XCTAssertEqual(d.largest, 3)
        XCTAssertEqual(ImageDifference(actual: rgb565, expected: argb, tolerance: 3).differingPixels, 0)
    }

    func testCountsTheFirstAndTheLargestDifferenceAlphaIncluded() {
        let expected = filled(.argb8888, PremultipliedColor(red: 100, green: 100, blue: 100, alpha: 200))
        let actual = filled(.argb8888, PremultipliedColor(red: 100, green: 100, blue: 100, alpha: 200))
        actual.setPixel(x: 6, y: 1, PremultipliedColor(red: 100, green: 100, blue: 100, alpha: 230))  // alpha +30
        actual.setPixel(x: 0, y: 3, PremultipliedColor(red: 40, green: 100, blue: 100, alpha: 200))  // red −60
        actual.setPixel(x: 2, y: 0, PremultipliedColor(red: 100, green: 101, blue: 100, alpha: 200))  // green +1
        let d = ImageDifference(actual: actual, expected: expected, tolerance: 1)
        XCTAssertEqual(d.differingPixels, 2)
        XCTAssertEqual(d.firstDifference, PixelPosition(x: 6, y: 1), "(2, 0) is within the tolerance")
        XCTAssertEqual(d.largest, 60)
        XCTAssertEqual(d.largestAt, PixelPosition(x: 0, y: 3))
        XCTAssertEqual(d.meanAbsolute, Double(30 + 60 + 1) / Double(7 * 5 * 4), accuracy: 1e-12)
        XCTAssertFalse(d.passes)
        XCTAssertTrue(ImageDifference(actual: actual, expected: expected, tolerance: 60).passes)

        let picture = ImageDifference.picture(actual: actual, expected: expected, tolerance: 1)
        XCTAssertEqual(picture.pixel(x: 6, y: 1), PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(picture.pixel(x: 0, y: 3), PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(picture.pixel(x: 2, y: 0), PremultipliedColor(red: 255, green: 200, blue: 0, alpha: 255))
        // Equal pixels: the expected pixel's luma (100) faded towards white: 191 + 100 / 4.
        XCTAssertEqual(picture.pixel(x: 3, y: 3), PremultipliedColor(red: 216, green: 216, blue: 216, alpha: 255))
    }
}
