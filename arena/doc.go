// Package arena plays AI players against each other — or one alone, in a solo game — over
// many seeded games and reports how strong they are: win rates with a 95% confidence
// interval, score distributions, solo rating tiers and time per decision. It is the benchmark
// of AI strength behind `tablebot arena`. The report's results keep every game's seeds and,
// for each seat, its side, score, place and the game's breakdown of the score (the replay's
// detail: Ingenious's six colours, Shelfie's columns, tops, cards and shame), to study a run
// beyond its medians.
//
// A game is played through games.Advance, the loop the referee uses, with the sides' AIs as
// the automatic seats, so the arena plays the games the bot plays. Measured strength is kept
// in docs/ai-strength.md, not here.
//
// Guarantees: a run is deterministic for its Config (seed included) as far as the moves and
// results go, whatever the number of cores: every game has its own seeds, derived from the
// run's seed and the game's index, and the AIs search within node budgets (a Side with a time
// budget gives up that guarantee, as does a level whose time limit is reached before its node
// budget on a slow machine). Times per decision are measured, so they vary from run to run.
//
// Caveats: several games are played at once, one per core, and each search then grows its
// trees one after another; times per decision are therefore those of one core, an upper
// bound of what the bot takes with every core on one decision.
package arena
