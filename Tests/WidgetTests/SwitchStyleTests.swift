import ConfigFormat
import Raster
import XCTest

@testable import Widget

/// Styles read from the JSON a board config holds, with defaults for every missing key, through
/// the same path-aware reader as the rest of the config.
final class SwitchStyleTests: XCTestCase {
    /// `json` read onto `base` as the style at path `style`.
    private func read(_ json: String, onto base: SwitchStyle = SwitchStyle()) throws -> SwitchStyle {
        try base.overridden(by: ConfigNode(value: try JSONParser.parse(json), path: "style"))
    }

    /// The error reading `json` gives.
    private func error(reading json: String, onto base: SwitchStyle = SwitchStyle()) -> String {
        do {
            _ = try read(json, onto: base)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    func testPartialJSONKeepsDefaults() throws {
        let json =
            ##"{"trackColorOn": "#FF9500", "size": {"width": 60, "height": 36}, "animation": {"curve": "spring"}}"##
        let s = try read(json)
        XCTAssertEqual(s.trackColorOn, Color(rgb: 0xFF9500))
        XCTAssertEqual(s.size, Size(width: 60, height: 36))
        XCTAssertEqual(s.animation.curve, .spring)
        XCTAssertEqual(s.animation.duration, 0.25)
        XCTAssertEqual(s.animation.damping, 0.7)
        XCTAssertEqual(s.animation.initialVelocity, 0.5)
        XCTAssertEqual(s.trackColorOff, SwitchStyle().trackColorOff)
        XCTAssertEqual(s.minimumTouchTarget, Size(width: 44, height: 44))
    }

    /// Nested objects replace only the keys they give, on top of the preset's values.
    func testNestedObjectsOverrideKeyByKey() throws {
        let material = SwitchPreset.material.style
        let s = try read(#"{"size": {"width": 48}, "thumbShadow": {"sigma": 3}}"#, onto: material)
        XCTAssertEqual(s.size, Size(width: 48, height: material.size.height))
        XCTAssertEqual(s.thumbShadow?.sigma, 3)
        XCTAssertEqual(s.thumbShadow?.offset, material.thumbShadow?.offset)
        XCTAssertEqual(s.thumbShadow?.opacity, material.thumbShadow?.opacity)
        // A shadow where the base had none starts from the default shadow.
        var flat = SwitchStyle()
        flat.thumbShadow = nil
        XCTAssertEqual(try read(#"{"thumbShadow": {"opacity": 0.5}}"#, onto: flat).thumbShadow?.sigma, 2)
    }

    /// Every preset written out key by key (the reader's inverse, spelled out below) reads back
    /// as itself onto the default style: each key reaches its own property.
    func testEveryPresetRoundTrips() throws {
        for preset in SwitchPreset.allCases {
            let members = Self.configMembers(preset.style)
            XCTAssertEqual(members.map(\.key), SwitchStyle.keys, "every key is written")
            XCTAssertEqual(try read(JSONValue.object(members).text), preset.style, "\(preset)")
        }
    }

    func testBadValuesNameTheField() {
        XCTAssertEqual(
            error(reading: #"{"trackColorOn": "green"}"#),
            ##"style.trackColorOn: expected "#RRGGBB" or "#RRGGBBAA", got "green""##)
        XCTAssertEqual(
            error(reading: #"{"trackCornerRadius": {"percent": 3}}"#),
            "style.trackCornerRadius.percent: unknown key (expected one of: fraction, points)")
        XCTAssertEqual(
            error(reading: #"{"trackCornerRadius": {"fraction": 0.5, "points": 2}}"#),
            #"style.trackCornerRadius: expected {"fraction": F} or {"points": P}"#)
    }

    /// The review's finding: misspelt or invented keys inside nested objects were ignored.
    func testUnknownKeysAreRefusedAtEveryDepthWithTheAllowedList() {
        XCTAssertEqual(
            error(reading: #"{"animation": {"duraton": 3}}"#),
            "style.animation.duraton: unknown key (expected one of: duration, curve, damping, initialVelocity, pressDuration)"
        )
        XCTAssertEqual(
            error(reading: #"{"size": {"width": 60, "height": 30, "depth": 3}}"#),
            "style.size.depth: unknown key (expected one of: width, height)")
        XCTAssertEqual(
            error(reading: #"{"minimumTouchTarget": {"w": 3}}"#),
            "style.minimumTouchTarget.w: unknown key (expected one of: width, height)")
        XCTAssertEqual(
            error(reading: #"{"thumbShadow": {"blur": 3}}"#),
            "style.thumbShadow.blur: unknown key (expected one of: color, opacity, offset, sigma)")
        XCTAssertEqual(
            error(reading: #"{"animation": {"curve": "bounce"}}"#),
            #"style.animation.curve: "bounce" is not one of: linear, easeOut, spring"#)
    }

    func testAThumbTallerThanTheSwitchIsRefused() {
        XCTAssertEqual(
            error(reading: #"{"thumbSize": 40}"#),
            "style.thumbSize: 40 is larger than the switch's height (size.height 31)")
        XCTAssertEqual(
            error(reading: #"{"size": {"height": 20}}"#, onto: SwitchPreset.material.style),
            "style.thumbSize: 24 is larger than the switch's height (size.height 20)")
    }

    func testNullClearsAnOptionalField() throws {
        let s = try read(#"{"thumbShadow": null, "trackCornerRadius": {"points": 2}}"#)
        XCTAssertNil(s.thumbShadow)
        XCTAssertEqual(s.trackCornerRadius, .points(2))
        XCTAssertNil(try read(#"{"labelOn": null}"#, onto: SwitchPreset.square.style).labelOn)
    }

    /// Every key of `style` as a board config writes it.
    static func configMembers(_ s: SwitchStyle) -> [(key: String, value: JSONValue)] {
        func color(_ c: Color?) -> JSONValue { c.map { .string($0.description) } ?? .null }
        func text(_ t: String?) -> JSONValue { t.map { .string($0) } ?? .null }
        func size(_ z: Size) -> JSONValue { .object([("width", .number(z.width)), ("height", .number(z.height))]) }
        let corner: JSONValue =
            switch s.trackCornerRadius {
            case .fraction(let f): .object([("fraction", .number(f))])
            case .points(let p): .object([("points", .number(p))])
            }
        let shadow =
            s.thumbShadow.map {
                JSONValue.object([
                    ("color", color($0.color)), ("opacity", .number($0.opacity)),
                    ("offset", .array([.number($0.offset.x), .number($0.offset.y)])), ("sigma", .number($0.sigma)),
                ])
            } ?? .null
        let a = s.animation
        let animation = JSONValue.object([
            ("duration", .number(a.duration)), ("curve", .string(a.curve.rawValue)), ("damping", .number(a.damping)),
            ("initialVelocity", .number(a.initialVelocity)), ("pressDuration", .number(a.pressDuration)),
        ])
        return [
            ("size", size(s.size)), ("scale", .number(s.scale)), ("minimumTouchTarget", size(s.minimumTouchTarget)),
            ("trackColorOn", color(s.trackColorOn)), ("trackColorOff", color(s.trackColorOff)),
            ("trackColorActive", color(s.trackColorActive)), ("trackCornerRadius", corner),
            ("trackInset", .number(s.trackInset)), ("borderColorOn", color(s.borderColorOn)),
            ("borderColorOff", color(s.borderColorOff)), ("borderWidthOn", .number(s.borderWidthOn)),
            ("borderWidthOff", .number(s.borderWidthOff)), ("trackImage", text(s.trackImage)),
            ("thumbColorOn", color(s.thumbColorOn)), ("thumbColorOff", color(s.thumbColorOff)),
            ("thumbSize", s.thumbSize.map { .number($0) } ?? .null),
            ("thumbCornerFraction", .number(s.thumbCornerFraction)), ("padding", .number(s.padding)),
            ("thumbShadow", shadow), ("thumbImageOn", text(s.thumbImageOn)), ("thumbImageOff", text(s.thumbImageOff)),
            ("pressStretch", .number(s.pressStretch)), ("labelOn", text(s.labelOn)), ("labelOff", text(s.labelOff)),
            ("labelColorOn", color(s.labelColorOn)), ("labelColorOff", color(s.labelColorOff)),
            ("labelSize", .number(s.labelSize)), ("animation", animation), ("dragSlop", .number(s.dragSlop)),
            ("tapMaxDuration", .number(s.tapMaxDuration)), ("longPressToggles", .bool(s.longPressToggles)),
            ("toggleOnTouchDown", .bool(s.toggleOnTouchDown)), ("disabledOpacity", .number(s.disabledOpacity)),
        ]
    }
}
