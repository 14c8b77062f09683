// Package table is tablebot's referee: everything about a channel's table that does not
// depend on Discord. It owns the stored table schema (the lobby or the game, its seats and its
// record), loads and replays it, checks that a click still fits the table (stale detection),
// applies moves, lets chance and the AI seats move (games.Advance), writes every change with
// compare-and-set and retries a lost race after re-validating, archives finished games and
// repairs an archive that failed, and keeps the board messages a table owes its channel until
// they have been posted.
//
// Operations take a context, a [Click] (the channel, the person, and what the clicked
// component was drawn for) and return an outcome that the Discord adapter turns into
// messages, or an error. Errors a person caused or can act on are *games.Refusal values whose
// Kind is one of this package's Err values (or a game's own refusal); everything else is a
// fault to log.
//
// Guarantees:
//   - No move is ever lost or applied twice: every write is compare-and-set on the table's
//     revision, and a write that lost the race is re-read, re-validated and re-applied (or
//     refused, when the table moved on so that it no longer fits). A lost race is never
//     returned as an error, only a race lost [maxAttempts] times in a row.
//   - The record is the truth: the game state is always rebuilt by replaying it.
//   - A finished game is archived and counted at most once, and archiving that failed is
//     repaired by the next operation that meets the table.
//   - A board message owed to the channel (a move was applied but its post failed) stays
//     owed in the table until [Service.Announced] says it was posted; [Service.ClaimAnnouncement]
//     hands it to exactly one poster at a time. It keeps the line that explains it (a
//     deadline's), so that a board posted late, after a crash, says what the first would have.
//   - Deadlines and reminders fire exactly once: [Service.Due] hands each due task to one
//     caller under a lease ([Options.TaskLease]) until [Service.Done] or [Service.Release];
//     the tasks of a caller that died come back when their leases run out, and working a task
//     a second time changes nothing (the decision's revision is checked). A deadline found
//     already worked by the AI queues again what its first working queued after its write
//     (the next decisions' deadlines and reminders, the owed board's check), in case that
//     process died in between. A reminder whose deadline has passed (it came due while the bot
//     was down) is not sent: the deadline's move says it all.
//   - Deadlines keep time under a backlog, and interactions stay first. A deadline's AI move
//     searches with the budget an interactive move at the same level has (the level's
//     search.Config: at strong 1000 iterations or 2 seconds, whichever comes first, under a
//     5-second bound), but as due work: it waits for one of its own search slots (half the
//     cores, at least one; never a 💡 Suggest's slot) and grows at most that many trees at
//     once, so a burst of deadlines leaves the other half of the cores to the clicks. Once it
//     has its slot, its lateness — now minus the seat's deadline — sets the level
//     ([StepDown], [Options.StepDown]): 5 seconds late or more, the takeover AI plays at most
//     normal; 10 seconds or more, easy (the game's hint, no search). So a backlog the pool
//     does not clear in time is played weaker rather than later, and a deadline's board
//     comes at most about 15 seconds after its time. A step down is logged (Warn, with the
//     lateness and the level), and [Deadline.Level] and [Deadline.Late] record it. A deadline
//     handed back and retried, or worked after the bot was down, is late too, and is played
//     at the level its lateness gives.
//   - Live play keeps the players' panels in view: the interaction token of each seat's last
//     confirmed choice is kept in the table, and [Service.InPlace] says when a board message
//     may be shown by editing those panels and the round's board instead of posting a new one
//     (a simultaneous step's next decision in the same round, every token younger than
//     [PanelLife], the board younger than [BoardLife]).
//
// Each server's settings ([ServerSettings]: where tables go, the default pace and deadline
// rule, the AI level that stands in for absent players, the games offered, the language of
// public messages) are one document per server in the store, changed with compare-and-set
// ([Service.ChangeServerSettings], which checks them); a setting never chosen takes the
// configuration's default. A table records its AI level when it opens ([Pace.AI]).
//
// A table is keyed by a channel ID (Click.Channel). A table opened for a thread of its own is
// keyed by its lobby message's ID, which becomes the thread's ID on Discord when the game
// starts, and records the text channel it was opened in (Table.Parent, Click.Parent); nothing
// here treats it differently (see the bot package).
//
// Nothing here keeps state in memory between operations: several processes may serve one
// store, and any of them may restart at any time.
package table
