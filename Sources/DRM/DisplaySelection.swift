import Raster

/// What to drive on a card: the connector, its mode, the encoder and CRTC that feed it, and the
/// CRTC's primary plane — chosen from a ``DisplayResources`` snapshot by ``DisplaySelection``.
public struct DisplayPlan: Hashable, Sendable {
    public var connector: Connector
    public var mode: DisplayMode
    public var encoder: Encoder
    public var crtc: CRTC
    /// The CRTC's primary plane; nil when the card lists no planes (legacy mode setting needs none).
    public var primaryPlane: Plane?
    /// Other planes shown on the CRTC now (a previous program's cursor or overlay), which an
    /// atomic mode set turns off so only the panel is visible.
    public var planesToDisable: [Plane]
}

extension ModeRequest {
    /// Whether `mode` is this size and, when a refresh was asked for, within half a hertz of it
    /// (so `@60` takes a 59.94 Hz mode, as `modetest` and Weston do).
    public func matches(_ mode: DisplayMode) -> Bool {
        guard mode.width == width, mode.height == height else { return false }
        guard let refresh else { return true }
        return abs(mode.refreshRate - refresh) < 0.5
    }
}

/// Pure choices over snapshots: which card, connector, mode, encoder, CRTC and plane to use.
/// No I/O: ``DRMDisplay/open(card:connector:mode:format:api:directory:)`` reads the snapshots and
/// calls these.
public enum DisplaySelection {
    /// A card found in `/dev/dri`, with its resources or why they could not be read.
    public struct ScannedCard: Sendable {
        public var path: String
        public var resources: Result<DisplayResources, DRMError>

        public init(path: String, resources: Result<DisplayResources, DRMError>) {
            self.path = path
            self.resources = resources
        }

        var summary: CardSummary {
            switch resources {
            case .success(let r): CardSummary(path: path, connectors: r.connectors.map(ConnectorSummary.init))
            case .failure(let e): CardSummary(path: path, connectors: [], problem: e.description)
            }
        }
    }

    /// The card to use when none is configured: the first (in `card0, card1, …, card10` order)
    /// with a connected connector; failing that, the first with a connector whose status is
    /// unknown but that reports modes (some DSI and SPI panels). Throws
    /// ``DRMError/noConnectedConnector(cards:)`` listing every card and connector otherwise.
    public static func chooseCard(from cards: [ScannedCard], directory: String) throws(DRMError) -> ScannedCard {
        guard !cards.isEmpty else { throw .noCards(directory: directory) }
        func resources(_ card: ScannedCard) -> DisplayResources? { try? card.resources.get() }
        if let card = cards.first(where: { resources($0)?.hasConnectedConnector == true }) { return card }
        if let card = cards.first(where: { resources($0).map { firstProbablyConnected($0.connectors) != nil } ?? false }
        ) {
            return card
        }
        throw .noConnectedConnector(cards: cards.map(\.summary))
    }

    /// The connector named `name` (the kernel's name, `HDMI-A-1`; case does not matter), or
    /// without a name the first connected one — failing that, the first whose status is unknown
    /// but that reports modes, as libdrm's documentation advises.
    public static func chooseConnector(
        named name: String?, in resources: DisplayResources, path: String
    ) throws(DRMError) -> Connector {
        let summaries = resources.connectors.map(ConnectorSummary.init)
        if let name {
            guard let connector = resources.connectors.first(where: { $0.name.lowercased() == name.lowercased() })
            else { throw .unknownConnector(name: name, path: path, connectors: summaries) }
            // A named connector of unknown status is taken: the configuration says it is there.
            guard connector.status != .disconnected else {
                throw .connectorNotConnected(name: connector.name, path: path, connectors: summaries)
            }
            return connector
        }
        if let connector = resources.connectors.first(where: { $0.status == .connected }) { return connector }
        if let connector = firstProbablyConnected(resources.connectors) { return connector }
        throw .noConnectedConnector(cards: [CardSummary(path: path, connectors: summaries)])
    }

    private static func firstProbablyConnected(_ connectors: [Connector]) -> Connector? {
        connectors.first { $0.status == .unknown && !$0.modes.isEmpty }
    }

    /// The mode `wanted` names (`800x480`, `1920x1080@60`), or the connector's preferred one.
    ///
    /// Among several modes of the requested size: progressive over interlaced, then the refresh
    /// closest to the one asked for, then the preferred mode, then the kernel's order.
    public static func chooseMode(_ wanted: ModeRequest?, for connector: Connector, path: String) throws(DRMError)
        -> DisplayMode
    {
        guard !connector.modes.isEmpty else { throw .noModes(connector: connector.name, path: path) }
        guard let wanted else { return connector.preferredMode! }
        let candidates = connector.modes.enumerated().filter { wanted.matches($0.element) }
        let best = candidates.min { a, b in
            func key(_ m: (offset: Int, element: DisplayMode)) -> (Int, Double, Int, Int) {
                (
                    m.element.isInterlaced ? 1 : 0, wanted.refresh.map { abs(m.element.refreshRate - $0) } ?? 0,
                    m.element.isPreferred ? 0 : 1, m.offset
                )
            }
            return key(a) < key(b)
        }
        guard let best else {
            throw .unknownMode(
                requested: wanted.description, connector: connector.name, available: modeList(connector.modes))
        }
        return best.element
    }

    /// `800x480@60.00 (preferred)`, each distinct mode once, in the kernel's order.
    static func modeList(_ modes: [DisplayMode]) -> [String] {
        var seen = Set<String>()
        var list: [String] = []
        for mode in modes {
            let text = mode.description + (mode.isPreferred ? " (preferred)" : "")
            if seen.insert(text).inserted { list.append(text) }
        }
        return list
    }

    /// An encoder and CRTC for `connector`: the pair driving it now when there is one (no
    /// needless re-routing, and what the restore puts back), else the first pair whose CRTC no
    /// other connector is using.
    public static func chooseCRTC(
        for connector: Connector, in resources: DisplayResources, path: String
    ) throws(DRMError) -> (encoder: Encoder, crtc: CRTC) {
        if let encoder = connector.currentEncoderID.flatMap(resources.encoder(id:)),
            let crtcID = encoder.currentCRTCID, let index = resources.crtcIndex(id: crtcID),
            encoder.possibleCRTCs & (1 << UInt32(index)) != 0
        {
            return (encoder, resources.crtcs[index])
        }
        // CRTCs that feed other connectors now.
        var busy = Set<UInt32>()
        for other in resources.connectors where other.id != connector.id {
            if let crtc = other.currentEncoderID.flatMap(resources.encoder(id:))?.currentCRTCID { busy.insert(crtc) }
        }
        for encoder in connector.encoderIDs.compactMap(resources.encoder(id:)) {
            for (index, crtc) in resources.crtcs.enumerated()
            where index < 32 && encoder.possibleCRTCs & (1 << UInt32(index)) != 0 && !busy.contains(crtc.id) {
                return (encoder, crtc)
            }
        }
        throw .noCRTC(connector: connector.name, path: path)
    }

    /// The primary plane that can show `crtc`: the one showing it now if any, else the first.
    public static func primaryPlane(for crtc: CRTC, in resources: DisplayResources) -> Plane? {
        guard let index = resources.crtcIndex(id: crtc.id), index < 32 else { return nil }
        let candidates = resources.planes.filter { $0.type == .primary && $0.possibleCRTCs & (1 << UInt32(index)) != 0 }
        return candidates.first { $0.currentCRTCID == crtc.id } ?? candidates.first
    }

    /// Everything for one output: the connector, mode, encoder, CRTC and primary plane, with the
    /// pixel format checked against what the primary plane scans out.
    ///
    /// `requirePrimaryPlane` is set for atomic mode setting, which programs the plane directly.
    public static func plan(
        resources: DisplayResources, path: String, connector name: String?, mode request: ModeRequest?,
        format: PixelFormat, requirePrimaryPlane: Bool
    ) throws(DRMError) -> DisplayPlan {
        let connector = try chooseConnector(named: name, in: resources, path: path)
        let mode = try chooseMode(request, for: connector, path: path)
        let (encoder, crtc) = try chooseCRTC(for: connector, in: resources, path: path)
        let plane = primaryPlane(for: crtc, in: resources)
        if requirePrimaryPlane && plane == nil { throw .noPrimaryPlane(crtc: crtc.id, path: path) }
        if let plane, !plane.formats.isEmpty, !plane.formats.contains(format.fourcc) {
            throw .unsupportedFormat(format, path: path, supported: plane.formats)
        }
        let others = resources.planes.filter { $0.id != plane?.id && $0.currentCRTCID == crtc.id }
        return DisplayPlan(
            connector: connector, mode: mode, encoder: encoder, crtc: crtc, primaryPlane: plane,
            planesToDisable: others)
    }
}
