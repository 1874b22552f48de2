import ConfigFormat

extension BoardConfig {
    /// A config file's text with `touch.calibration` set to `matrix`, everything else kept (the
    /// layout of the text is not: the file is written back pretty-printed). The result is checked
    /// by parsing it as a config again.
    public static func settingCalibration(_ matrix: [Double], in bytes: [UInt8]) throws(ConfigError) -> String {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ConfigError("", "not valid JSON: \(error)")
        }
        let touch = json["touch"] ?? .object([])
        let updated = json.setting("touch", to: touch.setting("calibration", to: .array(matrix.map { .number($0) })))
        let text = updated.prettyText() + "\n"
        _ = try parse(text)
        return text
    }
}
