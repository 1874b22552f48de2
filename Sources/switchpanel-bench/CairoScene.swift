import BenchScene
import CCairo
import Foundation
import Raster

/// The benchmark scene drawn with cairo 1.16 (pixman underneath), the reference peer of
/// SCENE.md: same geometry and colours as ``BenchScene`` (its constants are reused, so the two
/// renderers cannot drift apart), drawn the way cairo's figure in SCENE.md was measured.
///
/// cairo has no blur, so the thumb shadow is a radial gradient whose stops follow the exact
/// profile of the blurred disc (see ``ShadowProfile``); that makes cairo's picture the closest
/// peer to the exact reference (MAD 0.060) and is also why it is slow: pixman evaluates a radial
/// gradient per pixel over the whole 70x70 shadow disc.
final class CairoRenderer: SceneRenderer {
    let name = "cairo"
    /// The RGB24 image surface, created once.
    private let surface: OpaquePointer
    /// One context for the whole run: per-frame contexts would add set-up cost that a real
    /// cairo application (which keeps its context) would not pay.
    private let cr: OpaquePointer
    /// The shadow gradient centred on the origin; each use moves it with the pattern matrix, so
    /// no pattern is created per switch or per frame.
    private let shadowPattern: OpaquePointer
    /// Radius of the filled shadow disc: thumb radius + 4 sigma, where the profile is ~3e-5.
    private let shadowOuterRadius: Double

    init() {
        let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(BenchScene.width), Int32(BenchScene.height))!
        precondition(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "cairo could not create the image surface")
        surface = s
        cr = cairo_create(s)!
        precondition(cairo_status(cr) == CAIRO_STATUS_SUCCESS, "cairo could not create a context")

        let shadow = BenchScene.shadow
        let profile = ShadowProfile(radius: BenchScene.thumbRadius, sigma: shadow.sigma)
        shadowOuterRadius = profile.outerRadius
        shadowPattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, profile.outerRadius)!
        let alpha = shadow.opacity * Double(shadow.color.alpha) / 255
        let (r, g, b) = CairoRenderer.unit(shadow.color)
        for stop in profile.stops {
            cairo_pattern_add_color_stop_rgba(shadowPattern, stop.offset, r, g, b, alpha * stop.value)
        }
        precondition(cairo_pattern_status(shadowPattern) == CAIRO_STATUS_SUCCESS, "cairo rejected the shadow gradient")
    }

    deinit {
        cairo_pattern_destroy(shadowPattern)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    var pixels: Surface {
        Surface(
            base: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
            width: Int(cairo_image_surface_get_width(surface)),
            height: Int(cairo_image_surface_get_height(surface)),
            stride: Int(cairo_image_surface_get_stride(surface)),
            format: .xrgb8888)
    }

    func draw(_ workload: BenchScene.Workload, frame: Int) {
        switch workload {
        case .full:
            drawFull()
        case .partial:
            let x = BenchScene.origin(ofSwitch: BenchScene.animatedSwitch).x
            drawInPartialBox {
                drawSwitch(index: BenchScene.animatedSwitch, track: BenchScene.midColor, thumbCenterX: x + 51)
            }
        case .anim:
            let e = BenchScene.animProgress(frame: frame)
            let x = BenchScene.origin(ofSwitch: BenchScene.animatedSwitch).x
            let track = Color.mix(BenchScene.offColor, BenchScene.onColor, e)
            drawInPartialBox {
                drawSwitch(index: BenchScene.animatedSwitch, track: track, thumbCenterX: x + 31 + 40 * e)
            }
        case .realtime:
            let p = BenchScene.realtimeProgress(frame: frame)
            let x = BenchScene.origin(ofSwitch: BenchScene.animatedSwitch).x
            let track = Color.mix(BenchScene.offColor, BenchScene.onColor, p)
            drawInPartialBox {
                drawSwitch(index: BenchScene.animatedSwitch, track: track, thumbCenterX: x + 31 + 40 * p)
            }
        case .scene:
            setSource(BenchScene.background)
            cairo_paint(cr)
            for i in 0..<24 {
                let p = BenchScene.sceneProgress(switch: i, frame: frame)
                let x = BenchScene.origin(ofSwitch: i).x
                let track = Color.mix(BenchScene.offColor, BenchScene.onColor, p)
                drawSwitch(index: i, track: track, thumbCenterX: x + 31 + 40 * p)
            }
        }
        // cairo may defer work; flushing once per frame makes sure the timed frame includes
        // producing every pixel.
        cairo_surface_flush(surface)
    }

    /// FULL: clear and all 24 switches, even ones on.
    private func drawFull() {
        setSource(BenchScene.background)
        cairo_paint(cr)
        let size = BenchScene.switchSize
        for i in 0..<24 {
            let on = i % 2 == 0
            let x = BenchScene.origin(ofSwitch: i).x
            let cx =
                on
                ? x + size.width - BenchScene.thumbInset - BenchScene.thumbRadius
                : x + BenchScene.thumbInset + BenchScene.thumbRadius
            drawSwitch(index: i, track: on ? BenchScene.onColor : BenchScene.offColor, thumbCenterX: cx)
        }
    }

    /// PARTIAL and ANIM repaint only the partial box: clip to it, clear it, draw inside.
    private func drawInPartialBox(_ body: () -> Void) {
        let box = BenchScene.partialBox
        cairo_save(cr)
        cairo_rectangle(cr, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
        cairo_clip(cr)
        setSource(BenchScene.background)
        cairo_paint(cr)
        body()
        cairo_restore(cr)
    }

    /// One switch: capsule track, shadow, then the white thumb on top.
    private func drawSwitch(index i: Int, track: Color, thumbCenterX cx: Double) {
        let o = BenchScene.origin(ofSwitch: i)
        let size = BenchScene.switchSize
        roundedRect(x: o.x, y: o.y, width: size.width, height: size.height, radius: size.height / 2)
        setSource(track)
        cairo_fill(cr)

        let cy = o.y + size.height / 2
        let shadow = BenchScene.shadow
        let sx = cx + shadow.offset.x
        let sy = cy + shadow.offset.y
        var m = cairo_matrix_t()
        cairo_matrix_init_translate(&m, -sx, -sy)
        cairo_pattern_set_matrix(shadowPattern, &m)
        cairo_set_source(cr, shadowPattern)
        cairo_arc(cr, sx, sy, shadowOuterRadius, 0, 2 * .pi)
        cairo_fill(cr)

        setSource(.white)
        cairo_arc(cr, cx, cy, BenchScene.thumbRadius, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// A rounded rectangle as four quarter arcs, the usual cairo idiom (cairo has no
    /// rounded-rectangle primitive); with radius = height/2 it is the capsule.
    private func roundedRect(x: Double, y: Double, width w: Double, height h: Double, radius r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    private func setSource(_ c: Color) {
        let (r, g, b) = CairoRenderer.unit(c)
        if c.alpha == 255 {
            cairo_set_source_rgb(cr, r, g, b)
        } else {
            cairo_set_source_rgba(cr, r, g, b, Double(c.alpha) / 255)
        }
    }

    /// 8-bit channels as cairo's 0…1 doubles; cairo maps v/255 back to exactly v.
    private static func unit(_ c: Color) -> (Double, Double, Double) {
        (Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255)
    }
}

/// The radial alpha profile of a disc convolved with a 2-D gaussian: the shadow SCENE.md
/// defines, in the form a cairo radial gradient can carry.
///
/// profile(r) is the fraction of a gaussian (sigma) centred at distance r from the disc's centre
/// that lies inside the disc. It is computed once at start-up by numeric integration, so cairo
/// gets the same blurred edge the exact reference has instead of an ad-hoc ramp.
struct ShadowProfile {
    struct Stop {
        /// Position along the gradient, 0 at the centre, 1 at ``ShadowProfile/outerRadius``.
        let offset: Double
        /// profile(r) at that position, 0…1.
        let value: Double
    }

    /// Where the gradient (and the filled shadow disc) ends: radius + 4 sigma.
    let outerRadius: Double
    let stops: [Stop]

    /// Stops every `(8 sigma) / intervals` pixels across radius ± 4 sigma, where the whole
    /// transition happens, plus one at the centre; inside radius - 4 sigma the profile is 1 to
    /// within 3e-5. 16 intervals (1 px for sigma 2) keep pixman's linear interpolation within
    /// about half a level of the true curve (FULL: MAD 0.049, max 11 against the exact
    /// reference, as SCENE.md's cairo figure). More stops are not free: pixman's gradient
    /// walker rescans the stops whenever a pixel crosses into another interval, so 32 intervals
    /// cost cairo ~15 % more instructions for no visible gain.
    init(radius: Double, sigma: Double, intervals: Int = 16) {
        let inner = max(0, radius - 4 * sigma)
        outerRadius = radius + 4 * sigma
        var stops = [Stop(offset: 0, value: ShadowProfile.insideFraction(distance: 0, radius: radius, sigma: sigma))]
        for j in 0...intervals {
            let r = inner + (outerRadius - inner) * Double(j) / Double(intervals)
            guard r > 0 else { continue }
            stops.append(
                Stop(
                    offset: r / outerRadius,
                    value: ShadowProfile.insideFraction(distance: r, radius: radius, sigma: sigma)))
        }
        self.stops = stops
    }

    /// The fraction of a 2-D gaussian centred at (d, 0) that falls inside the disc of `radius`
    /// around the origin.
    ///
    /// Sliced along x: the gaussian's density in x times the probability that y lands inside the
    /// disc's chord at that x, which is erf(halfChord / (sigma·√2)). That leaves a smooth 1-D
    /// integral (Simpson's rule) instead of the Rice/Bessel form, which Foundation cannot
    /// evaluate. Only x within d ± 8 sigma contributes (the rest is below 1e-15).
    static func insideFraction(distance d: Double, radius: Double, sigma: Double, steps: Int = 2048) -> Double {
        let lo = max(-radius, d - 8 * sigma)
        let hi = min(radius, d + 8 * sigma)
        guard lo < hi else { return 0 }
        let n = steps + steps % 2
        let h = (hi - lo) / Double(n)
        let norm = 1 / (sigma * (2 * Double.pi).squareRoot())
        func f(_ x: Double) -> Double {
            let halfChord = max(0, radius * radius - x * x).squareRoot()
            let u = (x - d) / sigma
            return norm * exp(-0.5 * u * u) * erf(halfChord / (sigma * 2.0.squareRoot()))
        }
        var sum = f(lo) + f(hi)
        for k in 1..<n {
            sum += f(lo + Double(k) * h) * (k % 2 == 1 ? 4 : 2)
        }
        return min(1, max(0, sum * h / 3))
    }
}
