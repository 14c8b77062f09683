// Package images draws tablebot's pictures: one renderer per game below it (images/<game>),
// each implementing [Art], and the shared pieces they use.
//
//   - [Fonts]: the embedded Go fonts (they cover Czech), parsed once; [Faces] hands out the
//     faces of one render, since a face is not safe for concurrent use.
//   - [Palette]: a fixed set of at most 256 colours with a lookup table from 18-bit RGB to the
//     nearest colour, so that converting a drawing to *image.Paletted costs one table read
//     per pixel.
//   - [Encoder] and [EncodePNG]: PNG at the fastest compression level with pooled buffers.
//     Paletted pictures of flat colours encode several times faster, and smaller, than RGBA.
//   - [Canvas], [Sprite], [HexGrid] and the shape helpers: drawing with gg, text through
//     image/draw's fast glyph path, and small pictures drawn once and stamped (onto RGBA, or
//     straight onto a paletted picture).
//   - [Kit]: the fonts and encoder a renderer keeps for its lifetime.
//   - [Cache]: static art (boards, frames, sprites by size) built once per key, on first
//     use, by whichever render needs it first, the others waiting for it.
//
// Renderers are pure functions of a game's view (games.State.View) and a draft. Static parts
// are drawn once per renderer and reused. Nothing here keeps package-level state: caches live
// in the values that constructors return, guarded for concurrent use.
package images
