// Package shelfie is the referee of Shem Phillips' Shelfie Stacker (Czech edition:
// Deskovkáři) for 1–4 players, as specified in shared/rules/shelfie.md.
//
// A game is a pure state machine ([State]). Chance deals hands (variants only) and reveals the
// reward cards; then each of 7 rounds chance fills the boxes ([Fill]), every player secretly
// chooses a character card ([Choose]; in solo chance then turns the opponent's card,
// [Reveal]), and the seats take turns by card value and tie-break letter: take a box
// ([Take]), use abilities ([Ability]), turn sixes ([Set]), place every shipment die ([Place],
// on a column or the shame shelf), take dice back from card 1 ([Retrieve]) and end the turn
// ([Done]). Card 10's reroll and card 15's draw are chance moves ([Roll], [Draw]). The
// sidekick and the contest are checked after every turn; the game ends after round 7. All
// card data is in data.go; the 16 abilities are in abilities.go, one function per card in the
// order of the rules table.
//
// Options: {"cards": "basic", "draft": false, "solo": null, "hard": false, "botcards":
// "same"} — cards basic (1–8), shared or own; draft needs shared or own; solo is beat or bot,
// refused with more than one player; a lone player with no solo mode plays beat (the lobby
// says so); hard only with solo bot; botcards random
// only in solo. Unknown keys and values are refused.
//
// Choices made where the rules file is silent or reads two ways:
//   - Hands are public: the cards dealt, passed and played are all seen, so only the secret
//     choice of a round is hidden (and the order of the bag, which the engine never fixes:
//     chance draws from the bag's content, which everyone can count). View shows how many dice
//     of each colour the bag holds. A chosen card stays in its owner's hand until the reveal,
//     so nothing shows which it is; Determinize draws it anew from that hand.
//   - The solo opponent is seat 1 in the state, the views and the result ("Shem Bot"), but not
//     among Players(): the record's players are the people. Its deck is public too (the same
//     numbers as the player's, or dealt as the last hand of the deal with botcards random;
//     with basic cards that deal gives the player 1–8). In "beat your score" it is left out of
//     the result.
//   - A deal is a chance move only with shared or own cards or a random solo deck; with basic
//     cards every seat (the solo opponent too) holds cards 1–8 of its own deck from the start.
//   - In the draft a card keeps the letter of the deck it came from. With two cards of the
//     same number in hand, Choose takes the one with the earlier letter (the earlier turn),
//     and an ability of that number spends the card revealed first.
//   - Turns are fully sequential within a round; the solo opponent's turns are played inside
//     Apply as soon as they come, and are not moves of the record.
//   - A turn is: card 9 (or 8 as 9) only before Take, everything else after it, in any order;
//     Done only with an empty shipment, and abilities and Retrieve stay usable until Done (a
//     die they bring into the shipment must then be placed too). Retrieve takes a die put on
//     card 1 in an earlier round (a later turn is a later round).
//   - A six in the shipment may be set to 1–5 (setting it to 6 changes nothing and is refused).
//     Card 15's new die has no value until its owner sets it with Set, which must be the next
//     move; it may be set to any value 1–6.
//   - Moves that change nothing are refused: card 11 on two dice of equal value, card 14 to
//     the value the die shows. Other moves are allowed even when pointless (card 7 on a
//     column of the die's own colour, card 9 swapping equal dice).
//   - Canonical forms: card 9 names the lower box first, card 11 the lower die first, card 10
//     its dice in increasing order; other orders are refused.
//   - Cards 7 and 13 are each a placement, so one placement uses one of them: a die cannot
//     ignore both rules at once. Any other abilities combine on one die, one move at a time
//     (card 6, then card 3, then card 7, ...).
//   - Card 5 on a top die is refused only when the die would then equal the die below it, as
//     written: above a die placed by card 13 that is lower, it may go down. Card 14 on a top
//     die needs the new value above the die below it. Card 3 has no such limit (a top die can
//     only rise).
//   - Card 16 needs the shipment die to have the colour of the column (its bottom die); the
//     dice above the gap move up with their real colours.
//   - Card 8 copying card 1 puts the die on card 1 (the spent card); copying card 4 into card
//     4's gift box.
//   - Sidekick: only shelf dice count, by real colour; the check runs for every seat after
//     every turn, so a holder whose count falls loses the card at the end of that turn to a
//     player with strictly more. Shem Bot takes part in both checks.
//   - Shem Bot's box: its card's first choice, else its second (whoever holds the first). Its
//     dice are placed from the highest value down, equal values in the order P, G, B, O,
//     ignoring values; a column of the contest pattern with no colour (K12's middle) is not
//     reserved. Hard mode scores each column's highest die instead of its top; the end-game
//     cards score as for a player.
//   - Ranking before the end uses the lowest card still in hand as the tie-break.
//   - The solo rating names (30+ apprentice stacker, 40+ skilled stacker, 50+ shelf expert,
//     60+ master stacker, 70+ legendary stacker) are ours; below 30 there is none.
//   - Undo: every move of a turn that draws nothing may be taken back (not cards 10 and 15);
//     so may a choice, which stays secret until the reveal — the reveal is a milestone event.
//
// Panels ([State.Compose]) follow the steps box → die → column: the first step offers the
// greedy player's move as a one-click commit, the boxes or the shipment's dice, End turn and
// a menu of abilities; a die's step has its columns (commits, the illegal ones disabled), the
// shame shelf and a menu of what can change it first; an ability's step a menu of its moves,
// best first. Drafts are "", "d2", "a3" / "a8k3" and "=move" (the notation with "_" for
// spaces). Typed accepts the notation of Describe ("place 1 c3", "use 14 d1=5"), its parts
// written together or spaced ("place1c3", with a die picked "c 3", "column 3", "sloupec 3").
//
// Words: Czech players read the dice with Czech initials (F Z M O: fialová, zelená, modrá,
// oranžová; [Die.In]) as the Czech pictures print them; records and typed moves keep P G B O.
// An ability menu's descriptions are complete summaries within Discord's 100 characters; the
// panel's hint carries each offered card's whole text (within a budget, the rest pointed to
// /rules), and /rules shelfie has a page per character ([Game.RulePages]). The solo
// opponent's dice and a revealed card are said in words ("green 4", "3 Upgrader"), the
// tie-break letter only when two revealed cards share a number. Every sentence names dice in
// words ("Boxes — 1: orange 5, green 3 and blue 4", "Ada placed green 4 on column 2",
// refusals alike); compact codes ("O5 G3 B4", in Czech "O5 Z3 M4") stay only where they label
// what the person sees beside them: the panel's die and box buttons and its hint listing them,
// the column labels on the picture ("1G" / "1Z"), and a contest's pattern ("G B / G B" /
// "Z M / Z M"), a small picture of its own drawn so on the card.
//
// The greedy AI ([State.Hint]) is described in ai.go; a hint costs well under a millisecond
// (see the benchmarks). For the search AI (package search) the state also offers
// [State.Estimate] (search.Evaluator: the expected final scores, so that rollouts cut short are
// scored by where they lead) and [State.RankMoves] (search.Ranker: Hint's move first, then the
// others by the greedy valuation), in powers.go.
package shelfie
