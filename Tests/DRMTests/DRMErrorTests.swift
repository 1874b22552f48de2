import Glibc
import LinuxIO
import Presentation
import Raster
import XCTest

@testable import DRM

/// Every DRM error names the failing call and says what to do; and what the card, display,
/// inventory and VT code do on a machine without DRM (this one: no /dev/dri). The real-kernel
/// path runs in the QEMU guest of scripts/vm-display-test.sh.
final class DRMErrorTests: XCTestCase {
    func testErrorsNameTheFix() {
        let noDRI = DRMError.noDRIDirectory(path: "/dev/dri")
        XCTAssertTrue(noDRI.description.contains("/dev/dri does not exist"), noDRI.description)
        XCTAssertTrue(noDRI.description.contains("--headless"), noDRI.description)

        let denied = DRMError.open(path: "/dev/dri/card0", errno: .permissionDenied)
        XCTAssertTrue(denied.isPermissionDenied)
        XCTAssertTrue(denied.description.contains("`video` group"), denied.description)
        XCTAssertTrue(denied.description.contains("SupplementaryGroups=video"), denied.description)
        XCTAssertTrue(denied.description.contains("EACCES"), denied.description)

        for (call, e) in [
            ("drmSetMaster", SystemErrno.busy), ("drmSetMaster", .permissionDenied),
            ("drmModeSetCrtc", .permissionDenied),
        ] {
            let master = DRMError.notMaster(call: call, path: "/dev/dri/card0", errno: e)
            XCTAssertTrue(master.isMasterHeldElsewhere)
            XCTAssertTrue(
                master.description.contains("another process (a compositor, X, another switchpanel) is DRM master"),
                master.description)
            XCTAssertTrue(master.description.contains(call) && master.description.contains(e.name), master.description)
        }

        let missing = DRMError.open(path: "/dev/dri/card7", errno: .noSuchFile)
        XCTAssertTrue(missing.description.contains("switchpanel devices"), missing.description)

        let refused = DRMError.unsupportedFormat(.rgb565, path: "/dev/dri/card0", supported: [])
        XCTAssertTrue(refused.description.contains("refused a RGB565 framebuffer"), refused.description)
    }

    func testErrorsBecomeDisplayErrorsWithTheCallAndErrno() {
        let flip = DRMError.call("drmModePageFlip", path: "/dev/dri/card0", errno: .busy).displayError
        XCTAssertEqual(flip.call, "drmModePageFlip")
        XCTAssertEqual(flip.errno, EBUSY)
        XCTAssertEqual(flip.message, "/dev/dri/card0: drmModePageFlip failed: Device or resource busy (EBUSY)")

        let master = DRMError.notMaster(call: "drmModeAtomicCommit(NONBLOCK)", path: "p", errno: .permissionDenied)
        XCTAssertEqual(master.displayError.errno, EACCES)
        XCTAssertTrue(master.displayError.description.contains("DRM master"))

        let mode = DRMError.unknownMode(
            requested: "1024x768", connector: "DSI-1", available: ["800x480@60.00 (preferred)"])
        XCTAssertEqual(mode.displayError.call, "choose mode")
        XCTAssertEqual(mode.displayError.errno, 0, "found by looking at the resources, not a failed call")
    }

    // MARK: Without /dev/dri

    func testOpeningWithoutADRIDirectorySaysToRunHeadless() {
        XCTAssertThrowsError(
            try DRMDisplay.open(card: nil, connector: nil, mode: nil, format: .xrgb8888, directory: "/nonexistent/dri")
        ) { error in
            XCTAssertEqual(error as? DRMError, .noDRIDirectory(path: "/nonexistent/dri"))
        }
    }

    func testADirectoryWithoutCardsIsReportedAsSuch() throws {
        let dir = try TemporaryDirectory()
        try dir.write("renderD128", "")
        XCTAssertThrowsError(
            try DRMDisplay.open(card: nil, connector: nil, mode: nil, format: .xrgb8888, directory: dir.path)
        ) { error in
            XCTAssertEqual(error as? DRMError, .noCards(directory: dir.path))
        }
    }

    func testCardsThatAreNotDRMNodesAreListedWithWhy() throws {
        let dir = try TemporaryDirectory()
        try dir.write("card0", "not a device")
        XCTAssertThrowsError(
            try DRMDisplay.open(card: nil, connector: nil, mode: nil, format: .xrgb8888, directory: dir.path)
        ) { error in
            guard case .noConnectedConnector(let cards) = error as? DRMError else { return XCTFail("\(error)") }
            XCTAssertEqual(cards.map(\.path), [dir.path + "/card0"])
            XCTAssertTrue(cards[0].problem?.contains("drmGetVersion failed") == true, "\(cards)")
        }
    }

    func testOpeningSomethingThatIsNotACardFailsWithoutLeakingTheDescriptor() throws {
        let before = openDescriptorCount()
        for _ in 0..<20 {
            XCTAssertThrowsError(try Card(path: "/dev/null")) { error in
                guard case .call(let call, let path, let e) = error as? DRMError else { return XCTFail("\(error)") }
                XCTAssertEqual(call, "drmGetVersion")
                XCTAssertEqual(path, "/dev/null")
                XCTAssertTrue(e == .notATerminal || e == .invalidArgument, "\(e)")
            }
        }
        XCTAssertEqual(openDescriptorCount(), before)
        XCTAssertThrowsError(try Card(path: "/nonexistent/card0")) { error in
            XCTAssertEqual(error as? DRMError, .open(path: "/nonexistent/card0", errno: .noSuchFile))
        }
    }

    func testCardNodesAreFoundInNumericOrder() throws {
        let dir = try TemporaryDirectory()
        for name in ["card10", "card2", "renderD128", "card0", "cardX", "by-path"] { try dir.write(name, "") }
        XCTAssertEqual(
            try CardDiscovery.cardPaths(in: dir.path), ["card0", "card2", "card10"].map { dir.path + "/" + $0 })
        XCTAssertEqual(CardDiscovery.path(for: "card1"), "/dev/dri/card1")
        XCTAssertEqual(
            CardDiscovery.path(for: "/dev/dri/by-path/platform-gpu-card"), "/dev/dri/by-path/platform-gpu-card")
    }

    // MARK: The inventory

    func testTheInventorySaysWhenThereIsNoDRIDirectory() {
        let text = DisplayInventory.describe(
            DisplayInventory.scan(directory: "/nonexistent/dri"), directory: "/nonexistent/dri")
        XCTAssertTrue(text.hasPrefix("/nonexistent/dri does not exist"), text)
        XCTAssertTrue(text.contains("--headless"), text)
    }

    func testTheInventoryListsConnectorsCRTCsAndPlanes() {
        let mode = DisplayMode.synthetic(width: 800, height: 480, refresh: 60, preferred: true)
        let resources = DisplayResources(
            connectors: [
                Connector(
                    id: 34, type: 15, typeIndex: 1, status: .connected,
                    modes: [mode, DisplayMode.synthetic(width: 640, height: 480)], encoderIDs: [35],
                    currentEncoderID: 35,
                    widthMillimetres: 200, heightMillimetres: 120),
                Connector(id: 36, type: 11, typeIndex: 1, status: .disconnected, modes: [], encoderIDs: [35]),
            ],
            encoders: [Encoder(id: 35, currentCRTCID: 33, possibleCRTCs: 1)],
            crtcs: [CRTC(id: 33, framebufferID: 37, mode: mode), CRTC(id: 40)],
            planes: [
                Plane(
                    id: 31, type: .primary, possibleCRTCs: 0b11, currentCRTCID: 33, framebufferID: 37,
                    formats: [fourcc("NV12"), PixelFormat.xrgb8888.fourcc, PixelFormat.rgb565.fourcc])
            ])
        let text = DisplayInventory.describe(
            path: "/dev/dri/card0",
            DisplayInventory.CardDetails(driver: "virtio_gpu", atomic: true, resources: resources))
        XCTAssertEqual(
            text,
            """
            /dev/dri/card0  driver virtio_gpu  atomic
                connector Virtual-1 (id 34): connected, 200x120 mm, showing 800x480@60.00 on CRTC 33
                    modes: 800x480@60.00 (preferred), 640x480@60.00
                connector HDMI-A-1 (id 36): disconnected
                CRTC 33 (index 0): 800x480@60.00, framebuffer 37
                CRTC 40 (index 1): off
                plane 31 primary (CRTCs 33, 40), on CRTC 33 with framebuffer 37: XRGB8888, RGB565, NV12
            """)
    }

    // MARK: Virtual terminals

    func testNoVTIsTakenWhileItsSignalsWouldKillTheProcess() {
        // XCTest leaves SIGUSR1/SIGUSR2 at their default action (no handler); unblock them here.
        var set = sigset_t()
        var previous = sigset_t()
        sigemptyset(&set)
        for signal in VirtualTerminal.signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        XCTAssertFalse(VirtualTerminal.signalsAreSafe())
        guard case .failure(let unavailable) = VirtualTerminal.take(path: "/dev/tty1") else {
            return XCTFail("took a VT with SIGUSR1 unhandled")
        }
        XCTAssertTrue(unavailable.description.contains("would kill the process"), unavailable.description)
    }

    func testSomethingThatIsNotAVTGivesTheOneLineWarningNotACrash() throws {
        let signals = try SignalDescriptor(signals: VirtualTerminal.signals)
        defer { withExtendedLifetime(signals) {} }
        XCTAssertTrue(VirtualTerminal.signalsAreSafe())
        guard case .failure(let unavailable) = VirtualTerminal.take(path: "/dev/null") else {
            return XCTFail("/dev/null taken as a VT")
        }
        XCTAssertEqual(unavailable.reasons, ["/dev/null is not a virtual terminal (ENOTTY)"])
        XCTAssertTrue(
            unavailable.description.hasPrefix("running without VT switching (/dev/null"), unavailable.description)
        XCTAssertFalse(unavailable.description.contains("\n"))
        // Not a terminal at all (the descriptor type rules out the -1 this once checked).
        XCTAssertFalse(try FileDescriptor.open("/", [.readOnly, .directory]).isVirtualTerminal)
    }
}

private func fourcc(_ s: String) -> UInt32 {
    let b = Array(s.utf8)
    return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
}

/// How many descriptors this process has open (entries of /proc/self/fd).
private func openDescriptorCount() -> Int {
    (try? listDirectory("/proc/self/fd").count) ?? -1
}

/// A directory under /tmp, removed with everything in it when the object goes away.
private final class TemporaryDirectory {
    let path: String

    init() throws {
        path = try makeTemporaryDirectory(prefix: "/tmp/drm-tests-")
    }

    func write(_ name: String, _ text: String) throws {
        try FileDescriptor.open(path + "/" + name, [.writeOnly, .create, .truncate]).writeAll(Array(text.utf8))
    }

    deinit {
        for name in (try? listDirectory(path)) ?? [] { try? removeFile(path + "/" + name) }
        rmdir(path)
    }
}
