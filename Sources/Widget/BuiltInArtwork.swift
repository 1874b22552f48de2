import Raster

/// Images the presets use, drawn procedurally with the rasteriser so the widget needs no files:
/// a day/night sky for the sliding track and check/cross icons for image thumbs. Hosts may
/// replace them or add their own (PNG files loaded by the panel).
public enum BuiltInArtwork {
    /// All built-in images by the names presets use, drawn anew.
    public static func all() -> [String: Image] {
        ["daynight": dayNight(), "thumb-check": icon(check: true), "thumb-cross": icon(check: false)]
    }

    /// The built-in images drawn once per process and shared (nothing draws into them): a
    /// config read or reloaded — every save in the browser preview — does not draw them again
    /// (about a second per read in a debug build).
    public static var shared: [String: Image] { shared(named: names) }

    /// The shared copies of the built-in images among `wanted` (other names are left out), each
    /// drawn when it is first asked for. A panel whose styles name none draws none: drawing the
    /// three was a third of the instructions of an `ios` board's first frame at rest
    /// (`renderAtRest`: 6.3 M of 19.6 M, callgrind), for pictures that board never shows.
    public static func shared(named wanted: Set<String>) -> [String: Image] {
        var images: [String: Image] = [:]
        if wanted.contains("daynight") { images["daynight"] = sharedDayNight }
        if wanted.contains("thumb-check") { images["thumb-check"] = sharedCheck }
        if wanted.contains("thumb-cross") { images["thumb-cross"] = sharedCross }
        return images
    }

    // Each drawn once, at its first use (a static let is initialised lazily and only once).
    private static let sharedDayNight = dayNight()
    private static let sharedCheck = icon(check: true)
    private static let sharedCross = icon(check: false)

    /// Their names, without drawing anything.
    public static let names: Set<String> = ["daynight", "thumb-check", "thumb-cross"]

    /// A sky 5× wider than tall: night with stars at the left end (off), day with clouds at the
    /// right end (on), blending through dusk in the middle.
    public static func dayNight(height: Int = 62) -> Image {
        let w = height * 5
        let h = height
        let image = Image(width: w, height: h, format: .argb8888)
        let canvas = Canvas(image: image)
        let sky = LinearGradient(
            start: Point(0, 0), end: Point(Double(w), 0),
            stops: [
                GradientStop(0, Color(rgb: 0x0B1A3A)), GradientStop(0.38, Color(rgb: 0x23306B)),
                GradientStop(0.5, Color(rgb: 0xF3A66B)), GradientStop(0.62, Color(rgb: 0x7EC8F0)),
                GradientStop(1, Color(rgb: 0x4FB3F6)),
            ])
        canvas.fill(.rect(Rect(x: 0, y: 0, width: Double(w), height: Double(h))), .linearGradient(sky))
        let u = Double(h) / 62
        // Stars over the night end.
        let stars: [(Double, Double, Double)] = [
            (0.06, 0.3, 1.6), (0.12, 0.65, 1.2), (0.19, 0.28, 1.0), (0.24, 0.75, 0.9), (0.3, 0.45, 1.3),
        ]
        for (x, y, r) in stars {
            canvas.fill(
                .circle(center: Point(x * Double(w), y * Double(h)), radius: r * u), Color(rgb: 0xFFFFFF, opacity: 0.9))
        }
        // Clouds over the day end.
        for (x, y, r) in [(0.74, 0.74, 7.0), (0.78, 0.66, 9.0), (0.82, 0.74, 7.0), (0.9, 0.3, 5.0), (0.93, 0.27, 6.0)] {
            canvas.fill(
                .circle(center: Point(x * Double(w), y * Double(h)), radius: r * u), Color(rgb: 0xFFFFFF, opacity: 0.85)
            )
        }
        return image
    }

    /// A round white icon with a green check or a grey cross, for image thumbs.
    public static func icon(check: Bool, size: Int = 54) -> Image {
        let image = Image(width: size, height: size, format: .argb8888)
        let canvas = Canvas(image: image)
        let s = Double(size)
        canvas.fill(.circle(center: Point(s / 2, s / 2), radius: s / 2), .white)
        var path = Path()
        let color: Color
        if check {
            color = Color(rgb: 0x34C759)
            path.move(to: Point(0.27 * s, 0.52 * s))
            path.line(to: Point(0.43 * s, 0.68 * s))
            path.line(to: Point(0.74 * s, 0.34 * s))
        } else {
            color = Color(rgb: 0x8E8E93)
            path.move(to: Point(0.32 * s, 0.32 * s))
            path.line(to: Point(0.68 * s, 0.68 * s))
            path.move(to: Point(0.68 * s, 0.32 * s))
            path.line(to: Point(0.32 * s, 0.68 * s))
        }
        canvas.fill(strokedPolyline(path, width: 0.09 * s), rule: .nonZero, .solid(color))
        return image
    }

    /// Each segment of an open polyline as a rectangle of `width` with round caps (two
    /// half-discs approximated by the union of the segment rectangle and end circles).
    private static func strokedPolyline(_ path: Path, width: Double) -> Path {
        var out = Path()
        for contour in path.flattened() where contour.count > 1 {
            for i in 0..<(contour.count - 1) {
                let a = contour[i]
                let b = contour[i + 1]
                let dx = b.x - a.x
                let dy = b.y - a.y
                let len = (dx * dx + dy * dy).squareRoot()
                guard len > 0 else { continue }
                let nx = -dy / len * width / 2
                let ny = dx / len * width / 2
                out.move(to: Point(a.x + nx, a.y + ny))
                out.line(to: Point(b.x + nx, b.y + ny))
                out.line(to: Point(b.x - nx, b.y - ny))
                out.line(to: Point(a.x - nx, a.y - ny))
                out.close()
                // Round joints and caps: a polygonal disc at each end, same winding.
                for p in [a, b] {
                    let n = 16
                    for k in 0..<n {
                        let t = Double(k) / Double(n) * 2 * Math.pi
                        let q = Point(p.x + width / 2 * Math.cos(t), p.y + width / 2 * Math.sin(t))
                        if k == 0 { out.move(to: q) } else { out.line(to: q) }
                    }
                    out.close()
                }
            }
        }
        return out
    }
}
