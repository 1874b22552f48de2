// Pixel formats: DRM fourcc codes, memory layouts, encode/decode round trips, strides.

import TestSupport
import XCTest

@testable import Raster

final class PixelFormatTests: XCTestCase {
    func testFourccCodesAreDRMs() {
        // drm_fourcc.h: fourcc_code(a, b, c, d) = a | b << 8 | c << 16 | d << 24.
        let expected: [PixelFormat: UInt32] = [
            .xrgb8888: 0x3432_5258,  // "XR24"
            .argb8888: 0x3432_5241,  // "AR24"
            .xbgr8888: 0x3432_4258,  // "XB24"
            .abgr8888: 0x3432_4241,  // "AB24"
            .rgb565: 0x3631_4752,  // "RG16"
            .bgr565: 0x3631_4742,  // "BG16"
        ]
        XCTAssertEqual(Set(PixelFormat.allCases), Set(expected.keys))
        for (format, code) in expected {
            XCTAssertEqual(format.fourcc, code, "\(format)")
            XCTAssertEqual(PixelFormat(fourcc: code), format)
        }
        XCTAssertNil(PixelFormat(fourcc: 0x3231_564E))  // NV12
        XCTAssertNil(PixelFormat(fourcc: 0))
    }

    func testBytesPerPixelAndAlpha() {
        for f in PixelFormat.allCases {
            XCTAssertEqual(f.bytesPerPixel, f == .rgb565 || f == .bgr565 ? 2 : 4, "\(f)")
            XCTAssertEqual(f.hasAlpha, f == .argb8888 || f == .abgr8888, "\(f)")
        }
    }

    /// The memory layout, byte by byte, as DRM defines it (little-endian words, letters from the
    /// most significant bits down).
    func testMemoryLayouts() {
        let color = PremultipliedColor(red: 0x80, green: 0x40, blue: 0x20, alpha: 0xC0)
        let opaque = PremultipliedColor(red: 0xF8, green: 0x84, blue: 0x10, alpha: 0xFF)
        func bytes(_ f: PixelFormat, _ c: PremultipliedColor) -> [UInt8] {
            let image = Image(width: 1, height: 1, format: f)
            image.setPixel(x: 0, y: 0, c)
            return withExtendedLifetime(image) { Array(rawBytes(image.surface).prefix(f.bytesPerPixel)) }
        }
        XCTAssertEqual(bytes(.argb8888, color), [0x20, 0x40, 0x80, 0xC0])  // B G R A
        XCTAssertEqual(bytes(.abgr8888, color), [0x80, 0x40, 0x20, 0xC0])  // R G B A
        XCTAssertEqual(bytes(.xrgb8888, opaque), [0x10, 0x84, 0xF8, 0xFF])  // B G R X (X written as 0xFF)
        XCTAssertEqual(bytes(.xbgr8888, opaque), [0xF8, 0x84, 0x10, 0xFF])  // R G B X
        // RGB565: R in bits 15–11, G 10–5, B 4–0, each the nearest level: 0xF8 = 248 → 30
        // (248·31/255 = 30.15), 0x84 = 132 → 33 (32.6), 0x10 = 16 → 2 (1.95).
        let rgb565: UInt16 = 30 << 11 | 33 << 5 | 2
        XCTAssertEqual(bytes(.rgb565, opaque), [UInt8(rgb565 & 0xFF), UInt8(rgb565 >> 8)])
        let bgr565: UInt16 = 2 << 11 | 33 << 5 | 30
        XCTAssertEqual(bytes(.bgr565, opaque), [UInt8(bgr565 & 0xFF), UInt8(bgr565 >> 8)])
    }

    func testEightBitFormatsRoundTripExactly() {
        var rng = SplitMix64(seed: 0xF0_0001)
        for _ in 0..<20000 {
            let p = rng.premultipliedPixel()
            XCTAssertEqual(PixelFormat.argb8888.decode(PixelFormat.argb8888.encode(argb: p)), p)
            XCTAssertEqual(PixelFormat.abgr8888.decode(PixelFormat.abgr8888.encode(argb: p)), p)
            // Without alpha the colour shows over black: the premultiplied RGB, opaque.
            XCTAssertEqual(PixelFormat.xrgb8888.decode(PixelFormat.xrgb8888.encode(argb: p)), p | 0xFF00_0000)
            XCTAssertEqual(PixelFormat.xbgr8888.decode(PixelFormat.xbgr8888.encode(argb: p)), p | 0xFF00_0000)
            // Whatever the X byte holds, the pixel reads as opaque with the same colour.
            let x = UInt32(rng.byte()) << 24
            XCTAssertEqual(PixelFormat.xrgb8888.decode(p & 0x00FF_FFFF | x), p | 0xFF00_0000)
        }
    }

    /// 5/6-bit channels: encode picks the nearest level (round(v·31/255), round(v·63/255)),
    /// decode replicates bits, so decode(encode(c)) is within half a step of c.
    func testRGB565Quantisation() {
        for format in [PixelFormat.rgb565, .bgr565] {
            var worst5 = 0
            var worst6 = 0
            for v in 0...255 {
                for channel in 0..<3 {
                    let shift = UInt32(16 - 8 * channel)  // red, green, blue
                    let p = 0xFF00_0000 | UInt32(v) << shift
                    let e = format.encode(argb: p)
                    XCTAssertEqual(e >> 16, 0, "16-bit result")
                    let back = format.decode(e)
                    XCTAssertEqual(back >> 24, 0xFF)
                    let got = Int((back >> shift) & 0xFF)
                    // The other channels stay 0.
                    XCTAssertEqual(back & 0x00FF_FFFF & ~(0xFF << shift), 0)
                    let bits = channel == 1 ? 6 : 5
                    let levels = Double((1 << bits) - 1)
                    let q = Int((Double(v) * levels / 255).rounded())
                    // The stored field is the nearest level.
                    let field: UInt32
                    let isRedField = (channel == 0) == (format == .rgb565)
                    if channel == 1 { field = (e >> 5) & 0x3F } else { field = isRedField ? e >> 11 : e & 0x1F }
                    XCTAssertEqual(Int(field), q, "\(format) channel \(channel) value \(v)")
                    if bits == 5 { worst5 = max(worst5, abs(got - v)) } else { worst6 = max(worst6, abs(got - v)) }
                }
            }
            XCTAssertLessThanOrEqual(worst5, 4, "5-bit round trip (step 255/31 ≈ 8.2)")
            XCTAssertLessThanOrEqual(worst6, 2, "6-bit round trip (step 255/63 ≈ 4.05)")
        }
    }

    func testRGB565EncodeDecodeIdentityOnAllValues() {
        for format in [PixelFormat.rgb565, .bgr565] {
            var bad = 0
            for v in 0...UInt32(0xFFFF) {
                let d = format.decode(v)
                if format.encode(argb: d) != v {
                    bad += 1
                    if bad < 4 { XCTFail("\(format): encode(decode(\(hex(v)))) = \(hex(format.encode(argb: d)))") }
                }
                if d >> 24 != 0xFF { bad += 1 }
            }
            XCTAssertEqual(bad, 0)
        }
        // Extremes decode to exact black and white.
        XCTAssertEqual(PixelFormat.rgb565.decode(0xFFFF), 0xFFFF_FFFF)
        XCTAssertEqual(PixelFormat.rgb565.decode(0), 0xFF00_0000)
    }

    // MARK: Strides and conversion

    /// Writes a sentinel into every padding byte of a surface (bytes past width·bpp in a row).
    private func poisonPadding(_ image: Image) {
        let s = image.surface
        let rowBytes = s.width * s.format.bytesPerPixel
        for y in 0..<s.height {
            for i in rowBytes..<s.stride {
                s.base.storeBytes(of: 0xAB as UInt8, toByteOffset: y * s.stride + i, as: UInt8.self)
            }
        }
    }

    private func assertPaddingUntouched(
        _ image: Image, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let s = image.surface
        let rowBytes = s.width * s.format.bytesPerPixel
        let raw = withExtendedLifetime(image) { rawBytes(s) }
        for y in 0..<s.height {
            for i in rowBytes..<s.stride where raw[y * s.stride + i] != 0xAB {
                XCTFail("\(what): padding byte \(i) of row \(y) changed", file: file, line: line)
                return
            }
        }
    }

    func testCanvasDrawingRespectsStride() {
        let image = Image(width: 13, height: 9, format: .argb8888, stride: 13 * 4 + 20)
        XCTAssertEqual(image.surface.stride, 72)
        poisonPadding(image)
        let canvas = Canvas(image: image)
        let source = Image(width: 4, height: 4, format: .argb8888)
        for y in 0..<4 {
            for x in 0..<4 { source.setPixel(x: x, y: y, PremultipliedColor(argb: 0xFF10_2030 &+ UInt32(x * 16 + y))) }
        }
        canvas.clear(Color(rgb: 0x336699))
        canvas.fill(
            .roundedRect(Rect(x: -3.3, y: -2.1, width: 30, height: 20), CornerRadii(4)),
            Color(rgb: 0xFF0000, opacity: 0.5))
        canvas.fill(
            .circle(center: Point(12.6, 4.5), radius: 6), .white,
            shadow: Shadow(opacity: 0.5, offset: Point(1, 2), sigma: 2))
        canvas.stroke(.rect(Rect(x: 0.5, y: 0.5, width: 12, height: 8)), width: 3, alignment: .center, .solid(.black))
        canvas.fill(
            Path.polygon([Point(-5, -5), Point(20, 3.3), Point(2, 20)]), .solid(Color(rgb: 0x00FF00, opacity: 0.7)))
        canvas.fill(
            .rect(Rect(x: 0, y: 0, width: 13, height: 9)),
            .linearGradient(
                LinearGradient(
                    start: Point(0, 0), end: Point(13, 0),
                    stops: [GradientStop(0, .black), GradientStop(1, .white)])))
        canvas.draw(source, in: Rect(x: 5.5, y: 3.5, width: 12, height: 12), filter: .bilinear)
        canvas.draw(source, in: Rect(x: -1, y: 2, width: 16, height: 8), filter: .nearest)
        assertPaddingUntouched(image, "canvas on a padded ARGB image")

        let xrgb = Image(width: 7, height: 5, format: .xrgb8888, stride: 7 * 4 + 4)
        poisonPadding(xrgb)
        let c2 = Canvas(image: xrgb)
        c2.clear(.white)
        c2.fill(.circle(center: Point(3.5, 2.5), radius: 9), .black)
        c2.fill(.circle(center: Point(6.9, 2.5), radius: 1.3), Color(rgb: 0x123456, opacity: 0.4))
        assertPaddingUntouched(xrgb, "canvas on a padded XRGB image")
    }

    func testBlitterRespectsStrideInEveryFormat() {
        var rng = SplitMix64(seed: 0xF0_0002)
        let source = Image(width: 6, height: 5, format: .argb8888, stride: 6 * 4 + 8)
        poisonPadding(source)
        for y in 0..<5 {
            for x in 0..<6 {
                source.setPixel(x: x, y: y, PremultipliedColor(argb: rng.premultipliedPixel() | 0xFF00_0000))
            }
        }
        for format in PixelFormat.allCases {
            for rotation in Rotation.allCases {
                let size = rotation.physicalSize(width: 6, height: 5)
                let target = Image(
                    width: size.width, height: size.height, format: format,
                    stride: size.width * format.bytesPerPixel + 2 * format.bytesPerPixel)
                poisonPadding(target)
                Blitter.copy(
                    from: source.surface, rect: source.bounds, to: target.surface, at: (0, 0), rotation: rotation)
                assertPaddingUntouched(target, "blit to \(format) rotated \(rotation)")
                // And the pixels arrived, in the target's precision.
                for y in 0..<5 {
                    for x in 0..<6 {
                        let t = rotation.physicalPixel(x: x, y: y, width: 6, height: 5)
                        let want = format.decode(format.encode(argb: source.pixel(x: x, y: y).argb))
                        XCTAssertEqual(target.pixel(x: t.x, y: t.y).argb, want, "\(format) \(rotation) (\(x), \(y))")
                    }
                }
            }
        }
        assertPaddingUntouched(source, "blit source")
    }

    func testImageConvertedRoundTrips() {
        var rng = SplitMix64(seed: 0xF0_0003)
        let image = Image(width: 9, height: 7, format: .argb8888)
        for y in 0..<7 {
            for x in 0..<9 { image.setPixel(x: x, y: y, PremultipliedColor(argb: rng.premultipliedPixel())) }
        }
        let original = pixelWords(image)
        // With alpha: exact both ways.
        for f in [PixelFormat.argb8888, .abgr8888] {
            let there = image.converted(to: f)
            XCTAssertEqual(there.format, f)
            XCTAssertEqual(pixelWords(there), original, "via \(f)")
            XCTAssertEqual(pixelWords(there.converted(to: .argb8888)), original, "back from \(f)")
        }
        // Without alpha: the picture over black, opaque.
        for f in [PixelFormat.xrgb8888, .xbgr8888] {
            let back = image.converted(to: f).converted(to: .argb8888)
            XCTAssertEqual(pixelWords(back), original.map { $0 | 0xFF00_0000 }, "via \(f)")
        }
        // 16-bit: quantised once; converting the result again changes nothing.
        for f in [PixelFormat.rgb565, .bgr565] {
            let once = image.converted(to: f)
            let back = once.converted(to: .argb8888)
            for (a, b) in zip(original, pixelWords(back)) {
                XCTAssertEqual(b >> 24, 0xFF)
                for shift: UInt32 in [0, 8, 16] {
                    XCTAssertLessThanOrEqual(
                        abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)), shift == 8 ? 2 : 4)
                }
            }
            let again = back.converted(to: f)
            withExtendedLifetime((again, once)) {
                XCTAssertEqual(rawBytes(again.surface), rawBytes(once.surface), "\(f) is stable")
            }
        }
    }

    /// Regression (found by this suite, fixed in 1dfb32e): the Blitter's fast path copied
    /// XRGB8888 → ARGB8888 as whole words, so the X byte became alpha (a zero-filled XRGB image
    /// converted to fully transparent ARGB) while every other path decodes X as opaque.
    ///
    /// An XRGB8888 buffer whose X byte is not 0xFF (a fresh zero-filled image, or a scan-out
    /// buffer written by someone else) still means opaque pixels: `pixel(x:y:)` says so, and so
    /// must its conversion to ARGB8888.
    func testXRGBWithArbitraryPaddingByteConvertsAsOpaque() {
        let image = Image(width: 3, height: 2, format: .xrgb8888)  // zero-filled: X = 0
        image.surface.base.storeBytes(of: 0x0011_2233 as UInt32, as: UInt32.self)  // X = 0 too
        XCTAssertEqual(image.pixel(x: 0, y: 0).argb, 0xFF11_2233)
        XCTAssertEqual(image.pixel(x: 1, y: 1).argb, 0xFF00_0000)
        let argb = image.converted(to: .argb8888)
        XCTAssertEqual(pixelWords(argb), pixelWords(image), "XRGB → ARGB must decode the X byte as opaque")
        // The slow path (another format) agrees.
        XCTAssertEqual(pixelWords(image.converted(to: .abgr8888)), pixelWords(image))
    }
}
