// Package search is the shared search AI of tablebot: information-set Monte Carlo tree search
// (ISMCTS) that plays any game through the engine contract alone — ToAct, Legal, Apply,
// SampleChance, Result, Hint, Clone and, for games with hidden information, the optional
// games.Determinizer. It makes the Normal and Strong levels of every game; Easy is the game's
// own greedy Hint. Choose is the entry point of the bot; Search exposes the statistics; Rank
// orders a list of moves given (a panel's menu) by a search among them alone.
//
// # The algorithm
//
// Single-observer ISMCTS, open loop, with root parallelisation:
//   - Each iteration draws a state the searching seat cannot tell from the real one, with the
//     game's Determinize from the seat's point of view (other hands, the bag, other seats'
//     hidden choices drawn anew). The search never looks at the real state otherwise: it asks
//     it only for the seat's own legal moves, which Determinize keeps equal. A game without a
//     Determinizer is searched on clones, as a game of perfect information.
//   - A tree's nodes are the searching seat's own decisions, reached by its own moves. Chance
//     is a player whose moves are sampled (SampleChance); the other seats move by the default
//     policy (below), also inside the tree. Because those moves are drawn anew each iteration,
//     one node stands for all the situations the seat's history can lead to, and a move's
//     statistics are averaged over what chance and the others may do.
//   - At a node the seat's legal moves are candidates, best first: the game's Ranker order if
//     it has one, else the policy's move (Hint) first and the others in an order fixed by the
//     seed. Progressive widening considers the first ceil(Widening·√(n+1)) of them after n
//     visits; among those, a move not yet tried comes first, else UCB1 with availability
//     counts (how often a move was among the candidates) on rewards normalised to [0, 1] by
//     the range seen in the tree.
//   - A rollout plays on by the default policy: the game's RolloutPolicy if it has one, else
//     its Hint, with an optional share Epsilon of uniformly random legal moves. It stops at
//     the end of the game, or after Horizon decisions of the searching seat, where the state
//     is scored by the game's Evaluator if it has one, else by its running Result.
//   - Simultaneous steps: when the searching seat is among several seats to act, it chooses
//     its own move in the tree; the others' moves are the policy's, in seat order, their
//     committed choices (hidden from the seat) having been drawn anew by Determinize.
//   - Common random numbers: the k-th iteration through a root move uses a random source
//     seeded by the tree and k alone, so all root moves meet the same futures (the same draws
//     of hidden information and of chance, as far as the moves allow), and their means differ
//     by the moves rather than by luck.
//   - Root parallelisation: Config.Trees independent trees, each with its own seeded random
//     source and an equal share of the node budget, grow on up to Config.Parallel cores; their
//     root statistics are summed; of the moves tried at least half as often as the most
//     tried one, the best mean wins (then the more tried, then the first in Legal order).
//   - The duel: when that move is not the policy's (the first candidate at the root: the
//     hint, or the game's best-ranked move), the rest of the budget (Config.Verify, a quarter
//     by default) plays both against the same fresh futures, and the search's move is played
//     only when the paired differences of the rewards put it ahead by more than
//     Config.Confidence standard errors (2 by default). The futures of the duel are new, so
//     the test is not fooled by the luck that made the move look best. A budget too small for
//     a noisy game thus plays like the game's own AI rather than worse; a clear improvement
//     passes, and when the policy's move is the best the search stops early. The duel is what
//     lifts the search above the policy: without it the tree's best move, chosen on the same
//     futures that made it look best, plays worse than the policy.
//   - Trusted rankings: a game whose ranking is itself a deeper search than its rollouts can
//     judge (the RankingTrust power) has its best-ranked move played without a tree. FITS is
//     one: its ranking looks two pieces ahead over every piece to come, its rollouts one
//     piece ahead over a few, and every tree search measured scored less than the ranking
//     alone.
//
// The measurements behind the duel, its margin and the trusted rankings are in
// docs/ai-strength.md.
//
// # Rewards
//
// A finished (or cut) game is scored from its Result for the searching seat. In a game of
// several seats: 0.9 × place (1 alone in first, 0 alone in last, a shared place averaged)
// plus 0.1 × the margin to the best seat not sharing the place, relative to the largest score
// (mapped to [0, 1]); so the search plays to win, then to win by much. A game whose state has
// the Ambition power also rewards the seat's own score: the reward is (1 − share) × the above
// plus share × score/full, with the share and the full score the game gives. Playing only to
// win lets two searches hold each other down where a seat can block the others (Ingenious:
// strong against strong ended lower than the greedy players); the own score makes them build,
// as good players do. In a solo game the reward is the score itself, normalised by the range
// of scores seen in the tree. Where the rollout is cut (Config.Horizon), the Evaluator's
// estimates stand in for the scores and their order for the ranking.
//
// # Guarantees
//
//   - The move returned is one Legal listed for the seat in the given state, which is not
//     changed.
//   - No peeking: everything the search uses comes from states drawn by Determinize for the
//     seat, so two states that the seat cannot tell apart (equal View, equal Legal) give the
//     same move for the same seed, provided the game's Determinize draws the same way from
//     both (it does when its draw depends only on what the seat sees, as in all four games;
//     the tests compare the moves on such pairs of states in each).
//   - Deterministic: with a node budget reached before any time limit, the same state, seat,
//     Config and seed give the same move and statistics on any machine and for any value of
//     Parallel. A search cut by its time budget is not deterministic: how many iterations fit
//     depends on the machine and its load.
//   - Bounded: Budget.Nodes iterations at most (fewer when there is no duel), and
//     Budget.Time at most (plus one iteration of each tree in progress when it runs out). A
//     search whose time runs out before any iteration finishes plays the policy's move. The
//     context is honoured between iterations: when it is done the search stops and returns
//     its error.
//
// The package reads no clock itself (the time budget is a context deadline) and keeps no
// global state; the only randomness is its seeded sources. It is safe to run several searches
// at once, on the same state too, as Search only calls the read-only methods of the state it
// is given (Legal, Hint, Determinize, Clone).
//
// # Caveats
//
// The other seats are modelled by the default policy, not searched: the search finds good
// replies to the way the game's built-in AI plays, which is exact against Easy and an
// approximation against people. Games with hundreds of legal moves (Ingenious) want a Ranker,
// or the search spends its budget on random candidates after the hint; slow hints want a
// RolloutPolicy or an Evaluator with a short Horizon.
package search
