import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import Raster
import RasterPNG
import Widget

/// The files a board config refers to — PNG images named by switch styles, a font file named by
/// the theme — checked and loaded when the config is read, so a missing or broken file is an error
/// naming the field (like any other config error) rather than a switch drawn without its image.
///
/// An image name is one of the built-in artwork names (`daynight`, `thumb-check`, `thumb-cross`)
/// or a PNG file path, absolute or relative to the config file's directory.
public enum ConfigAssets {
    /// The images the config's styles name that are not built in, loaded, by name as written.
    public static func loadImages(for config: BoardConfig, relativeTo directory: String) throws(ConfigError)
        -> [String: Image]
    {
        let builtIn = BuiltInArtwork.names
        var loaded: [String: Image] = [:]
        for (path, key, name) in imageNames(of: config) where !builtIn.contains(name) && loaded[name] == nil {
            let file = name.hasPrefix("/") ? name : FilePaths.join(directory, name)
            guard FileManager.default.fileExists(atPath: file) else {
                throw ConfigError(
                    "\(path).\(key)",
                    "\"\(name)\" is neither a built-in image (\(builtIn.sorted().joined(separator: ", "))) nor a file (\(file) does not exist)"
                )
            }
            do {
                loaded[name] = try PNG.read(path: file)
            } catch {
                throw ConfigError("\(path).\(key)", "\(file) is not a readable PNG image: \(error)")
            }
        }
        return loaded
    }

    /// Every image name the config's styles give (the theme's and each switch's), with the path
    /// of the style and the key, in the config's order.
    static func imageNames(of config: BoardConfig) -> [(path: String, key: String, name: String)] {
        var styles: [(path: String, style: SwitchStyle)] = [("theme.style", config.theme.style)]
        styles += config.switches.map { ("\($0.path).style", $0.style) }
        var names: [(path: String, key: String, name: String)] = []
        for (path, style) in styles {
            let named: [(String, String?)] = [
                ("trackImage", style.trackImage), ("thumbImageOn", style.thumbImageOn),
                ("thumbImageOff", style.thumbImageOff),
            ]
            for case (let key, let name?) in named { names.append((path, key, name)) }
        }
        return names
    }

    /// Checks that a font given as a file path (`theme.font` starting with `/`) can be read.
    /// Family names are looked up through fontconfig when the labels are drawn (with fallbacks).
    public static func checkFont(of config: BoardConfig) throws(ConfigError) {
        guard let font = config.theme.font, font.hasPrefix("/") else { return }
        do {
            try checkAccess(font, .readable)
        } catch {
            throw ConfigError("theme.font", "\(font) cannot be read: \(error.errno.message)")
        }
    }
}
