import Foundation
import Panel
import Raster
import RasterPNG
import Widget
import XCTest

@testable import PanelRuntime

/// The files a config names: each broken one is an error naming the field, with its exact text.
final class ConfigAssetsTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "assets-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func write(_ config: String) throws -> String {
        let path = directory + "/board.json"
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func expectError(_ config: String, _ message: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let path = try write(config)
        XCTAssertThrowsError(try LoadedConfig.read(path: path), file: file, line: line) { error in
            XCTAssertEqual(
                "\(error)", message.replacingOccurrences(of: "$DIR", with: directory), file: file, line: line)
        }
    }

    func testAMissingImageFileNamesTheFieldAndWhereItLooked() throws {
        try expectError(
            #"{"version": 1, "sections": [{"switches": [{"id": "a"}, {"id": "b", "style": {"thumbImageOn": "knob.png"}}]}]}"#,
            #"sections[0].switches[1].style.thumbImageOn: "knob.png" is neither a built-in image (daynight, thumb-check, thumb-cross) nor a file ($DIR/knob.png does not exist)"#
        )
        try expectError(
            #"{"version": 1, "theme": {"style": {"trackImage": "/nonexistent/sky.png"}}, "switches": [{"id": "a"}]}"#,
            #"theme.style.trackImage: "/nonexistent/sky.png" is neither a built-in image (daynight, thumb-check, thumb-cross) nor a file (/nonexistent/sky.png does not exist)"#
        )
    }

    func testAFileThatIsNotAPNGIsRefused() throws {
        try "GIF89a, not a PNG at all: several dozen bytes of it".write(
            toFile: directory + "/knob.png", atomically: true, encoding: .utf8)
        try expectError(
            #"{"version": 1, "switches": [{"id": "a", "style": {"thumbImageOff": "knob.png"}}]}"#,
            "switches[0].style.thumbImageOff: $DIR/knob.png is not a readable PNG image: cannot decode PNG: Not a PNG file"
        )
    }

    func testImagesLoadRelativeToTheConfigAndBuiltInNamesNeedNoFile() throws {
        let image = Image(width: 4, height: 3, format: .argb8888)
        image.surface.setPixel(x: 1, y: 1, Color(rgb: 0x336699).premultiplied)
        try PNG.write(image, to: directory + "/knob.png")
        let loaded = try LoadedConfig.read(
            path: try write(
                #"{"version": 1, "switches": [{"id": "a", "style": {"thumbImageOn": "knob.png", "trackImage": "daynight"}}]}"#
            ))
        XCTAssertEqual(Array(loaded.images.keys), ["knob.png"])
        XCTAssertEqual(loaded.images["knob.png"]?.surface.pixel(x: 1, y: 1), Color(rgb: 0x336699).premultiplied)
    }

    func testARendererGetsOnlyTheBuiltInImagesTheStylesName() throws {
        let plain = try LoadedConfig.read(path: try write(#"{"version": 1, "switches": [{"id": "a"}]}"#))
        XCTAssertEqual(Array(plain.allImages.keys), [])
        let named = try LoadedConfig.read(
            path: try write(
                #"{"version": 1, "switches": [{"id": "a", "style": {"trackImage": "daynight"}}, {"id": "b", "preset": "daynight"}]}"#
            ))
        XCTAssertEqual(Set(named.allImages.keys), ["daynight"])
        XCTAssertTrue(named.allImages["daynight"] === BuiltInArtwork.shared["daynight"], "the one shared copy")
    }

    func testAFontFileThatCannotBeReadIsAnError() throws {
        try expectError(
            #"{"version": 1, "theme": {"font": "/nonexistent/Font.ttf"}, "switches": [{"id": "a"}]}"#,
            "theme.font: /nonexistent/Font.ttf cannot be read: No such file or directory")
        // A family name is looked up (with fallbacks) when labels are drawn: not an error here.
        XCTAssertNoThrow(
            try LoadedConfig.read(
                path: try write(#"{"version": 1, "theme": {"font": "No Such Family"}, "switches": [{"id": "a"}]}"#)))
    }

    func testAMissingConfigFileSaysSo() {
        XCTAssertThrowsError(try LoadedConfig.read(path: directory + "/absent.json")) { error in
            XCTAssertEqual("\(error)", "cannot read \(directory)/absent.json: no such file")
        }
    }
}
