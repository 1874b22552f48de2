import BenchScene
import Raster
import RasterPNG

let image = Image(width: 800, height: 480, format: .xrgb8888)
let canvas = Canvas(image: image)
BenchScene.drawFull(canvas)
try PNG.write(image, to: "/tmp/full.png")
let strip = Image(width: 118 * 16, height: 78, format: .xrgb8888)
let frame = Image(width: 800, height: 480, format: .xrgb8888)
let fc = Canvas(image: frame)
for k in 0..<16 {
    BenchScene.drawAnimFrame(fc, frame: k)
    Blitter.copy(from: frame.surface, rect: BenchScene.partialBox, to: strip.surface, at: (118 * k, 0), rotation: .none)
}
try PNG.write(strip, to: "/tmp/anim.png")
