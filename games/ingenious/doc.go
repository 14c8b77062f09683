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
// the greedy player's value of the points each place scores now; following its first row is
// playing Easy, which Strong beats in 83 % of games (below). So the referee has the search AI
// rank the menu once the click is acknowledged ([State.MenuMoves] and [State.Advised], the
// games.Adviser power; table.Service.Advise): search.Rank runs the Strong level's search
// within the 💡 Suggest budget (a second) with its first move restricted to the tile's quick
// 25, the quick first being the policy's move that the duel defends. The menu then lists the
// search's choice first (the quick first unless another beat it by 2 standard errors in the
// duel), then the places tried at least half as often as the most tried by mean reward, then
// the others tried, the more tried first, then those never tried in the quick order. Why a
// search restricted to the tile rather than the alternatives: the root statistics of the full
// 💡 search spread its few hundred iterations over every tile's places, so most of one tile's
// get no visit at all; and scoring each of the best few places by flat rollouts played worse
// than the tree with the duel (10.6 against 11.45, below). On a full board where the only
// points on offer (red +1) hand the last pair to the opponent, who wins with it, the quick
// ranking puts that place first and the AI's the pair that ends the game won (a test). The
// order is remembered per position and tile in the process, so picking a place, turning it
// or choosing the tile again within the turn costs no new search (another process searches
// again, and may number differently). A 💡 click shows the suggested place in its tile's
// menu, ranked once the suggestion is found, so that click may take two budgets when the
// tile's menu was not ranked yet. When no search slot frees within half a second (the
// bot is busy), the search fails or none is configured, the menu keeps the quick ranking.
// The menu's placeholder says which it shows: "by the AI's judgement" / "podle úsudku AI", or
// "by points now" / "podle bodů za tento tah". Places outside the quick 25 (a blocking place
// that scores nothing, say) are never in the menu; they can be typed. The AI's ranking costs
// its budget, up to a second of the search's cores, where the quick ranking takes tens of
// microseconds: BenchmarkBestPlaces measures both in one run, the search at the Strong
// level's 1000 nodes on one core (1.7 s against 28 µs, 61 000 times as much, on a loaded
// two-core machine).
//
// The search AI (games/search) gets four powers: [State.RankMoves] orders the moves by the
// greedy value, its best few reordered by a look-ahead at the next placement of the rest of
// the rack; [State.RolloutMove] plays the greedy player's move, quickly; [State.Estimate]
// expects each seat's final lowest colour by pouring the points of its remaining placements
// into its weakest colours; [State.Ambition] gives 0.85 of its reward to the seat's own
// lowest colour (over 18, or 36 for teams), the rest to its place and margin. Playing only to
// win, two strong players blocked each other (median lowest colour 7.5 against 9 for two
// greedy players); with it they build.
//
// Measured (arena, seed 1, node budgets): the share trades the win rate against Easy for the
// lowest colour two strong players reach. Against Easy (40 games, 1000 nodes) 0.85 won 87.5 %,
// 0.90 82.5 %, 0.95 75 % and 0.99 67.5 %; two strong players met a median lowest colour of 11
// (mean 11.3) at 0.85 and at 0.90 (1000 nodes), 12 (11.7) at 0.95 and 12 (11.9) at 0.99 (20
// games, 660 nodes). More search did not lift the lowest colour at 0.85 (20 games each, means
// over both seats): 2000 nodes 11.0, rollouts that play the ranking's look-ahead move 11.1
// (2.6 s a decision at the median), rollouts cut after 6 of the seat's placements 10.6. At
// full size (200 games, 0.85, 1000 nodes) Strong beat Easy in 83 % of games (95 % interval
// 77–88 %; the 40-game 87.5 % was lucky), so the share has no room to rise, and two strong
// players met a median lowest colour of 11 (mean 11.2; 40 % of seats reached 12 or more).
// Their tracks end lopsided (20 games: 87 points a seat, 1.7 colours at 18, the lowest at
// 11.5), where two greedy players score 83 points for a lowest of 8.2: the search balances
// better but scores no more. A greedy player that weighs points steeper (a point at v worth
// (19−v)³, a bonus nothing) balances better in self-play (a lowest colour of 9.8 against 8.2),
// but as the rollout policy it did worse: 11.0 against 11.45 on the same 20 games. So did
// rollouts that value a bonus at 0 (10.5) or at 24 (11.05) rather than bonusWorth.
//
// Words: Czech players see the Czech colour initials of the pictures (Č Z M O Ž F) on tile
// buttons and in score lines ([Tile.In]); sentences name a tile as a compound adjective
// ("červeno-zelený dílek", [Tile.Words]). Typed placements accept cells apart, together or
// spaced ("F7 F8", "F7F8", "F 7 F 8") and a tile in either language's initials ("RG", "ČZ";
// C stands for Č); records keep R G B O Y P.
//
// What lifts the search above the greedy player is the duel (search.Config.Verify), not the
// tree's own choice. On the same 20 strong-against-strong games (seed 1, 1000 nodes, means over
// both seats; the committed search 11.45): the tree's best move played without the duel scored
// 9.8; a duel that lets a move through at 1 standard error 10.8, at 3 standard errors 11.3 (2
// is the default); half the budget in the duel rather than a quarter 10.5; flat rollouts over
// the ranking's 8 best moves, halved round by round and the survivor checked against the first
// as the duel does, 10.6; and the ranking's first move alone (no tree) 9.0 over 200 games. An
// own score that tells a track of [11, 11, …] from one of [11, 12, …] (the soft minimum of the
// track, in place of the lowest colour, in the Ambition share of rollouts played to the end)
// changed nothing: 11.4. Twice the budget (2000 nodes a side, 100 games, 0.83 s a decision at
// the median) met a median lowest colour of 11 (mean 11.2, 44 % of seats at 12 or more): the
// same as 1000 nodes at full size, so more search does not lift it either.
package ingenious
