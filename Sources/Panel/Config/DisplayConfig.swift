import ConfigFormat
import Raster
import Widget

public struct DisplayConfig: Hashable, Sendable {
    /// A DRM card path (`/dev/dri/card0`); nil: the first card with a connected connector.
    public var card: String?
    /// A connector name (`HDMI-A-1`, `DSI-1`); nil: the first connected.
    public var connector: String?
    /// The mode to set (`800x480@60`); nil: the connector's preferred mode.
    public var mode: ModeRequest?
    /// The panel's physical size in pixels (the mode's size; used headless and for layout).
    public var width = 800
    public var height = 480
    public var rotation = Rotation.none
    public var format = PixelFormat.xrgb8888
    /// Scale of every switch and text (dense panels use 2).
    public var scale = 1.0

    /// The refresh rate of the configured mode ("800x480@60"), nil when the mode names none.
    public var refreshRate: Double? { mode?.refresh }

    /// The size the layout is drawn in, after rotation.
    public var logicalSize: (width: Int, height: Int) { rotation.logicalSize(width: width, height: height) }

    /// Turns the same logical picture by `rotation` onto a framebuffer of `format` (the
    /// command line's `--rotation` and `--format`): the mode follows, the layout does not change.
    public mutating func override(rotation: Rotation?, format: PixelFormat?) {
        if let rotation {
            let logical = logicalSize
            (width, height) = rotation.physicalSize(width: logical.width, height: logical.height)
            self.rotation = rotation
            mode = ModeRequest(width: width, height: height, refresh: refreshRate)
        }
        if let format { self.format = format }
    }
}

extension DisplayConfig {
    var reader: ValueReader<DisplayConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["card", "connector", "mode", "rotation", "format", "scale"])
            var d = self
            d.card = try o.nullable("card", else: card, .name)
            d.connector = try o.nullable("connector", else: connector, .name)
            if let mode = try o.nullable("mode", else: mode, .mode) {
                (d.mode, d.width, d.height) = (mode, mode.width, mode.height)
            }
            d.rotation = try o.value("rotation", else: rotation, Rotation.reader)
            d.format = try o.value("format", else: format, .choice)
            d.scale = try o.value("scale", else: scale, .number(in: SwitchStyle.scaleRange))
            return d
        }
    }
}

extension Rotation {
    /// Degrees clockwise: 0, 90, 180 or 270.
    static var reader: ValueReader<Rotation> {
        ValueReader { node throws(ConfigError) in
            let degrees = try node.integer(in: 0...270)
            guard let rotation = Rotation(rawValue: degrees) else {
                throw ConfigError(node.path, "\(degrees) is not 0, 90, 180 or 270")
            }
            return rotation
        }
    }
}
