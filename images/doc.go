// Package images draws tablebot's pictures: one renderer per game below it (images/<game>),
// each an [Art], and the shared pieces they stand on.
//
// # One skeleton
//
// Every game's renderer embeds a [Base] and is an images [Renderer]: an Art whose Table and
// Private are pure functions of a game's view (games.State.View) and a draft, with a naive
// [Baseline] and taking its pictures back ([Recycler]). Base holds what each of them used to
// repeat: the [Kit] (the fonts, parsed once, and the PNG encoder), the palette built on first
// use (the standard colours and those the renderer adds, [Colours]), the scratch images text
// is drawn on, the pool of pictures returned and taken back, the one Canvas setup (faces,
// baseline, smallest text) and [Base.Paint], which draws one scene either fast or naive.
// [ViewOf], [PrivateOf] and [Checked] are the view checks every Table, NaiveTable and Private
// opens with. The marks every game draws alike (card boxes and frames, the tick of a seat
// that is done, the medal of a place, a seat's disc, numbers with a true minus) are Canvas
// methods and functions here. A renderer keeps only its game: its checks of a view, its
// layout, its scenes and its static art. images/imagestest is the one test kit their tests
// share (each declares an imagestest.Suite and calls it): golden pictures, the phone
// readability check, bad views, every step of a game drawn, the naive-vs-fast benchmark pair.
//
// # Why pictures are drawn this way
//
// A picture is drawn after every move and every click of a panel, on a small shared machine,
// so the fast path avoids the costs of a general vector pipeline where it can:
//
//   - [Palette]: a fixed set of at most 256 colours with a lookup table from 18-bit RGB to the
//     nearest colour, so that converting a drawing to *image.Paletted costs one table read per
//     pixel. Paletted pictures of flat colours encode several times faster, and smaller, than
//     RGBA.
//   - [Encoder]: PNG at the fastest compression level, in bands of rows, each remembered by
//     its pixels, so that the bands a picture shares with the last one (the unchanged board)
//     are not compressed again.
//   - [Canvas], [Sprite], [HexGrid], [Tiles]: drawing with gg, text through image/draw's fast
//     glyph path, small pictures drawn once and stamped (onto RGBA, or straight onto a
//     paletted picture), and parts of pictures kept to be copied when drawn the same again.
//   - [Cache]: static art (boards, frames, sprites by size) built once per key, on first use,
//     by whichever render needs it first, the others waiting for it.
//   - [Fonts]: the embedded Go fonts (they cover Czech) with fallbacks for CJK and emoji,
//     parsed once; [Faces] hands out the faces of one render, since a face is not safe for
//     concurrent use.
//
// Each fast path is checked against a naive one: the goldens hold the fast pictures, the
// baselines draw the same pictures through gg into RGBA, and the benchmarks measure the pair
// in the same run. The figures are in docs/performance-images.md, not here, so that these
// docs say what is and the measurements keep their date, machine and command.
//
// Nothing here keeps package-level state: caches live in the values constructors return,
// guarded for concurrent use.
package images
