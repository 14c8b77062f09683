// Package chart draws the rating chart of /stats: one player's conservative rating (μ − 3σ,
// the number the leaderboard sorts by) after each of their last games, one line per game
// played (up to four: Ingenious, FITS, Sideboards, Shelfie Stacker). It is a pure renderer:
// no I/O, no store, no Discord; the caller passes the numbers in a [Chart] and gets a
// paletted picture back from [Renderer.Render] (or its PNG from [Renderer.RenderPNG]).
//
// # The picture
//
// Every chart is 640 × 600 px whatever it shows, so a /stats message keeps its shape. From
// the top: the title (the player's name, in any script — CJK and emoji come from the kit's
// fallback fonts), a line saying how many games the chart covers, the legend (a 2 × 2 grid:
// each game's marker on a stroke of its line, and its name), and the plot on a card.
//
//   - The y axis is the rating, with ticks at nice numbers, 1, 2 or 5 × 10ᵏ apart: of the
//     steps that enclose the data in three to seven intervals, the one with the least room to
//     spare. A flat series gets a span of at least four points around it, so it is drawn in
//     the middle, not on an edge. Zero, when in range, gets a stronger line: new players
//     start at 0 (25 − 3 · 25/3) and may go below.
//   - The x axis counts the games shown, 1 the oldest, each series starting at 1: the games
//     are the player's last (up to [MaxPoints]) games of that game, which is what the line
//     under the title says. Up to eight games every one is labelled; beyond, 1, every 2nd,
//     5th, 10th, 20th or 25th game (at most seven labels) and the last.
//   - Colour is never the only cue: each series has its own marker shape (circle, square,
//     triangle, diamond), drawn on its line (on every point when they are far enough apart,
//     else on every k-th, always on the last) and in the legend. The last rating is written
//     right of the line's end; a label that would overlap another label or cross another
//     line moves up or down as little as it can, tied to its line's end by a thin stroke and
//     led by the line's marker. The first series is drawn on top, so where series coincide
//     the first keeps its markers and the others' labels carry theirs.
//   - Numbers use the player's language: "27.3" and "−1.5" in English, "27,3" and "−1,5" in
//     Czech (a true minus sign in both).
//
// Phone first: at 640 px wide the smallest text, 20 px, reads as 11 px on a 360 px phone
// (images.PhoneMinText); the golden tests check it.
//
// # Choices where the issue is silent
//
//   - A chart with no points at all (a player with no rated game yet, or only empty series)
//     is not an error: it is a picture saying so, with the hint that games with other people
//     are rated, so /stats can always show a picture.
//   - More than MaxPoints ratings in a series: only the last MaxPoints are drawn. More than
//     [MaxSeries] series, a rating that is NaN, infinite or beyond ±[MaxRating], an unknown
//     or repeated [Mark] are errors wrapping [ErrChart].
//   - A series with no ratings is left out (not drawn, not in the legend).
//   - Each series' marker and colour go together and are picked by its Mark; the caller
//     gives each game a fixed Mark so a game looks the same on every player's chart (in the
//     catalog's order: Ingenious Circle, FITS Square, Sideboards Triangle, Shelfie Stacker
//     Diamond). Mark 0 takes the first look no other series uses.
//   - No uncertainty band: four overlapping bands would hide the lines, and the leaderboard
//     shows only μ − 3σ, so the chart draws the same number.
//
// docs/stats-chart.png is a sample (go test ./images/chart -run Samples -args -out DIR
// writes it with the golden pictures).
//
// The renderer stands on images.Base: the picture is drawn with gg and the kit's fast text
// path onto a pooled RGBA image and converted to one fixed palette (images.Base.Paint), which
// the kit's encoder writes several times faster and smaller than RGBA. A *Renderer is safe
// for concurrent use.
package chart
