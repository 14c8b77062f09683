// Package sideboards is the referee of Hartwig Jakubik's Sideboards (NSV) for 1–6 players, as
// specified in shared/rules/sideboards.md: everybody drafts cards at the same time and builds
// a sideboard (komoda) of 8 cards, each a column of 5 drawers (šuplíky) with handles
// (úchytky), scoring three shared tasks.
//
// A game is a pure state machine ([State]). Chance draws the tasks when the options leave
// them open ([Tasks]) and deals ([Deal]); in turn 1 every seat lays two cards side by side
// ([Start]), in turns 2–7 it places one card at an end ([Place]), or first uses its exchange
// card ([Exchange]), all at the same time; when every seat has placed, the other hand cards
// pass to seat s+1 and chance draws for seat 0, 1, … in order ([Draw]). Everything printed on
// the cards and task cards is in data.go, in one table.
//
// Options: {"variant": "basic", "tasks": null}. variant is "basic" (default) or "four" (the
// variant "4 cards"; not solo). tasks is null (default: chance draws one task of each kind,
// uniformly), [colour, handle, row] task numbers (1–7, 8–14, 15–30), or — our addition for
// the lobby, which offers lists — a single number 1–4 naming a suggested set (1/8/17, 2/9/18,
// 3/10/15, 4/11/16), stored and reported as its three numbers. Unknown keys, tasks of the
// wrong kind or order, and 7 or more players are refused.
//
// Choices made where the rules file is silent or reads two ways:
//   - A turned card is turned 180°: drawer i lies in row 6−i, each handle staying with its
//     drawer. Cards are never symmetric, so a turned card always differs.
//   - Hidden choices are kept as each seat's pending choice and laid on the sideboards only
//     when the last seat of the turn has placed; views, scores, Legal and Hint of other seats
//     cannot show them, and the event of a hidden move says only that the seat has placed.
//     Whether a seat has placed is public.
//   - Hands are private. "A passed card is known to its sender and receiver only" is taken
//     with its consequence: every placement and exchange is public, so a card a seat has held
//     can be followed as it is passed on; View lists, for every other seat, the cards of its
//     hand the viewer has held since they were last drawn (View.Seats[i].Known). A spectator
//     sees no hand.
//   - The discard pile is face up. Before the end it holds only exchanged cards, which the
//     rules make public; the cards left in the hands after the 8th card (and, solo, the card
//     thrown away each turn) go there too and are shown.
//   - The draw pile has no hidden order: a draw names the cards drawn, which must be in the
//     draw pile (SampleChance draws uniformly). When it runs short, its last cards are drawn
//     first, then the discard pile becomes the new draw pile and the draw goes on from it — so
//     a player who exchanged may draw its own thrown cards back ("shuffle the discard pile into
//     a new draw pile and go on drawing").
//   - The exchange card may be used in any of turns 2–7, the last included, before the seat
//     places, solo too; the two new cards are drawn at once (chance acts before anybody else).
//     The variant "4 cards" has no exchange cards, so nobody gets the +1 there. Before the
//     end the +1 counts while the card is unused.
//   - Row bonus: the seats' counted lengths are ranked with ties sharing a place, and each
//     next shorter length takes the next bonus (dense ranking: 7, 7, 6 → 8, 8, 4). A length
//     of 0 earns nothing. For a two-run task the length is the sum of the two runs. Solo, only
//     the highest threshold reached counts.
//   - Runs lie in one row. A colour run is a maximal line of one colour; a handle run a
//     maximal line of handles of one type, broken by a drawer without a handle or another
//     type. Tasks 27–30 count runs lying in the two printed rows (rows counted from the top
//     of the sideboard as built). The two runs of a two-run task may share a colour, type or
//     row; a missing run counts 0.
//   - Combinations count as the largest number of fulfilments that share no drawer, found by
//     an exact search over every placement of every form (turned and mirrored); different
//     colours (or handle types) never share a drawer, so each is packed on its own.
//   - Solo: 3 cards are dealt, 2 laid and the third thrown away; after each turn but the
//     last chance draws 2. A solo game ends with its rating in Result.Summary; a game of
//     several players with a line naming the winners. Equal totals share a place.
//   - Legal(Chance) lists the 784 task draws and every card of a one-card draw; a deal and a
//     two-card draw have too many outcomes and list nothing.
//   - Undo (games.Undoer): a start or a placement may be taken back; an exchange may not (it
//     shows the thrown cards and is followed by a draw).
//
// Notation ([ParseMove], State.Describe): "12 40t" lays 12 upright on the left and 40 turned
// on the right; "7t right" places 7 turned at the right end; "exchange". Czech words (vlevo,
// vpravo, otočená, výměna) are accepted too, and a card written together with its end ("7tr",
// "7vlevo"). In Czech the seven steps are "kola" (everyone plays at once), and the moves since
// a player's last turn are told in words ([State.Tell]: "placed card 29 (turned) on the
// right"), never as "29t right".
//
// Panels ([State.Compose]): every draft is a complete move — "12-40t" (turn 1), "7lt" (card,
// end, turned) or "x" (the exchange, which asks for confirmation) — and the empty draft stands
// for the suggested move ([View.Suggested]). Buttons turn and swap the cards, take another hand
// card, choose the end; a menu ranks every move with its gain. Renderers use [View.Draft] and
// [View.Preview].
//
// The greedy AI ([State.Hint]) values a sideboard by its score for the tasks plus what the
// cards still to come may add: each combination still missing one or two drawers in columns
// that can still be added, and the counted runs that reach an open end. It takes the start or
// placement of the highest value, and uses its exchange card in turns 2–6 when no placement
// gains a point of value. It answers in tens of microseconds, and serves as the rollout policy
// of a search AI.
package sideboards
