// Package ingenious is the referee of Reiner Knizia's Ingenious for 1–4 players, two teams of
// two, or solo, as specified in shared/rules/ingenious.md.
//
// A game is a pure state machine ([State]): chance draws tiles ([Draw]), players lay tiles
// ([Place]) and decide offered swaps ([Swap], [Keep]). Coordinates are axial (q, r) with the
// centre at (0, 0); players type cells by the labels printed on the picture ("F7").
//
// Options: {"teams": false, "talk": false}. teams needs exactly four players and pairs seats
// 0 & 2 against 1 & 3; talk is shown to the table only.
//
// Choices made where the rules file is silent or reads two ways:
//   - The rules file says halves are scored "in the order the player laid them (the first cell
//     named first)", and the rulebook leaves that order to the player. For a mixed tile the
//     order cannot change anything (two colours, two tracks). For a double it can in team and
//     solo games, where a half reaching 18 stops there and loses the rest of its points: at
//     blue 15, halves worth +5 then +2 give 20, +2 then +5 give 18. So in team and solo games
//     Legal lists both orders of a double as moves of their own, the move's first cell is
//     scored first, the AI picks the better, and the panel's menu offers both orders when
//     they score differently. In other games a double's two orders are one move (its cells in
//     ascending (r, q) order), as the order cannot matter there.
//   - Solo scores run over two tracks to 36 exactly as in the team game (a half reaching 18
//     stops there); no bonus placements are tracked, as the rules say.
//   - A rack emptied by bonus placements is simply refilled with six tiles: no swap is
//     offered, because swapping nothing would give the same six tiles.
//   - "No two adjacent empty cells" is checked after every placement, bonus ones included.
//   - In solo the first tile must touch a start symbol, any of the six.
//   - The instant win (18, or 36 for teams and solo, in all six colours) ends the game before
//     the board-full check; the winner ranks first, the others by the usual ranking.
//
// The greedy AI ([State.Hint]) values every point by how weak its colour is (a point on a
// colour at v is worth top+1−v), adds 12 for each bonus placement earned, and takes the first
// best placement in Legal order. It swaps whenever a swap is offered and its lowest colour has
// not topped out. It rates placements from a table of what a half of each colour would score on
// each empty cell (fast.go), not by walking every placement's lines.
//
// The panel's best-places menu (a tile picked: its 25 best places, numbered as on the panel's
// picture, each with what it scores now) has two rankings. The quick one ([State.Ranked]) is
// the greedy player's value of the points each place scores now: following it is playing
// Easy, which Strong beats. So once the click is acknowledged the referee has the search rank
// the menu ([State.MenuMoves] and [State.Advised], the games.Adviser power;
// table.Service.Advise): search.Rank runs the Strong level's search within the 💡 Suggest
// budget with its first move restricted to the tile's quick 25, the quick first being the
// policy's move that the duel defends. The menu lists the search's choice first, then the
// places tried at least half as often as the most tried by mean reward, then the others tried,
// the more tried first, then those never tried in the quick order. The search is restricted
// to the tile because the full 💡 search spreads its iterations over every tile's places and
// leaves most of one tile's unvisited, and flat rollouts over the best few places played
// worse than the tree with the duel. The order is remembered per position and tile in the
// process, so moving within the turn costs no new search. When no search slot frees within
// half a second, the search fails or none is configured, the menu keeps the quick ranking, and
// its placeholder says which ranking it shows ("by the AI's judgement" / "by points now").
// Places outside the quick 25 are never in the menu; they can be typed. The AI's ranking costs
// its budget where the quick one takes microseconds (BenchmarkBestPlaces measures both).
//
// The search AI (games/search) gets four powers: [State.RankMoves] orders the moves by the
// greedy value, its best few reordered by a look-ahead at the next placement of the rest of
// the rack; [State.RolloutMove] plays the greedy player's move, quickly; [State.Estimate]
// expects each seat's final lowest colour by pouring the points of its remaining placements
// into its weakest colours; [State.Ambition] gives 0.85 of its reward to the seat's own
// lowest colour (over 18, or 36 for teams), the rest to its place and margin. Playing only to
// win, two strong players block each other; with the share they build. The share trades the
// win rate against Easy for the lowest colour two strong players reach; at 0.85 Strong still
// beats Easy in most games, and a higher share gives up wins for a point of colour at most. What lifts the search above the greedy player is the duel
// (search.Config.Verify), not the tree's own choice; more nodes, other rollout policies and
// other own scores did not lift the lowest colour. The measurements behind these choices are
// in docs/ai-strength.md.
//
// Words: Czech players see the Czech colour initials of the pictures (Č Z M O Ž F) on tile
// buttons and in score lines ([Tile.In]); sentences name a tile as a compound adjective
// ("červeno-zelený dílek", [Tile.Words]). Typed placements accept cells apart, together or
// spaced ("F7 F8", "F7F8", "F 7 F 8") and a tile in either language's initials ("RG", "ČZ";
// C stands for Č); records keep R G B O Y P.
package ingenious
