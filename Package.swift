// swift-tools-version:6.0
// SwitchPanel: a wall panel of iOS-style toggle switches on Linux touchscreens (pure Swift core, thin edges).
import PackageDescription

// The module map — layers, what each module owns and may import, the C library each edge wraps,
// and every target's dependencies (checked against this file by `make module-map-test`) — is
// docs/ARCHITECTURE.md.
let package = Package(
    name: "SwitchPanel",
    products: [
        .library(name: "SwitchPanelKit", targets: ["Raster", "RasterPNG", "TouchCore", "Widget", "TextRender"]),
        // Headless render tests of a board's panel from Swift (the code `switchpanel test` runs).
        .library(name: "SwitchPanelTesting", targets: ["PanelTesting"]),
        .executable(name: "switchpanel", targets: ["switchpanel"]),
        .executable(name: "switchpanel-bench", targets: ["switchpanel-bench"]),
    ],
    targets: [
        .target(name: "Raster"),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "RasterPNG", dependencies: ["Raster", "CPNG"]),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        .systemLibrary(
            name: "CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),
        .target(
            name: "TextRender", dependencies: ["Raster", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi"]),
        .target(name: "TouchCore", dependencies: ["Raster"]),
        .systemLibrary(
            name: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .systemLibrary(name: "CLinux"),
        .target(name: "LinuxIO", dependencies: ["CLinux"]),
        .target(name: "Evdev", dependencies: ["TouchCore", "CEvdev", "LinuxIO"]),
        .target(name: "ConfigFormat", dependencies: ["Raster"]),
        .target(name: "Widget", dependencies: ["Raster", "TouchCore", "ConfigFormat"]),
        .target(name: "Presentation", dependencies: ["Raster"]),
        .systemLibrary(
            name: "CDRM",
            pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]
        ),
        .target(name: "DRM", dependencies: ["Presentation", "Raster", "LinuxIO", "CDRM"]),
        .target(name: "Panel", dependencies: ["Raster", "Widget", "TouchCore", "ConfigFormat"]),
        // libmosquitto and libmicrohttpd are loaded when a panel first needs them (dlopen, see
        // their shims), not linked: no pkg-config, whose flags would link them; their headers are
        // in the compiler's default path (Debian's libmosquitto-dev, libmicrohttpd-dev).
        .systemLibrary(name: "CMosquitto"),
        .target(name: "MQTT", dependencies: ["CMosquitto", "LinuxIO"]),
        // libwebsockets likewise (Debian's libwebsockets-dev), for Home Assistant's WebSocket API:
        // 4.1 (Debian 12) or 4.3 (Debian 13), whichever the machine has. The two structs whose
        // layout differs are filled in C, once against each version's vendored headers.
        .systemLibrary(name: "CWebSockets"),
        .target(name: "CWebSockets41", cSettings: [.headerSearchPath("libwebsockets-4.1")]),
        .target(name: "CWebSockets43", cSettings: [.headerSearchPath("libwebsockets-4.3")]),
        .target(name: "WebSocket", dependencies: ["CWebSockets", "CWebSockets41", "CWebSockets43", "LinuxIO"]),
        .target(
            name: "PanelRuntime",
            dependencies: [
                "Panel", "Presentation", "Raster", "RasterPNG", "Widget", "TouchCore", "LinuxIO", "TextRender",
                "ConfigFormat", "MQTT", "WebSocket",
            ]),
        // The kernel's devices of a running panel (evdev inputs, the DRM display), apart from
        // PanelRuntime so that it and PanelTesting link neither libevdev nor libdrm.
        .target(
            name: "PanelDevices",
            dependencies: [
                "PanelRuntime", "Panel", "Presentation", "Raster", "Widget", "TouchCore", "LinuxIO", "Evdev", "DRM",
                "ConfigFormat",
            ]
        ),
        .target(
            name: "PanelTesting",
            dependencies: [
                "PanelRuntime", "Panel", "Presentation", "Raster", "RasterPNG", "TouchCore", "ConfigFormat", "LinuxIO",
            ]),
        // The browser preview (issue 14): its pure part (routes, tokens, damage, pointers, the
        // page) and its edge (libmicrohttpd on the panel's loop, the config file watcher).
        .target(name: "Preview", dependencies: ["Raster", "TouchCore", "Presentation", "ConfigFormat"]),
        .systemLibrary(name: "CMicroHTTPD"),
        .target(
            name: "PreviewServer",
            dependencies: [
                "Preview", "CMicroHTTPD", "PanelRuntime", "Panel", "LinuxIO", "Raster", "RasterPNG", "TouchCore",
            ]),
        // The panel's benchmarks (`switchpanel bench`): real toggles and swipes through a headless
        // session, each kind of frame painted by a function of its own for callgrind.
        .target(
            name: "PanelBenchmarks",
            dependencies: [
                "PanelRuntime", "Panel", "Presentation", "Raster", "TouchCore", "Widget", "ConfigFormat", "LinuxIO",
            ]),
        .target(name: "BenchScene", dependencies: ["Raster", "Widget"]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .target(name: "CommandLineInterface"),
        .executableTarget(
            name: "switchpanel",
            dependencies: [
                "CommandLineInterface", "Raster", "RasterPNG", "Widget", "TextRender", "ConfigFormat", "Panel",
                "TouchCore", "Evdev",
                "LinuxIO", "PanelRuntime", "PanelDevices", "Presentation", "DRM", "PanelTesting", "Preview",
                "PreviewServer", "PanelBenchmarks",
            ],
            plugins: ["DemoRecordingPlugin"]),
        // Writes DemoRecording.swift into the switchpanel target from the one copy of the demo
        // recording in Tests/TouchCoreTests/Recordings (a single static binary carries no resources).
        .executableTarget(name: "generate-demo-recording"),
        .plugin(name: "DemoRecordingPlugin", capability: .buildTool(), dependencies: ["generate-demo-recording"]),
        // Test-only: the DRM display probe that scripts/vm-display-test.sh runs in QEMU guests.
        // Not a product: `make install` installs switchpanel alone.
        .executableTarget(
            name: "switchpanel-display-probe",
            dependencies: ["CommandLineInterface", "ConfigFormat", "DRM", "Presentation", "Raster", "LinuxIO"],
            path: "Tests/DisplayProbe"),
        .executableTarget(
            name: "switchpanel-bench",
            dependencies: ["Raster", "RasterPNG", "BenchScene", "CCairo"]
        ),
        // The strict JSON reader and the config readers on it: paths, duplicate and unknown keys,
        // numbers and strings at their limits, nesting.
        .testTarget(name: "ConfigFormatTests", dependencies: ["ConfigFormat", "Raster"]),
        // The MQTT client on a real mosquitto on 127.0.0.1 (TestSupport's MosquittoBroker):
        // CONNACK and refusals, QoS 0 and 1, retained messages, the will, a broker restart.
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "LinuxIO", "TestSupport"]),
        // The option parser, help and errors against small declared commands.
        .testTarget(name: "CommandLineInterfaceTests", dependencies: ["CommandLineInterface"]),
        .testTarget(name: "DRMTests", dependencies: ["DRM", "Presentation", "Raster", "LinuxIO", "ConfigFormat"]),
        .testTarget(
            name: "PanelRuntimeTests",
            dependencies: [
                "PanelRuntime", "Panel", "LinuxIO", "Presentation", "Widget", "TouchCore", "Raster", "RasterPNG",
                "TextRender", "ConfigFormat", "TestSupport", "Evdev", "PanelDevices",
            ],
            // Inputs that once crashed the fuzzers (FuzzTests.swift), replayed every run; a tap
            // recording per shipped board on its touchscreen of today (BoardReplayTests.swift); a
            // keyboard's and a knob's recordings and the focus ring's golden (KeyFocusTests.swift);
            // the Home Assistant fault server (HomeAssistantFaultTests.swift).
            exclude: [
                "FuzzRegressions", "BoardRecordings", "KeyRecordings", "References", "homeassistant_fault_server.py",
            ]),
        // Scenario files, golden images and docs/render-tests.md's example test; runs every shipped scenario
        // (scenarios/, found through #filePath).
        .testTarget(
            name: "PanelTestingTests",
            dependencies: [
                "PanelTesting", "Preview", "PreviewServer", "PanelRuntime", "Panel", "Raster", "RasterPNG",
                "ConfigFormat", "TouchCore",
            ]),
        // The preview's rules (routes, tokens, pointers, feeds, the scenario recorder) and its server
        // on an embedded panel over loopback TCP.
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "Preview", "PreviewServer", "PanelRuntime", "Panel", "LinuxIO", "Presentation", "Raster", "RasterPNG",
                "TouchCore", "PanelTesting",
            ]),
        // `switchpanel bench`'s harnesses on the demo panel: the frames they count, their refusals.
        .testTarget(name: "PanelBenchmarksTests", dependencies: ["PanelBenchmarks", "PanelRuntime", "Panel"]),
        // HeadlessDisplay's vblanks and buffer ages; FrameComposer against Image.converted(to:rotation:).
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "Raster", "TestSupport"]),
        // sd_notify against a real datagram socket, the logger's prefixes, signalfd and timerfd.
        .testTarget(name: "LinuxIOTests", dependencies: ["LinuxIO", "CLinux"]),
        .testTarget(
            name: "PanelTests", dependencies: ["Panel", "Widget", "Raster", "TouchCore", "ConfigFormat", "TestSupport"]),
        // KernelCaptures/: recordings read back live from a uinput device in the QEMU guest.
        .testTarget(
            name: "EvdevTests", dependencies: ["Evdev", "TouchCore", "CEvdev", "LinuxIO"], exclude: ["KernelCaptures"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
        .testTarget(
            name: "TouchCoreTests", dependencies: ["TouchCore", "Raster", "TestSupport"], exclude: ["Recordings"]),
        // Replays ../TouchCoreTests/Recordings (one copy, found through #filePath) against switches.
        .testTarget(name: "GestureReplayTests", dependencies: ["TouchCore", "Widget", "Raster"]),
        .testTarget(
            name: "TextRenderTests",
            dependencies: ["TextRender", "Raster", "RasterPNG", "TestSupport", "Panel"],
            exclude: ["References"]
        ),
        .testTarget(
            name: "WidgetTests",
            dependencies: ["Widget", "TouchCore", "Raster", "RasterPNG", "TextRender", "TestSupport", "ConfigFormat"],
            exclude: ["References"]
        ),
        // Shared test helpers (reference-image comparison), used by the test targets only.
        .target(name: "TestSupport", dependencies: ["Raster", "RasterPNG"], path: "Tests/TestSupport"),
        .testTarget(
            name: "RasterPNGTests",
            dependencies: ["Raster", "RasterPNG", "BenchScene", "TestSupport"],
            exclude: ["References"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
