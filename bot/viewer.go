package bot

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images"
	"github.com/tablebot/tablebot/table"
)

// The replay viewer shows a finished game move by move: an ephemeral message with the table
// after a move, the move in words, ⏮ ◀ ▶ ⏭ and "Go to move…" (a modal). It keeps nothing in
// memory: every custom_id carries the game, the archive id and the move shown
// ("<game>/0/step/<move>/<archive id>"), so a click works after a restart and on any process;
// a click reads the one archived record and replays it to the move (games.Replay, as
// `tablebot render --move` does), never the server's whole history. An archived record never
// changes, so a process keeps the records it lately read, decoded (Bot.archives), and the
// states it lately showed (Bot.replays): a step ◀ ▶ reads nothing and continues from the move
// before (games.Continue) rather than replaying the game from its start, and costs about what
// drawing the move's picture costs. Without them (a restart, another process) a click reads
// the record and replays from the start, with the same result.
//
// Choices where the issue is silent:
//   - A "move" is a player's (or an AI player's) move; chance's moves (dealing, drawing) are
//     not steps of their own but shown with the move they follow. Move 0 is the table as
//     dealt, before anyone moved; the viewer opens at the last move (the final table and the
//     result), from where ⏮ goes back to the start.
//   - A player of the game sees the table as their seat saw it (the table picture of their
//     seat's view, as `tablebot render --seat` draws it); everyone else sees the spectator's
//     picture, with no hidden hand.
//   - "Go to move…" takes a number from 0 to the last move; anything else is refused, the
//     viewer left as it was.

// viewerArg is the Arg of the viewer's custom_ids: the move shown and the archive id.
func viewerArg(move int, gameID string) string { return strconv.Itoa(move) + "/" + gameID }

// parseViewerArg reads viewerArg's form.
func parseViewerArg(arg string) (int, string, error) {
	m, id, ok := strings.Cut(arg, "/")
	move, err := strconv.Atoi(m)
	if !ok || err != nil || move < 0 || id == "" {
		return 0, "", fmt.Errorf("viewer custom_id argument %q: want move/archive-id", arg)
	}
	return move, id, nil
}

// viewerID builds a viewer custom_id, or reports false when the archive id is too long for
// one (no archive id made by the referee is).
func viewerID(game string, v verb, move int, gameID string) (string, bool) {
	arg := viewerArg(move, gameID)
	if len(ID{Game: game, Verb: string(v), Arg: arg}.String()) > maxCustomID {
		return "", false
	}
	return buildID(game, 0, v, arg), true
}

// notViewable is the refusal of a viewer custom_id that cannot be read.
func notViewable() error {
	return refuse("I cannot find that game in this server's archive.", "Tuto hru v archivu serveru nenacházím.")
}

// onView opens the viewer of an archived game at a move, as a new ephemeral message.
func (b *Bot) onView(c *call, id ID) error {
	m, err := b.viewerAt(c, id)
	if err != nil {
		return err
	}
	return c.reply(m)
}

// onStep shows another move in the viewer clicked.
func (b *Bot) onStep(c *call, id ID) error {
	m, err := b.viewerAt(c, id)
	if err != nil {
		return err
	}
	return c.edit(m)
}

// viewerAt builds the viewer at the archived game and move id names.
func (b *Bot) viewerAt(c *call, id ID) (message, error) {
	move, gameID, err := parseViewerArg(id.Arg)
	if err != nil {
		return message{}, notViewable()
	}
	return b.viewerMessage(c.ctx, c.i.GuildID, c.user, gameID, move, c.lang)
}

// onGoto opens the "Go to move…" modal, at once and without I/O.
func (b *Bot) onGoto(c *call, id ID) error {
	move, gameID, err := parseViewerArg(id.Arg)
	if err != nil {
		return notViewable()
	}
	submit, ok := viewerID(id.Game, verbGone, move, gameID)
	if !ok {
		return notViewable()
	}
	return c.modal(submit, c.say(games.Say("Go to move", "Přejít na tah")), discordgo.TextInput{
		CustomID: "move", Label: c.say(games.Say("Move number (0 = the start)", "Číslo tahu (0 = začátek)")),
		Style: discordgo.TextInputShort, Required: true, MaxLength: 6, Value: strconv.Itoa(move),
	})
}

// onGone reads the move typed in "Go to move…" and shows it in the viewer; a number that is
// not a move of the game is refused, the viewer left as it was.
func (b *Bot) onGone(c *call, id ID) error {
	_, gameID, err := parseViewerArg(id.Arg)
	if err != nil {
		return notViewable()
	}
	text := strings.TrimSpace(modalValue(c.i, "move"))
	move, err := strconv.Atoi(text)
	if err != nil || move < 0 {
		return refuse("“%s” is not a move number: type a whole number, 0 for the start.",
			"„%s“ není číslo tahu: napiš celé číslo, 0 pro začátek.", cutText(text, 20))
	}
	v, err := b.replayTo(c.ctx, c.i.GuildID, gameID, -1)
	if err != nil {
		return err
	}
	if move > v.total {
		return refuse("This game has moves 0 to %d.", "Tato hra má tahy 0 až %d.", v.total)
	}
	m, err := b.viewerMessage(c.ctx, c.i.GuildID, c.user, gameID, move, c.lang)
	if err != nil {
		return err
	}
	return c.edit(m)
}

// modalValue is the value of a modal's text input.
func modalValue(i *discordgo.Interaction, customID string) string {
	for _, row := range i.ModalSubmitData().Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, comp := range r.Components {
				if in, ok := comp.(*discordgo.TextInput); ok && in.CustomID == customID {
					return in.Value
				}
			}
		}
	}
	return ""
}

// archivedReplay is an archived game read and decoded for the viewer: it never changes once
// archived, so a process keeps it (Bot.archives) and a step ◀ ▶ reads nothing.
type archivedReplay struct {
	archived table.ArchivedGame
	rec      games.Record
	kit      images.GameArt
	// at[k] is the index in the record of the k-th player's move (at[0]: -1, none).
	at []int
}

// replay is an archived game replayed to a move.
type replay struct {
	*archivedReplay
	// st is the table after move (and chance's moves right after it); move is clamped to
	// 0…total, total the number of players' moves.
	st          games.State
	move, total int
	// last is the record's entry of the move shown (nil for move 0).
	last *games.Move
}

// archived returns the archived game gameID of guild, decoded: from the process's cache, else
// read from the store (one read) and kept.
func (b *Bot) archived(ctx context.Context, guild, gameID string) (*archivedReplay, error) {
	key := guild + "/" + gameID
	if a, ok := b.archives.get(key); ok {
		return a, nil
	}
	a, err := b.tables.ArchivedGame(ctx, guild, gameID)
	if err != nil {
		if errors.Is(err, table.ErrNotArchived) {
			return nil, notViewable()
		}
		return nil, err
	}
	rec, err := games.DecodeRecord(a.Record)
	if err != nil {
		return nil, fmt.Errorf("archived game %s: %w", gameID, err)
	}
	kit, ok := b.kit(rec.Game)
	if !ok {
		return nil, refuse("I do not know the game %q.", "Hru %q neznám.", rec.Game)
	}
	r := &archivedReplay{archived: a, rec: rec, kit: kit, at: []int{-1}}
	for i, m := range rec.Moves {
		if m.Seat != games.Chance {
			r.at = append(r.at, i)
		}
	}
	b.archives.put(key, r)
	return r, nil
}

// replayTo reads an archived game and replays it to move (-1: only read and count the moves).
func (b *Bot) replayTo(ctx context.Context, guild, gameID string, move int) (replay, error) {
	a, err := b.archived(ctx, guild, gameID)
	if err != nil {
		return replay{}, err
	}
	r := replay{archivedReplay: a, total: len(a.at) - 1}
	if move < 0 {
		return r, nil
	}
	r.move = min(move, r.total)
	end := len(a.rec.Moves) // through chance's moves after the move shown
	if r.move < r.total {
		end = a.at[r.move+1]
	}
	if r.move > 0 {
		r.last = &a.rec.Moves[a.at[r.move]]
	}
	st, err := b.replayed(guild, gameID, a.kit.Game, a.rec, end)
	if err != nil {
		return replay{}, fmt.Errorf("replay archived game %s to move %d: %w", gameID, r.move, err)
	}
	r.st = st
	return r, nil
}

// replayBack is how far back, in record entries, replayed looks for a state it kept: a step
// of ◀ ▶ spans a player's move and chance's after it, far fewer.
const replayBack = 16

// replayed returns the state of an archived game after its record's first end entries: from
// a state the viewer kept of the same game at most replayBack entries earlier (a step ◀ ▶
// from a move just shown), continued with the entries since; else replayed from the start.
// It keeps a copy of the state it returns, unless it kept that one already. An archived
// record never changes, so a kept state is never stale; a process without it (restarted, or
// another) replays from the start.
func (b *Bot) replayed(guild, gameID string, g games.Game, rec games.Record, end int) (games.State, error) {
	key := func(at int) string { return guild + "/" + gameID + "/" + strconv.Itoa(at) }
	var st games.State
	from, hit := 0, false
	for at := end; at >= max(0, end-replayBack) && !hit; at-- {
		if kept, ok := b.replays.get(key(at)); ok {
			st, from, hit = kept.Clone(), at, true
		}
	}
	if !hit {
		upTo := rec
		upTo.Moves = rec.Moves[:end]
		fresh, _, err := games.Replay(g, upTo)
		if err != nil {
			return nil, err
		}
		st = fresh
	} else if _, err := games.Continue(st, rec.Moves[from:end], from); err != nil {
		return nil, err
	}
	if !hit || from != end { // a state kept at end is kept already
		b.replays.put(key(end), st.Clone())
	}
	return st, nil
}

// viewerMessage is the viewer of an archived game at a move, for user.
func (b *Bot) viewerMessage(ctx context.Context, guild, user, gameID string, move int, lang games.Lang) (message, error) {
	r, err := b.replayTo(ctx, guild, gameID, move)
	if err != nil {
		return message{}, err
	}
	game := r.kit.Game
	seat := games.NoSeat
	for i, s := range r.archived.Seats {
		if s.AI == "" && s.UserID != "" && s.UserID == user {
			seat = games.Seat(i)
			break
		}
	}
	file, err := b.encode(r.kit, "replay", false, func() (image.Image, error) { return r.kit.Art.Table(r.st.View(seat), lang) })
	if err != nil {
		return message{}, err
	}
	var sb strings.Builder
	names := make([]string, len(r.archived.Seats))
	for i, s := range r.archived.Seats {
		names[i] = s.Name
	}
	fmt.Fprintf(&sb, "🎞️ %s **%s** · %s · %s\n", game.Emoji(), game.Title().In(lang), r.archived.At.UTC().Format("2006-01-02 15:04"), strings.Join(names, ", "))
	switch {
	case r.last == nil:
		all := games.Count(r.total, "move", "moves", "tah", "tahy", "tahů")
		start := games.Text{EN: fmt.Sprintf("**The start** — the table as dealt (%s in all).", all.EN),
			CS: fmt.Sprintf("**Začátek** — stůl po rozdání (celkem %s).", all.CS)}
		sb.WriteString(start.In(lang) + "\n")
	default:
		fmt.Fprintf(&sb, "**%s** — %s\n", games.Say("Move %d of %d", "Tah %d z %d", r.move, r.total).In(lang), moveText(r.st, r.rec, *r.last, lang))
	}
	if r.move == r.total && games.Over(r.st) {
		sb.WriteString("🏁 " + replayResult(r.st, names, lang))
	}
	if seat != games.NoSeat {
		sb.WriteString(games.Say("*Your game: the table as your seat saw it.*", "*Tvoje hra: stůl tak, jak jsi ho viděl(a) ty.*").In(lang))
	} else {
		sb.WriteString(games.Say("*A spectator's view: hidden hands are not shown.*", "*Pohled diváka: co hráči skrývají, není vidět.*").In(lang))
	}
	step := func(emoji string, to int, off bool) discordgo.MessageComponent {
		id, _ := viewerID(game.Name(), verbStep, to, gameID)
		return discordgo.Button{Emoji: &discordgo.ComponentEmoji{Name: emoji}, Style: discordgo.SecondaryButton, CustomID: id, Disabled: off}
	}
	goTo, ok := viewerID(game.Name(), verbGoto, r.move, gameID)
	if !ok {
		return message{}, notViewable()
	}
	buttons := []discordgo.MessageComponent{
		step("⏮️", 0, r.move == 0), step("◀️", max(0, r.move-1), r.move == 0),
		step("▶️", min(r.total, r.move+1), r.move == r.total), step("⏭️", r.total, r.move == r.total),
		discordgo.Button{Label: games.Say("Go to move…", "Přejít na tah…").In(lang), Style: discordgo.PrimaryButton, CustomID: goTo},
	}
	uniqueIDs(buttons)
	return message{content: sb.String(), ephemeral: true, files: []*discordgo.File{file},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}}, nil
}

// moveText says a record's move in words: "Ada placed …" (the game's Tell, else its notation),
// marked "(AI)" when the AI made it.
func moveText(st games.State, rec games.Record, m games.Move, lang games.Lang) string {
	name := games.NameOf(st, m.Seat)
	if int(m.Seat) >= 0 && int(m.Seat) < len(rec.Players) {
		name = rec.Players[m.Seat]
	}
	if m.By == games.ByAI {
		name += " (AI)"
	}
	a, err := st.Game().DecodeAction(m.Action)
	if err != nil {
		return name
	}
	said := games.Text{EN: st.Describe(a), CS: st.Describe(a)}
	if tl, ok := st.(games.Teller); ok {
		said = tl.Tell(a)
	}
	return name + " " + said.In(lang)
}

// replayResult is the final ranking of a replayed game, one line: "🥇 Ada 31 · 🥈 Ben 27".
func replayResult(st games.State, names []string, lang games.Lang) string {
	res := st.Result()
	var parts []string
	for place, group := range res.Ranking {
		mark := fmt.Sprintf("%d.", place+1)
		if place < len(medals) {
			mark = medals[place]
		}
		for _, s := range group {
			if int(s) >= len(res.Seats) {
				continue
			}
			name := games.NameOf(st, s)
			if int(s) < len(names) {
				name = names[s]
			}
			parts = append(parts, fmt.Sprintf("%s **%s** %d", mark, name, res.Seats[s].Score))
		}
	}
	line := strings.Join(parts, " · ") + "\n"
	if s := res.Summary.In(lang); s != "" {
		line += s + "\n"
	}
	return line
}
