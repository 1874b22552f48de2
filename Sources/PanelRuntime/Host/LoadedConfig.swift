import ConfigFormat
import LinuxIO
import Panel
import Raster
import Widget

/// A board config read from its file with the files it refers to.
public struct LoadedConfig: Sendable {
    public var config: BoardConfig
    /// Images the styles name beyond the built-in artwork, by name.
    public var images: [String: Image]

    /// Every image a renderer of this config needs: the built-in artwork its styles name (only
    /// those are drawn) and the config's files.
    public var allImages: [String: Image] {
        let named = Set(ConfigAssets.imageNames(of: config).map(\.name))
        return BuiltInArtwork.shared(named: named).merging(images) { _, file in file }
    }

    public init(config: BoardConfig, images: [String: Image] = [:]) {
        self.config = config
        self.images = images
    }

    /// Reads, parses and validates `path`, then checks and loads the files it names. Every
    /// failure is a `ConfigError` naming the field (or the file, when it cannot be read).
    public static func read(path: String) throws(ConfigError) -> LoadedConfig {
        let config = try BoardConfig.parse(try readConfigFile(path))
        try ConfigAssets.checkFont(of: config)
        if let pointercal = config.touch.pointercal {
            do {
                try checkAccess(pointercal, .readable)
            } catch {
                throw ConfigError("touch.pointercal", "\(pointercal) cannot be read: \(error.errno.message)")
            }
        }
        let directory = FilePaths.directory(of: path)
        let images = try ConfigAssets.loadImages(for: config, relativeTo: directory.isEmpty ? "." : directory)
        return LoadedConfig(config: config, images: images)
    }
}

/// The bytes of a JSON config file (a board config, a scenario), or a `ConfigError` saying
/// why it cannot be read.
public func readConfigFile(_ path: String) throws(ConfigError) -> [UInt8] {
    do {
        return try readFile(path, limit: JSONParser.maximumBytes)
    } catch {
        let reason =
            switch error.errno {
            case .noSuchFile: "no such file"
            case .permissionDenied: "unreadable (permissions?)"
            case .tooLarge: "the file is larger than \(JSONParser.maximumBytes >> 20) MiB"
            default: error.errno.message.lowercased()
            }
        throw ConfigError("", "cannot read \(path): \(reason)")
    }
}
