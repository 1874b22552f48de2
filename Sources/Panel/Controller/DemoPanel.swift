import ConfigFormat

/// The built-in demo panel: a board config like those in board-configs/, embedded so that
/// `switchpanel run` works on a fresh clone with no file to point at. Every preset appears,
/// one switch is disabled, and every change is printed as a JSON line by a `print` action. The
/// "saw" switch sits under the nine taps of the bundled Atmel recording that `run` replays
/// without a display (and the tests replay too).
public enum DemoPanel {
    public static let json = #"""
        {
          "version": 1,
          "name": "SwitchPanel demo",
          "display": { "mode": "800x480" },
          "theme": { "preset": "ios", "style": { "scale": 1.5 } },
          "layout": { "columns": 2, "rowHeight": 50, "gap": 10, "margin": 32, "titleHeight": 30 },
          "sections": [
            {
              "title": "Living room",
              "switches": [
                { "id": "ceiling", "label": "Ceiling", "initial": true, "actions": [{ "print": true }] },
                { "id": "lamp", "label": "Reading lamp", "preset": "square", "actions": [{ "print": true }] },
                { "id": "blinds", "label": "Blinds", "preset": "material", "initial": true, "actions": [{ "print": true }] },
                { "id": "tv", "label": "Television", "enabled": false, "actions": [{ "print": true }] }
              ]
            },
            {
              "title": "Workshop",
              "switches": [
                { "id": "saw", "label": "Table saw", "preset": "imagethumb", "actions": [{ "print": true }] },
                { "id": "dust", "label": "Dust extractor", "preset": "imagethumb", "initial": true, "actions": [{ "print": true }] },
                { "id": "bench", "label": "Bench light", "preset": "square", "initial": true, "actions": [{ "print": true }] },
                { "id": "heater", "label": "Heater", "preset": "material", "actions": [{ "print": true }] }
              ]
            },
            {
              "title": "Garden",
              "switches": [
                { "id": "path", "label": "Path lights", "preset": "daynight", "actions": [{ "print": true }] },
                { "id": "fountain", "label": "Fountain", "preset": "daynight", "initial": true, "actions": [{ "print": true }] }
              ]
            }
          ]
        }
        """#

    public static func config() throws(ConfigError) -> BoardConfig { try BoardConfig.parse(json) }
}
