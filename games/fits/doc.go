// Package fits is the referee of Reiner Knizia's FITS for 1–4 players, as specified in
// shared/rules/fits.md.
//
// A game is a pure state machine ([State]). Each round chance deals the start cards
// ([Start]), every seat places its start piece, then chance turns the 16 building cards one
// at a time ([Reveal]) and, for each, every seat whose start shape differs places the piece
// ([Place]) or sets it aside ([Aside]), all at the same time. Boards are 6 columns A–F by 12
// rows with 4 overhang rows above; cells are named like "C4", row 1 being the floor. All data
// printed on cards and boards is in data.go.
//
// Options: {"boards": [1, 2, 3, 4]} — 1 to 4 distinct board numbers from 1 to 4, played in
// that order, one round each. A missing or null "boards" is the default; an empty list,
// duplicates, numbers outside 1–4 and unknown keys are refused.
//
// Choices made where the rules file is silent or reads two ways:
//   - Orientation follows the rules' formula in the order written: flip first, then the
//     turns. Every (rot, flip) with rot 0–3 is accepted and recorded as given; Legal lists each
//     distinct cell set once under its first pair (see [Orientations]), Resolve returns that
//     pair, and [Place.Canonical] maps any pair to it.
//   - Record columns are one capital letter; G–Z decode but are refused as leaving the board
//     sideways, like any piece that would stick out at the sides.
//   - Hidden choices are stored as each seat's pending choice and laid on the boards, in seat
//     order, only when the last seat of the step has moved (boards are separate, so the order
//     does not matter). Boards, scores, Result, Legal and Hint of other seats are computed
//     from the boards alone and so cannot show a pending choice; View adds it back only to
//     its owner's board. Whether a seat has chosen is public (View's Decided, ToAct); the
//     event of a hidden move says only that the seat has chosen, and the last move of a
//     step returns events revealing every choice.
//   - A seat that has already chosen, or skips the card showing its start shape, is refused
//     with ErrNotYourTurn. Setting the start piece aside is refused with ErrIllegal. When no
//     seat has to act on a card (solo, the own start shape), the step ends at the reveal.
//   - Legal(Chance) lists every outcome: the assignments of distinct start cards to the seats
//     (4, 12, 24 or 24 of them), or the building cards not yet turned. SampleChance draws
//     uniformly among them.
//   - A scored board stays on the table (in views) until chance deals the next round's start
//     cards. The game ends when the last board is scored.
//   - Only the 72 grid cells score: all of board 1 is dots, special cells are never dots, and
//     neither squares nor complete rows in the overhang count.
//   - The solo rating is shown only when the options play all four boards (in any order);
//     the Czech name of "labourer" is "pomocný dělník" (plain "pomocník" reads as "helper").
//     Games of several players end with a line naming the winners.
//
// Panels ([State.Compose]): a draft is "r1f0cC" (rot, flip 0/1, column of the leftmost
// square) or "aside"; the piece is always the seat's current one. The empty draft stands for
// the suggested placement ([View.Suggested]): the AI's, or the first legal one when the AI
// would set the piece aside, or "aside" when nothing fits. ⟳ turns to the next different cell
// set and ⇋ flips; both move the piece left when it would stick out. Typed accepts a column
// letter, turns as "1" or "r1", "flip", and optionally the piece's name ("C 1 flip",
// "F5 C r1 flip"), also written together ("C1", "c1f", "cr1", "1c"); without turns or flip it
// keeps the draft's orientation. "aside" alone sets a building card's piece aside. Renderers
// use [View.Draft], [View.Ghost] and [Land].
//
// Sentences name a piece in words, by its letter and size ("W (5 squares)", [Shape.In]);
// the code "W5" is the notation's, typed and recorded, never said ([State.Tell]).
//
// The greedy AI ([State.Hint]) values a board by the expected end-of-round score of each grid
// cell — covered, sealed under a piece (visible for good), or still open and visible with a
// chance that grows as the squares still to come run short — minus costs for column height,
// bumpiness and squares in the overhang. It rates every legal placement by the change in that
// value, looks one card ahead for the best five (adding the average, over the shapes still to
// come, of the best change a piece of that shape could then make) and takes the best sum, the
// first in Legal order among equals. It sets a building card's piece aside only when its
// placement would lose more than four points of value. It answers in well under a
// millisecond.
//
// The search AI (games/search, the Normal and Strong levels) uses the game's own powers, built
// on a second, tuned evaluation (eval.go): the expected end-of-round score of a board given the
// squares still to come, which fill the open cells from the bottom up, less costs for
// overhang, ragged surfaces and deep wells; its weights were tuned board by board by
// self-play. [State.RankMoves] orders the candidates by it with an expectimax one and two
// pieces ahead over every piece still to come; [State.RolloutMove] plays rollouts with a look
// one piece ahead over a sample of the shapes to come; [State.Estimate] scores a cut rollout.
// Copies drawn by [State.Determinize] remember their round, and the rounds after it, which no
// decision of that round can change, are played and scored without thinking.
//
// The search plays the ranking's first move as it is ([State.TrustRanking]): judged by
// rollouts of the faster policy, moves that suit that weaker player look better than the
// ranking's, and every tree search measured scored less than the ranking alone (the figures,
// and the ranking's own scores and times, are in docs/ai-strength.md). RolloutMove and
// Estimate stay: they are what a tree search of FITS plays and scores with, so that turning
// the trust off measures it again.
package fits
