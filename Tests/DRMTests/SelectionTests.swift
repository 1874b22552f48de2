import ConfigFormat
import Raster
import XCTest

@testable import DRM

/// The pure choices over synthetic snapshots: which card, connector, mode, encoder, CRTC and
/// plane a display uses, and the messages when there is none.
final class SelectionTests: XCTestCase {
    // DRM_MODE_CONNECTOR_* values used below.
    let hdmiA: UInt32 = 11
    let dsi: UInt32 = 16
    let virtual: UInt32 = 15

    /// A card like a Raspberry Pi 4 with the 7" DSI panel: two HDMI ports (nothing plugged in)
    /// and DSI-1 connected; three CRTCs, the DSI one (index 2) currently showing the console.
    func piLikeCard() -> DisplayResources {
        let dsiMode = DisplayMode.synthetic(width: 800, height: 480, refresh: 60, preferred: true)
        let console = CRTC(id: 102, framebufferID: 200, mode: dsiMode, properties: ["MODE_ID": 1, "ACTIVE": 2])
        return DisplayResources(
            connectors: [
                Connector(id: 10, type: hdmiA, typeIndex: 1, status: .disconnected, modes: [], encoderIDs: [20]),
                Connector(id: 11, type: hdmiA, typeIndex: 2, status: .disconnected, modes: [], encoderIDs: [21]),
                Connector(
                    id: 12, type: dsi, typeIndex: 1, status: .connected, modes: [dsiMode], encoderIDs: [22],
                    currentEncoderID: 22),
            ],
            encoders: [
                Encoder(id: 20, currentCRTCID: nil, possibleCRTCs: 0b001),
                Encoder(id: 21, currentCRTCID: nil, possibleCRTCs: 0b010),
                Encoder(id: 22, currentCRTCID: 102, possibleCRTCs: 0b100),
            ],
            crtcs: [CRTC(id: 100), CRTC(id: 101), console],
            planes: [
                Plane(id: 30, type: .primary, possibleCRTCs: 0b001, formats: [PixelFormat.xrgb8888.fourcc]),
                Plane(id: 31, type: .primary, possibleCRTCs: 0b010, formats: [PixelFormat.xrgb8888.fourcc]),
                Plane(
                    id: 32, type: .primary, possibleCRTCs: 0b100, currentCRTCID: 102, framebufferID: 200,
                    formats: [PixelFormat.xrgb8888.fourcc, PixelFormat.rgb565.fourcc]),
                Plane(
                    id: 33, type: .cursor, possibleCRTCs: 0b111, currentCRTCID: 102, framebufferID: 201,
                    formats: [PixelFormat.argb8888.fourcc]),
            ])
    }

    /// An HDMI monitor's mode list: 1080p at several rates (preferred 60 listed second), an
    /// interlaced 1080i, 720p.
    func monitorModes() -> [DisplayMode] {
        var interlaced = DisplayMode.synthetic(width: 1920, height: 1080, refresh: 30)
        interlaced.flags |= DisplayMode.flagInterlace  // 30 frames/s of fields: 60 Hz
        return [
            DisplayMode.synthetic(width: 1920, height: 1080, refresh: 50),
            DisplayMode.synthetic(width: 1920, height: 1080, refresh: 60, preferred: true),
            DisplayMode.synthetic(width: 1920, height: 1080, refresh: 59.94),
            interlaced,
            DisplayMode.synthetic(width: 1280, height: 720, refresh: 60),
            DisplayMode.synthetic(width: 1280, height: 720, refresh: 50),
        ]
    }

    // MARK: Connector names

    func testConnectorNamesAreTheKernels() {
        XCTAssertEqual(
            Connector(id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: [], encoderIDs: []).name, "HDMI-A-1")
        XCTAssertEqual(
            Connector(id: 1, type: dsi, typeIndex: 2, status: .connected, modes: [], encoderIDs: []).name, "DSI-2")
        XCTAssertEqual(
            Connector(id: 1, type: virtual, typeIndex: 1, status: .connected, modes: [], encoderIDs: []).name,
            "Virtual-1")
        XCTAssertEqual(Connector.typeName(14), "eDP")
        XCTAssertEqual(Connector.typeName(20), "USB")
        XCTAssertEqual(Connector.typeName(99), "Type99", "a type newer than this table still gets a usable name")
    }

    // MARK: Connectors

    func testTheFirstConnectedConnectorIsChosenOverDisconnectedOnes() throws {
        let connector = try DisplaySelection.chooseConnector(named: nil, in: piLikeCard(), path: "/dev/dri/card1")
        XCTAssertEqual(connector.name, "DSI-1")
    }

    func testAConnectorIsFoundByNameWhateverTheCase() throws {
        let connector = try DisplaySelection.chooseConnector(named: "dsi-1", in: piLikeCard(), path: "/dev/dri/card1")
        XCTAssertEqual(connector.id, 12)
    }

    func testAnUnknownConnectorNameListsEveryConnectorWithItsStatus() {
        XCTAssertThrowsError(
            try DisplaySelection.chooseConnector(named: "HDMI-1", in: piLikeCard(), path: "/dev/dri/card1")
        ) {
            error in
            guard case .unknownConnector(let name, _, let connectors) = error as? DRMError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(name, "HDMI-1")
            XCTAssertEqual(connectors.map(\.name), ["HDMI-A-1", "HDMI-A-2", "DSI-1"])
            XCTAssertEqual(
                "\(error)",
                "/dev/dri/card1 has no connector \"HDMI-1\"; it has: HDMI-A-1 (disconnected), HDMI-A-2 (disconnected), "
                    + "DSI-1 (connected)")
        }
    }

    func testANamedConnectorWithNothingPluggedInIsRefused() {
        XCTAssertThrowsError(
            try DisplaySelection.chooseConnector(named: "HDMI-A-2", in: piLikeCard(), path: "/dev/dri/card1")
        ) {
            error in
            guard case .connectorNotConnected(let name, _, _) = error as? DRMError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "HDMI-A-2")
            XCTAssertTrue("\(error)".contains("HDMI-A-2 has nothing connected"), "\(error)")
            XCTAssertTrue("\(error)".contains("DSI-1 (connected)"), "\(error)")
        }
    }

    func testWithNothingConnectedEveryConnectorIsListed() {
        var card = piLikeCard()
        card.connectors[2].status = .disconnected
        XCTAssertThrowsError(try DisplaySelection.chooseConnector(named: nil, in: card, path: "/dev/dri/card1")) {
            error in
            XCTAssertEqual(
                "\(error)",
                "no connected display: plug one in, or name a connector whose status is unknown\n"
                    + "  /dev/dri/card1: HDMI-A-1 (disconnected), HDMI-A-2 (disconnected), DSI-1 (disconnected)")
        }
    }

    func testAConnectorOfUnknownStatusWithModesIsTakenWhenNoneIsConnected() throws {
        // Some DSI and SPI panels cannot tell whether they are there; libdrm advises trying them.
        var card = piLikeCard()
        card.connectors[2].status = .unknown
        XCTAssertEqual(try DisplaySelection.chooseConnector(named: nil, in: card, path: "c").name, "DSI-1")
        XCTAssertEqual(try DisplaySelection.chooseConnector(named: "DSI-1", in: card, path: "c").name, "DSI-1")
    }

    // MARK: Modes

    func testWithoutARequestThePreferredModeIsChosenEvenWhenNotListedFirst() throws {
        let connector = Connector(
            id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: monitorModes(), encoderIDs: [])
        let mode = try DisplaySelection.chooseMode(nil, for: connector, path: "c")
        XCTAssertTrue(mode.isPreferred)
        XCTAssertEqual(mode.description, "1920x1080@60.00")
    }

    func testASizeAloneTakesThePreferredModeOfThatSizeThenTheFirstListed() throws {
        let connector = Connector(
            id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: monitorModes(), encoderIDs: [])
        XCTAssertEqual(
            try DisplaySelection.chooseMode(try ModeRequest(parsing: "1920x1080"), for: connector, path: "c")
                .description, "1920x1080@60.00")
        XCTAssertEqual(
            try DisplaySelection.chooseMode(try ModeRequest(parsing: "1280x720"), for: connector, path: "c")
                .description, "1280x720@60.00")
    }

    func testARefreshPicksTheClosestModeWithinHalfAHertz() throws {
        var modes = monitorModes()
        let connector = Connector(id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: modes, encoderIDs: [])
        XCTAssertEqual(
            try DisplaySelection.chooseMode(try ModeRequest(parsing: "1920x1080@50"), for: connector, path: "c")
                .description, "1920x1080@50.00")
        XCTAssertEqual(
            try DisplaySelection.chooseMode(try ModeRequest(parsing: "1920x1080@59.94"), for: connector, path: "c")
                .description, "1920x1080@59.94"
        )
        // Without an exact 60, "@60" takes 59.94 (as modetest and Weston do) and never the
        // interlaced mode, whose field rate is 60 too.
        modes.remove(at: 1)
        let without60 = Connector(id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: modes, encoderIDs: [])
        let mode = try DisplaySelection.chooseMode(try ModeRequest(parsing: "1920x1080@60"), for: without60, path: "c")
        XCTAssertEqual(mode.description, "1920x1080@59.94")
        XCTAssertFalse(mode.isInterlaced)
    }

    func testAnUnknownModeListsTheConnectorsModes() {
        let connector = Connector(
            id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: monitorModes(), encoderIDs: [])
        XCTAssertThrowsError(
            try DisplaySelection.chooseMode(try ModeRequest(parsing: "1024x768"), for: connector, path: "c")
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "HDMI-A-1 offers no mode 1024x768; its modes: 1920x1080@50.00, 1920x1080@60.00 (preferred), "
                    + "1920x1080@59.94, 1920x1080i@60.00, 1280x720@60.00, 1280x720@50.00")
        }
        XCTAssertThrowsError(
            try DisplaySelection.chooseMode(try ModeRequest(parsing: "1920x1080@75"), for: connector, path: "c")
        ) { error in
            guard case .unknownMode(let requested, _, _) = error as? DRMError else { return XCTFail("\(error)") }
            XCTAssertEqual(requested, "1920x1080@75")
        }
    }

    func testMalformedModesAndConnectorsWithoutModesAreErrors() {
        let connector = Connector(
            id: 1, type: hdmiA, typeIndex: 1, status: .connected, modes: monitorModes(), encoderIDs: [])
        // Malformed modes never reach the selection: ModeRequest's parser (ConfigFormat) refuses them.
        for bad in ["1920", "1920x", "x1080", "1920x1080@", "1920x1080@fast", "axb", "1920x1080@60@60", "-800x480"] {
            XCTAssertThrowsError(try ModeRequest(parsing: bad, path: "--mode"), bad) { error in
                XCTAssertEqual(
                    "\(error)",
                    "--mode: \"\(bad)\" is not WIDTHxHEIGHT or WIDTHxHEIGHT@HZ (for example 800x480 or 1920x1080@60)")
            }
        }
        let empty = Connector(id: 1, type: dsi, typeIndex: 1, status: .connected, modes: [], encoderIDs: [])
        XCTAssertThrowsError(try DisplaySelection.chooseMode(nil, for: empty, path: "/dev/dri/card0")) { error in
            XCTAssertEqual(error as? DRMError, .noModes(connector: "DSI-1", path: "/dev/dri/card0"))
        }
    }

    func testModeRequestsParse() throws {
        XCTAssertEqual(try ModeRequest(parsing: "800x480"), ModeRequest(width: 800, height: 480))
        XCTAssertEqual(
            try ModeRequest(parsing: "1920x1080@59.94"), ModeRequest(width: 1920, height: 1080, refresh: 59.94))
        XCTAssertThrowsError(try ModeRequest(parsing: "0x480"))
        XCTAssertThrowsError(try ModeRequest(parsing: "800x480@0"))
        // As a config writes it (a mode the connector offers is described with two decimals).
        XCTAssertEqual(ModeRequest(width: 1920, height: 1080, refresh: 60).description, "1920x1080@60")
    }

    func testRefreshRatesComeFromTheTimings() {
        // CEA-861 1080p60 and its NTSC twin, and 1080i (two fields per frame).
        let p60 = DisplayMode(
            clock: 148_500, hdisplay: 1920, hsyncStart: 2008, hsyncEnd: 2052, htotal: 2200, vdisplay: 1080,
            vsyncStart: 1084, vsyncEnd: 1089, vtotal: 1125, vrefresh: 60, name: "1920x1080")
        XCTAssertEqual(p60.refreshRate, 60, accuracy: 1e-9)
        var ntsc = p60
        ntsc.clock = 148_352
        XCTAssertEqual(ntsc.refreshRate, 59.94, accuracy: 0.001)
        XCTAssertEqual(ntsc.description, "1920x1080@59.94")
        var i60 = p60
        i60.clock = 74_250
        i60.flags = DisplayMode.flagInterlace
        XCTAssertEqual(i60.refreshRate, 60, accuracy: 1e-9)
        var broken = p60
        broken.htotal = 0
        XCTAssertEqual(broken.refreshRate, 60, "without timings the driver's rounded rate is used")
    }

    func testAModeSurvivesTheTripThroughTheKernelStruct() {
        var mode = DisplayMode.synthetic(width: 1280, height: 800, refresh: 59.81, preferred: true)
        mode.name = "a name that is longer than the kernel's thirty-two bytes"
        let back = DisplayMode(mode.modeInfo)
        XCTAssertEqual(back.name, String(mode.name.prefix(31)), "truncated with room for the NUL")
        var same = back
        same.name = mode.name
        XCTAssertEqual(same, mode)
    }

    // MARK: Encoders, CRTCs and planes

    func testTheCRTCAlreadyDrivingTheConnectorIsKept() throws {
        let card = piLikeCard()
        let (encoder, crtc) = try DisplaySelection.chooseCRTC(for: card.connectors[2], in: card, path: "c")
        XCTAssertEqual(encoder.id, 22)
        XCTAssertEqual(crtc.id, 102)
    }

    func testAnIdleConnectorGetsAFreeCRTCItsEncoderCanReach() throws {
        // HDMI-A-1's encoder reaches CRTCs 0 and 2; CRTC 2 feeds DSI-1, so CRTC 0 it is.
        var card = piLikeCard()
        card.connectors[0].status = .connected
        card.encoders[0].possibleCRTCs = 0b101
        let (_, crtc) = try DisplaySelection.chooseCRTC(for: card.connectors[0], in: card, path: "c")
        XCTAssertEqual(crtc.id, 100)
        // Only CRTC 2 reachable, and busy: no CRTC.
        card.encoders[0].possibleCRTCs = 0b100
        XCTAssertThrowsError(try DisplaySelection.chooseCRTC(for: card.connectors[0], in: card, path: "/dev/dri/card1"))
        {
            error in
            XCTAssertEqual(error as? DRMError, .noCRTC(connector: "HDMI-A-1", path: "/dev/dri/card1"))
            XCTAssertTrue("\(error)".contains("no free CRTC can drive HDMI-A-1"), "\(error)")
        }
    }

    func testAStaleBindingToACRTCTheEncoderCannotReachIsIgnored() throws {
        var card = piLikeCard()
        card.encoders[2].currentCRTCID = 100  // not in possible_crtcs 0b100
        let (_, crtc) = try DisplaySelection.chooseCRTC(for: card.connectors[2], in: card, path: "c")
        XCTAssertEqual(crtc.id, 102)
    }

    func testThePrimaryPlaneOfTheCRTCIsFound() {
        let card = piLikeCard()
        XCTAssertEqual(DisplaySelection.primaryPlane(for: card.crtcs[2], in: card)?.id, 32)
        XCTAssertEqual(DisplaySelection.primaryPlane(for: card.crtcs[1], in: card)?.id, 31)
        XCTAssertNil(DisplaySelection.primaryPlane(for: CRTC(id: 999), in: card))
    }

    func testAPlanPutsItAllTogetherAndTurnsOffTheCursorLeftOnTheCRTC() throws {
        let plan = try DisplaySelection.plan(
            resources: piLikeCard(), path: "c", connector: nil, mode: nil, format: .rgb565, requirePrimaryPlane: true)
        XCTAssertEqual(plan.connector.name, "DSI-1")
        XCTAssertEqual(plan.mode.description, "800x480@60.00")
        XCTAssertEqual(plan.crtc.id, 102)
        XCTAssertEqual(plan.primaryPlane?.id, 32)
        XCTAssertEqual(plan.planesToDisable.map(\.id), [33])
    }

    func testAFormatThePrimaryPlaneCannotScanOutIsRefusedWithTheFormatsItCan() {
        XCTAssertThrowsError(
            try DisplaySelection.plan(
                resources: piLikeCard(), path: "/dev/dri/card1", connector: nil, mode: nil, format: .bgr565,
                requirePrimaryPlane: false)
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "/dev/dri/card1: the display cannot scan out BGR565; it supports XRGB8888, RGB565 (set display.format in "
                    + "the board config)")
        }
    }

    func testAtomicNeedsAPrimaryPlaneLegacyDoesNot() throws {
        var card = piLikeCard()
        card.planes = []
        XCTAssertThrowsError(
            try DisplaySelection.plan(
                resources: card, path: "c", connector: nil, mode: nil, format: .xrgb8888, requirePrimaryPlane: true)
        ) { error in
            XCTAssertEqual(error as? DRMError, .noPrimaryPlane(crtc: 102, path: "c"))
        }
        let legacy = try DisplaySelection.plan(
            resources: card, path: "c", connector: nil, mode: nil, format: .xrgb8888, requirePrimaryPlane: false)
        XCTAssertNil(legacy.primaryPlane)
    }

    // MARK: Cards

    func testTheFirstCardWithAConnectedConnectorIsChosen() throws {
        // A render-only GPU as card0 (its resources cannot be read), the display controller card1.
        var idle = piLikeCard()
        idle.connectors[2].status = .disconnected
        let cards: [DisplaySelection.ScannedCard] = [
            .init(
                path: "/dev/dri/card0",
                resources: .failure(.call("drmModeGetResources", path: "/dev/dri/card0", errno: .invalidArgument))),
            .init(path: "/dev/dri/card1", resources: .success(idle)),
            .init(path: "/dev/dri/card2", resources: .success(piLikeCard())),
        ]
        XCTAssertEqual(try DisplaySelection.chooseCard(from: cards, directory: "/dev/dri").path, "/dev/dri/card2")
    }

    func testWithoutAnyConnectedCardEveryCardAndConnectorIsListed() {
        var idle = piLikeCard()
        idle.connectors[2].status = .disconnected
        let cards: [DisplaySelection.ScannedCard] = [
            .init(path: "/dev/dri/card0", resources: .failure(.open(path: "/dev/dri/card0", errno: .permissionDenied))),
            .init(path: "/dev/dri/card1", resources: .success(idle)),
        ]
        XCTAssertThrowsError(try DisplaySelection.chooseCard(from: cards, directory: "/dev/dri")) { error in
            let lines = "\(error)".split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.count, 3, "\(error)")
            XCTAssertTrue(
                lines[1].hasPrefix("  /dev/dri/card0: cannot open /dev/dri/card0: Permission denied (EACCES)"), lines[1]
            )
            XCTAssertEqual(
                lines[2], "  /dev/dri/card1: HDMI-A-1 (disconnected), HDMI-A-2 (disconnected), DSI-1 (disconnected)")
        }
        XCTAssertThrowsError(try DisplaySelection.chooseCard(from: [], directory: "/dev/dri")) { error in
            XCTAssertEqual(error as? DRMError, .noCards(directory: "/dev/dri"))
        }
    }
}
