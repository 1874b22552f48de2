import CHarfBuzz
import Raster

/// One line of text shaped by HarfBuzz and put in visual order by the bidirectional algorithm:
/// the glyphs left to right on screen, each with its face, its advance and offsets in that face's
/// font units (so one shaping serves every size), and the cluster it belongs to.
struct ShapedLine {
    struct Glyph {
        var ref: GlyphRef
        /// In font units of the glyph's face; offsets are HarfBuzz's (y up).
        var advance: Int32
        var xOffset: Int32
        var yOffset: Int32
        /// The index, in the line's scalars, of the first scalar of the glyph's cluster: the
        /// grapheme (or the ligature of several) it draws.
        var cluster: Int
    }

    /// Left to right on screen.
    var glyphs: [Glyph]
    /// The paragraph's resolved base direction.
    var isRightToLeft: Bool
    /// The faces the glyphs come from (the primary one first, always).
    var faces: [Int32]
}

/// A run of a line: scalars in logical order that share a bidi level, a script and a face, which
/// HarfBuzz shapes in one call.
struct TextRun {
    var range: Range<Int>
    var level: UInt8
    var script: hb_script_t
    var face: Int32
}

extension TextRenderer {
    /// `text` shaped as one line in paragraph direction `direction`: control characters and line
    /// breaks dropped (a label is one line), then split into runs by bidi level, script and face —
    /// each grapheme in the first face that has all of it, fallbacks found through ``findFallback``
    /// as before — each run shaped by HarfBuzz in its direction with the whole line as context
    /// (Arabic letters join across a change of face), and the runs put in visual order (L2).
    func shape(_ text: String, direction: TextDirection) -> ShapedLine {
        let key = ShapingKey(text: text, direction: direction)
        if let known = shaped[key] { return known }
        var line = text
        // Printable ASCII has nothing to drop (the common label skips the property lookups).
        let printableASCII = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if !printableASCII, text.unicodeScalars.contains(where: TextRenderer.isSkipped) {
            var kept = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where !TextRenderer.isSkipped(scalar) { kept.append(scalar) }
            line = String(kept)
        }
        let scalars = line.unicodeScalars.map(\.value)
        let bidi = BidiParagraph(scalars, direction: direction)
        let runs = itemize(line, scalars: scalars, levels: bidi.levels, ascii: printableASCII)
        var glyphs: [ShapedLine.Glyph] = []
        var used: [Int32] = [0]
        for index in BidiParagraph.visualOrder(levels: runs.map(\.level)) {
            let run = runs[index]
            if !used.contains(run.face) { used.append(run.face) }
            glyphs += shapeRun(run, of: scalars)
        }
        let result = ShapedLine(glyphs: glyphs, isRightToLeft: bidi.isRightToLeft, faces: used)
        // Labels are few and fixed; a panel that shapes more than this many strings starts over.
        if shaped.count >= 512 { shaped.removeAll(keepingCapacity: true) }
        shaped[key] = result
        return result
    }

    /// The runs of `line` in logical order.
    private func itemize(_ line: String, scalars: [UInt32], levels: [UInt8], ascii: Bool) -> [TextRun] {
        let unicode = hb_unicode_funcs_get_default()
        // Each scalar's script; Common and Inherited ones (spaces, digits, punctuation, marks)
        // take the script before them, or at the start the first one after them.
        var scripts = scalars.map { hb_unicode_script(unicode, $0) }
        func isReal(_ s: hb_script_t) -> Bool {
            s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN
        }
        var last = scripts.first(where: isReal) ?? HB_SCRIPT_COMMON
        for i in scripts.indices {
            if isReal(scripts[i]) { last = scripts[i] } else { scripts[i] = last }
        }
        var runs: [TextRun] = []
        var offset = 0
        func add(count: Int, face: Int32) {
            let level = levels[offset]
            let script = scripts[offset]
            if var run = runs.last, run.level == level, run.script == script, run.face == face {
                run.range = run.range.lowerBound..<(offset + count)
                runs[runs.count - 1] = run
            } else {
                runs.append(TextRun(range: offset..<(offset + count), level: level, script: script, face: face))
            }
            offset += count
        }
        if ascii {
            // ASCII without controls: every scalar is a grapheme (no grapheme breaking needed).
            for scalar in line.unicodeScalars { add(count: 1, face: glyphRef(scalar)?.face ?? 0) }
        } else {
            for grapheme in line { add(count: grapheme.unicodeScalars.count, face: faceIndex(for: grapheme)) }
        }
        return runs
    }

    /// The face a grapheme is drawn in: the first that has every scalar of it that shows (the
    /// face of its first scalar, fallbacks included, when none has them all).
    private func faceIndex(for grapheme: Character) -> Int32 {
        let shown = grapheme.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let first = shown.first else { return 0 }
        let base = glyphRef(first)?.face ?? 0
        guard shown.count > 1 else { return base }
        if shown.allSatisfy({ faces[Int(base)].hasGlyph(for: $0) }) { return base }
        for (i, face) in faces.enumerated() where shown.allSatisfy(face.hasGlyph(for:)) { return Int32(i) }
        return base
    }

    /// HarfBuzz's glyphs for one run, left to right on screen.
    private func shapeRun(_ run: TextRun, of scalars: [UInt32]) -> [ShapedLine.Glyph] {
        // One buffer for every run, emptied each time (HarfBuzz keeps its allocations).
        if shapingBuffer == nil { shapingBuffer = hb_buffer_create() }
        guard let buffer = shapingBuffer else { return [] }
        hb_buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer {
            hb_buffer_add_utf32(
                buffer, $0.baseAddress, Int32($0.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        }
        hb_buffer_set_direction(buffer, run.level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, run.script)
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_shape(faces[Int(run.face)].shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { i in
            ShapedLine.Glyph(
                ref: GlyphRef(face: run.face, glyph: infos[i].codepoint), advance: positions[i].x_advance,
                xOffset: positions[i].x_offset, yOffset: positions[i].y_offset, cluster: Int(infos[i].cluster))
        }
    }
}

struct ShapingKey: Hashable {
    var text: String
    var direction: TextDirection
}
