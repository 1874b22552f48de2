import BenchScene
import Raster
import RasterPNG

/// PNG snapshots of a run, written after the timed loop so they never affect the figures.
/// They exist to check by eye and by diff against SCENE.md's reference images that each
/// renderer drew the scene it was timed on.
enum Snapshot {
    /// Writes what `renderer` drew for `workload` after a run of `frames` frames.
    ///
    /// FULL and PARTIAL: the whole 800x480 frame as left by the last timed frame (PARTIAL only
    /// paints its box, so the rest stays black). ANIM: the 16 boxes of the run's last full cycle
    /// side by side (1888x78), laid out like `reference-anim-exact.png`; the frames of that
    /// cycle are drawn again here, which gives the same pixels because each frame repaints the
    /// whole box. REALTIME: frames 0…31 side by side (3776x78). SCENE: frame 7.
    static func write(_ renderer: some SceneRenderer, workload: BenchScene.Workload, frames: Int, to path: String)
        throws
    {
        switch workload {
        case .full, .partial:
            try PNG.write(renderer.pixels, to: path)
        case .realtime:
            // Frames 0…31 side by side (3776x78), like `reference-realtime-exact.png`; each
            // frame repaints its whole box, so drawing them again gives the run's pixels.
            let box = BenchScene.partialBox
            let count = 32
            let strip = Image(width: box.width * count, height: box.height, format: .xrgb8888)
            for k in 0..<count {
                renderer.draw(.realtime, frame: k)
                Blitter.copy(
                    from: renderer.pixels, rect: box, to: strip.surface, at: (k * box.width, 0), rotation: .none)
            }
            try PNG.write(strip, to: path)
        case .scene:
            // Frame 7, like `reference-scene-7-exact.png` (drawn again: a frame repaints everything).
            renderer.draw(.scene, frame: 7)
            try PNG.write(renderer.pixels, to: path)
        case .anim:
            let box = BenchScene.partialBox
            let cycle = BenchScene.animFrames
            let strip = Image(width: box.width * cycle, height: box.height, format: .xrgb8888)
            // A run shorter than one cycle has no full cycle; its frames 0…15 are shown instead.
            let first = max(0, (frames / cycle - 1) * cycle)
            for k in 0..<cycle {
                renderer.draw(.anim, frame: first + k)
                Blitter.copy(
                    from: renderer.pixels, rect: box, to: strip.surface, at: (k * box.width, 0), rotation: .none)
            }
            try PNG.write(strip, to: path)
        }
    }

    /// `out.png` → `out-cairo.png` (the suffix goes before the extension, if there is one in the
    /// last path component), so one `--png` names both renderers' files.
    static func path(_ path: String, suffixedWith suffix: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        if let dot = path[nameStart...].lastIndex(of: "."), dot != nameStart {
            return String(path[..<dot]) + suffix + String(path[dot...])
        }
        return path + suffix
    }
}
