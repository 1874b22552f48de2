import Raster

/// What `switchpanel devices` shows about displays: every card with its driver and API, its
/// connectors (status, modes, the current one), CRTCs and planes (with their formats).
public enum DisplayInventory {
    /// One card as found.
    public struct CardReport: Hashable, Sendable {
        public var path: String
        public var outcome: Result<CardDetails, DRMError>

        public init(path: String, outcome: Result<CardDetails, DRMError>) {
            self.path = path
            self.outcome = outcome
        }
    }

    public struct CardDetails: Hashable, Sendable {
        public var driver: String
        /// Whether the driver accepted `DRM_CLIENT_CAP_ATOMIC`.
        public var atomic: Bool
        public var resources: DisplayResources

        public init(driver: String, atomic: Bool, resources: DisplayResources) {
            self.driver = driver
            self.atomic = atomic
            self.resources = resources
        }
    }

    /// Opens every card in `directory` and reads it (without becoming master or changing
    /// anything). Fails only when the directory cannot be listed (``DRMError/noDRIDirectory(path:)``
    /// when it does not exist); a card that cannot be read is reported with its error.
    public static func scan(directory: String = CardDiscovery.defaultDirectory) -> Result<[CardReport], DRMError> {
        let paths: [String]
        do throws(DRMError) {
            paths = try CardDiscovery.cardPaths(in: directory)
        } catch {
            return .failure(error)
        }
        return .success(
            paths.map { path in
                do throws(DRMError) {
                    let card = try Card(path: path)
                    defer { card.close() }
                    let details = CardDetails(
                        driver: card.driver, atomic: card.supportsAtomic, resources: try card.resources())
                    return CardReport(path: path, outcome: .success(details))
                } catch {
                    return CardReport(path: path, outcome: .failure(error))
                }
            })
    }

    /// The report as text, one card after another; says so when there is nothing to report.
    public static func describe(_ scan: Result<[CardReport], DRMError>, directory: String) -> String {
        switch scan {
        case .failure(let error): return error.description
        case .success(let cards) where cards.isEmpty: return DRMError.noCards(directory: directory).description
        case .success(let cards):
            return cards.map { card in
                switch card.outcome {
                case .success(let details): return describe(path: card.path, details)
                case .failure(let error): return "\(card.path)  cannot be read: \(error)"
                }
            }.joined(separator: "\n")
        }
    }

    /// One card: its driver and API, then connectors, CRTCs and planes, indented.
    public static func describe(path: String, _ card: CardDetails) -> String {
        let r = card.resources
        var lines = ["\(path)  driver \(card.driver)  \(card.atomic ? "atomic" : "legacy (no atomic mode setting)")"]
        for c in r.connectors {
            var line = "    connector \(c.name) (id \(c.id)): \(c.status.rawValue)"
            if c.widthMillimetres > 0 && c.heightMillimetres > 0 {
                line += ", \(c.widthMillimetres)x\(c.heightMillimetres) mm"
            }
            let crtc = c.currentEncoderID.flatMap(r.encoder(id:))?.currentCRTCID.flatMap(r.crtc(id:))
            if let crtc, let mode = crtc.mode {
                line += ", showing \(mode) on CRTC \(crtc.id)"
            } else if c.status != .disconnected {
                line += ", off"
            }
            lines.append(line)
            if !c.modes.isEmpty {
                lines.append("        modes: " + DisplaySelection.modeList(c.modes).joined(separator: ", "))
            }
        }
        for (index, crtc) in r.crtcs.enumerated() {
            if let mode = crtc.mode {
                lines.append("    CRTC \(crtc.id) (index \(index)): \(mode), framebuffer \(crtc.framebufferID)")
            } else {
                lines.append("    CRTC \(crtc.id) (index \(index)): off")
            }
        }
        for plane in r.planes {
            let crtcs = r.crtcs.indices.filter { $0 < 32 && plane.possibleCRTCs & (1 << UInt32($0)) != 0 }
                .map { String(r.crtcs[$0].id) }
            var line = "    plane \(plane.id) \(plane.type.rawValue) (CRTCs \(crtcs.joined(separator: ", ")))"
            if let on = plane.currentCRTCID { line += ", on CRTC \(on) with framebuffer \(plane.framebufferID)" }
            line += ": " + formatList(plane.formats)
            lines.append(line)
        }
        if r.planes.isEmpty { lines.append("    planes: none listed (the driver predates universal planes)") }
        return lines.joined(separator: "\n")
    }

    /// The formats SwitchPanel can draw first, by name; the others by fourcc.
    static func formatList(_ formats: [UInt32]) -> String {
        let known = formats.compactMap { PixelFormat(fourcc: $0)?.rawValue }
        let other = formats.filter { PixelFormat(fourcc: $0) == nil }.map(fourccName)
        let all = known + other
        return all.isEmpty ? "no formats" : all.joined(separator: ", ")
    }
}
