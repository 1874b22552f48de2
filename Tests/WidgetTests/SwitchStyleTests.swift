import Foundation
import Raster
import XCTest

@testable import Widget

/// Styles decode from the JSON a board config holds, with defaults for every missing key.
final class SwitchStyleTests: XCTestCase {
    func testPartialJSONKeepsDefaults() throws {
        let json =
            ##"{"trackColorOn": "#FF9500", "size": {"width": 60, "height": 36}, "animation": {"curve": "spring"}}"##
        let s = try JSONDecoder().decode(SwitchStyle.self, from: Data(json.utf8))
        XCTAssertEqual(s.trackColorOn, Color(rgb: 0xFF9500))
        XCTAssertEqual(s.size, Size(width: 60, height: 36))
        XCTAssertEqual(s.animation.curve, .spring)
        XCTAssertEqual(s.animation.duration, 0.25)
        XCTAssertEqual(s.animation.damping, 0.7)
        XCTAssertEqual(s.animation.initialVelocity, 0.5)
        XCTAssertEqual(s.trackColorOff, SwitchStyle().trackColorOff)
        XCTAssertEqual(s.minimumTouchTarget, Size(width: 44, height: 44))
    }

    func testEveryPresetRoundTrips() throws {
        for preset in SwitchPreset.allCases {
            let data = try JSONEncoder().encode(preset.style)
            XCTAssertEqual(try JSONDecoder().decode(SwitchStyle.self, from: data), preset.style, "\(preset)")
        }
    }

    func testBadValuesNameTheField() {
        let json = #"{"trackColorOn": "green"}"#
        XCTAssertThrowsError(try JSONDecoder().decode(SwitchStyle.self, from: Data(json.utf8))) { error in
            XCTAssertTrue("\(error)".contains("trackColorOn"), "\(error)")
        }
        let corner = #"{"trackCornerRadius": {"percent": 3}}"#
        XCTAssertThrowsError(try JSONDecoder().decode(SwitchStyle.self, from: Data(corner.utf8)))
    }

    func testNullClearsAnOptionalField() throws {
        let json = #"{"thumbShadow": null, "trackCornerRadius": {"points": 2}}"#
        let s = try JSONDecoder().decode(SwitchStyle.self, from: Data(json.utf8))
        XCTAssertNil(s.thumbShadow)
        XCTAssertEqual(s.trackCornerRadius, .points(2))
    }
}
