import Raster

/// The preset looks, each just a ``SwitchStyle`` value that configs can start from.
public enum SwitchPreset: String, CaseIterable, Sendable {
    /// UIKit's switch: #34C759 on, #E9E9EA off, white thumb with a soft shadow, 51×31.
    case ios
    /// A thin track under an overhanging thumb whose colour changes with the state.
    case material
    /// Corner radius 2, ON/OFF labels, a border.
    case square
    /// A sliding day/night sky under the track, a sun or moon for a thumb.
    case daynight
    /// Check and cross images on the thumb, with a border.
    case imagethumb

    public var style: SwitchStyle {
        var s = SwitchStyle()
        switch self {
        case .ios:
            s.trackColorActive = Color(rgb: 0xD1D1D6)
        case .material:
            s.size = Size(width: 40, height: 24)
            s.trackInset = 5
            s.padding = 0
            s.thumbSize = 24
            s.trackColorOff = Color(rgb: 0x9E9E9E, opacity: 0.5)
            s.trackColorOn = Color(rgb: 0x6750A4, opacity: 0.5)
            s.thumbColorOff = Color(rgb: 0xFAFAFA)
            s.thumbColorOn = Color(rgb: 0x6750A4)
            s.thumbShadow = Shadow(opacity: 0.3, offset: Point(0, 1), sigma: 1.2)
            s.pressStretch = 0
        case .square:
            s.size = Size(width: 62, height: 31)
            s.trackCornerRadius = .points(2)
            s.thumbCornerFraction = 0.08
            s.padding = 3
            s.trackColorOn = Color(rgb: 0x007AFF)
            s.trackColorOff = Color(rgb: 0xF2F2F7)
            s.borderColorOn = Color(rgb: 0x0062CC)
            s.borderColorOff = Color(rgb: 0xC7C7CC)
            s.borderWidthOn = 1
            s.borderWidthOff = 1
            s.thumbColorOff = Color(rgb: 0xFFFFFF)
            s.thumbShadow = Shadow(opacity: 0.25, offset: Point(0, 1), sigma: 1)
            s.labelOn = "ON"
            s.labelOff = "OFF"
            s.labelColorOn = .white
            s.labelColorOff = Color(rgb: 0x8E8E93)
            s.labelSize = 10
        case .daynight:
            s.size = Size(width: 64, height: 31)
            s.trackImage = "daynight"
            s.trackColorOn = Color(rgb: 0x4FB3F6)
            s.trackColorOff = Color(rgb: 0x0B1A3A)
            s.thumbColorOn = Color(rgb: 0xFFD60A)
            s.thumbColorOff = Color(rgb: 0xE5E5EA)
            s.thumbShadow = Shadow(opacity: 0.3, offset: Point(0, 1), sigma: 1.5)
        case .imagethumb:
            s.thumbImageOn = "thumb-check"
            s.thumbImageOff = "thumb-cross"
            s.borderColorOn = Color(rgb: 0x248A3D)
            s.borderColorOff = Color(rgb: 0xC7C7CC)
            s.borderWidthOn = 1.5
            s.borderWidthOff = 1.5
            s.trackColorOff = Color(rgb: 0xFFFFFF)
        }
        return s
    }
}
