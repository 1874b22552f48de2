// swift-tools-version:6.0
import PackageDescription

// Module map (see ARCHITECTURE.md in docs/):
//   Raster       pure Swift: geometry, colours, pixel formats, coverage, paint, compositing.
//                Imports no C module and does no I/O.
//   RasterPNG    the edge to libpng: read and write images as PNG.
//   Widget       pure Swift: the toggle switch (style, presets, animation, touch tracking, drawing).
//   BenchScene   the benchmark scene of docs/bench-scene, drawn through Raster's public API.
//   switchpanel  the command-line program; switchpanel-bench the benchmark (the only user of cairo).
let package = Package(
    name: "SwitchPanel",
    products: [
        .library(name: "SwitchPanelKit", targets: ["Raster", "RasterPNG", "Widget"]),
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
        .target(name: "Widget", dependencies: ["Raster"]),
        .target(name: "BenchScene", dependencies: ["Raster", "Widget"]),
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .executableTarget(name: "switchpanel", dependencies: ["Raster", "RasterPNG", "Widget", "BenchScene"]),
        .executableTarget(
            name: "switchpanel-bench",
            dependencies: ["Raster", "RasterPNG", "BenchScene", "CCairo"]
        ),
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        .testTarget(name: "WidgetTests", dependencies: ["Widget", "Raster", "RasterPNG"], exclude: ["References"]),
        .testTarget(
            name: "RasterPNGTests",
            dependencies: ["Raster", "RasterPNG", "BenchScene"],
            exclude: ["References"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
