package loadtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/bot/fakediscord"
)

// guildID is the one server of every game.
const guildID = "800000000000000001"

// channelOf and the two players of game g.
func channelOf(g int) string { return strconv.Itoa(810000000000000000 + g) }

func playersOf(g int) [2]fakediscord.User {
	a := strconv.Itoa(820000000000000000 + 2*g)
	b := strconv.Itoa(820000000000000000 + 2*g + 1)
	return [2]fakediscord.User{
		{ID: a, Username: "a" + a, GlobalName: "Ada " + strconv.Itoa(g), Locale: "en-US"},
		{ID: b, Username: "b" + b, GlobalName: "Ben " + strconv.Itoa(g), Locale: "cs"},
	}
}

func actor(g int, u fakediscord.User) fakediscord.Actor {
	return fakediscord.Actor{User: u, GuildID: guildID, ChannelID: channelOf(g)}
}

// finished notes that interaction id has been completely handled; failed when the bot showed
// its user an error.
func (r *run) finished(id string, failed bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if failed {
		r.errs++
	}
	r.doneOf(id) <- nil
}

// doneOf returns the channel that tells when interaction id is finished, made by the first
// to need it: the post, or the bot finishing before the post reads its reply. r.mu must be
// held.
func (r *run) doneOf(id string) chan error {
	ch, ok := r.done[id]
	if !ok {
		ch = make(chan error, 1)
		r.done[id] = ch
	}
	return ch
}

// send posts ix to the bot's endpoint, records how long the answer took, and waits until the
// bot has finished with it. It returns the time from sending to finishing.
func (r *run) send(ctx context.Context, ix *fakediscord.Interaction) (time.Duration, error) {
	signed, err := r.fake.Sign(r.endpoint, ix)
	if err != nil {
		return 0, fmt.Errorf("loadtest: sign interaction: %w", err)
	}
	return r.sendSigned(ctx, ix.ID, signed)
}

// sendSigned is send for an interaction signed beforehand. The acknowledgement is timed as
// Discord times it, from sending the request to reading the reply.
func (r *run) sendSigned(ctx context.Context, id string, signed *fakediscord.Signed) (time.Duration, error) {
	t0 := time.Now()
	done, err := r.post(ctx, id, signed, t0)
	if err != nil {
		return 0, err
	}
	if err := r.await(id, done); err != nil {
		return 0, err
	}
	return time.Since(t0), nil
}

// post sends an interaction signed beforehand and records its acknowledgement, timed from
// fired — the moment Discord had it to send, which is earlier than the sending when the click
// waited for a free connection — to reading the reply. done tells when the bot has finished
// with it (see await).
func (r *run) post(ctx context.Context, id string, signed *fakediscord.Signed, fired time.Time) (done <-chan error, err error) {
	r.mu.Lock()
	ch := r.doneOf(id)
	r.mu.Unlock()
	queued := time.Since(fired)
	reply, err := r.fake.Send(ctx, signed)
	if err != nil {
		return nil, fmt.Errorf("loadtest: post interaction: %w", err)
	}
	ack := queued + reply.Took
	r.mu.Lock()
	r.acks = append(r.acks, ack)
	if ack > 3*time.Second {
		r.over3++
	}
	r.mu.Unlock()
	if reply.Status != http.StatusOK {
		return nil, fmt.Errorf("loadtest: the endpoint answered %d: %s", reply.Status, reply.Body)
	}
	return ch, nil
}

// await waits until the bot has finished with interaction id, posted with done.
func (r *run) await(id string, done <-chan error) error {
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		return fmt.Errorf("loadtest: interaction %s not handled within 60 s", id)
	}
	r.mu.Lock()
	delete(r.done, id)
	r.mu.Unlock()
	return nil
}

// seen is what the sender of ix sees as its answer: the last follow-up, or the response.
func (r *run) seen(ix *fakediscord.Interaction) fakediscord.Message {
	if fu := r.fake.Followups(ix.Token); len(fu) > 0 {
		return fu[len(fu)-1]
	}
	m, _ := r.fake.Original(ix.Token)
	return m
}

// open seats both players of game g at Ingenious and starts it.
func (r *run) open(ctx context.Context, g int) error {
	r.fake.SetChannel(fakediscord.Channel{ID: channelOf(g), GuildID: guildID, Name: "table-" + strconv.Itoa(g)})
	p := playersOf(g)
	ix := r.fake.SlashCommand(actor(g, p[0]), "start", fakediscord.SubCommand("ingenious"))
	if _, err := r.send(ctx, ix); err != nil {
		return err
	}
	lobby := r.seen(ix)
	join, ok := find(lobby, "join", "")
	if !ok {
		return fmt.Errorf("loadtest: game %d: no Join on the lobby: %s", g, lobby.Content)
	}
	ix = r.fake.Click(actor(g, p[1]).On(lobby), join.CustomID)
	if _, err := r.send(ctx, ix); err != nil {
		return err
	}
	lobby = r.seen(ix)
	start, ok := find(lobby, "start", "")
	if !ok {
		return fmt.Errorf("loadtest: game %d: no Start on the lobby: %s", g, lobby.Content)
	}
	ix = r.fake.Click(actor(g, p[0]).On(lobby), start.CustomID)
	_, err := r.send(ctx, ix)
	return err
}

// play makes game g's moves until ctx ends or the game is over.
func (r *run) play(ctx context.Context, g int) {
	for ctx.Err() == nil {
		ok, err := r.turn(ctx, g)
		if err != nil && ctx.Err() == nil {
			r.log.Warn("loadtest: a game stopped", "game", g, "err", err)
		}
		if err != nil || !ok {
			return
		}
	}
}

// turn makes one decision sequence of the player to act in game g, through the panel. It
// returns false when nobody must act (the game is over) or ctx ended.
func (r *run) turn(ctx context.Context, g int) (bool, error) {
	board, ok := r.fake.LastChannelMessage(channelOf(g))
	if !ok {
		return false, fmt.Errorf("loadtest: game %d has no board", g)
	}
	who, ok := toAct(board, g)
	if !ok {
		return false, nil // the game is over: the board calls nobody
	}
	yourTurn, ok := find(board, "turn", "")
	if !ok {
		return false, nil
	}
	ix := r.fake.Click(actor(g, who).On(board), yourTurn.CustomID)
	if err := r.sendPanel(ctx, ix); err != nil {
		return false, err
	}
	panel := r.seen(ix)
	for step := 0; step < 12 && ctx.Err() == nil; step++ {
		if c, ok := find(panel, "commit", ""); ok {
			ix = r.fake.Click(actor(g, who).On(panel), c.CustomID)
			took, err := r.send(ctx, ix)
			if err != nil {
				return false, err
			}
			answer := r.seen(ix)
			if strings.HasPrefix(answer.Content, "✅") {
				r.moves.Add(1)
				r.mu.Lock()
				r.applied[channelOf(g)]++
				r.dones = append(r.dones, took)
				r.mu.Unlock()
			}
			panel = answer
			if _, more := find(panel, "commit", ""); !more {
				if _, more = find(panel, "draft", ""); !more {
					return true, nil
				}
			}
			continue
		}
		next, menu, ok := choose(panel)
		if !ok {
			return true, nil
		}
		if menu {
			ix = r.fake.Select(actor(g, who).On(panel), next.CustomID, next.Options[0].Value)
		} else {
			ix = r.fake.Click(actor(g, who).On(panel), next.CustomID)
		}
		if err := r.sendPanel(ctx, ix); err != nil {
			return false, err
		}
		panel = r.seen(ix)
	}
	return true, nil
}

// toAct returns the player of game g whom the board calls to act (its allowed mentions), or
// false when it calls nobody.
func toAct(board fakediscord.Message, g int) (fakediscord.User, bool) {
	var mentions struct {
		Users []string `json:"users"`
	}
	if len(board.AllowedMentions) > 0 {
		_ = json.Unmarshal(board.AllowedMentions, &mentions)
	}
	for _, u := range playersOf(g) {
		if slices.Contains(mentions.Users, u.ID) {
			return u, true
		}
	}
	return fakediscord.User{}, false
}

// sendPanel sends a click that opens or drafts a panel and records how long it took to show.
func (r *run) sendPanel(ctx context.Context, ix *fakediscord.Interaction) error {
	took, err := r.send(ctx, ix)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.panels = append(r.panels, took)
	r.mu.Unlock()
	return nil
}

// choose picks a panel's next step as a hurried player would: 💡 Suggest, else the menu's
// first row, else the first button that moves on (not back, not undo).
func choose(panel fakediscord.Message) (component, bool, bool) {
	for _, v := range []string{"suggest", "draft"} {
		if c, ok := find(panel, v, "💡"); ok {
			return c, false, true
		}
	}
	if c, ok := find(panel, "menu", ""); ok && len(c.Options) > 0 {
		return c, true, true
	}
	for _, c := range components(panel) {
		if verbOf(c.CustomID) == "draft" && !c.Disabled && !strings.HasPrefix(c.Label, "◀") {
			return c, false, true
		}
	}
	return component{}, false, false
}

// storm opens a fresh game g, brings its first player to the Place button, and clicks it n
// times at once. It returns the times the n clicks took to be acknowledged; the record tells
// afterwards how many moves they applied (one is right).
func (r *run) storm(ctx context.Context, g, n int) ([]time.Duration, error) {
	if err := r.open(ctx, g); err != nil {
		return nil, err
	}
	at, panel, err := r.toPlaceButton(ctx, g)
	if err != nil {
		return nil, err
	}
	commit, ok := find(panel, "commit", "")
	if !ok {
		return nil, errors.New("loadtest: storm: no Place button")
	}
	r.mu.Lock()
	mark := len(r.acks)
	r.mu.Unlock()
	// Discord builds and signs each click before it sends it: all are signed first, then
	// fired at once.
	clicks := make([]*fakediscord.Interaction, n)
	signed := make([]*fakediscord.Signed, n)
	for i := range clicks {
		clicks[i] = r.fake.Click(at.On(panel), commit.CustomID)
		var err error
		if signed[i], err = r.fake.Sign(r.endpoint, clicks[i]); err != nil {
			return nil, fmt.Errorf("loadtest: storm: %w", err)
		}
	}
	if err := r.fire(ctx, clicks, signed); err != nil {
		return nil, err
	}
	r.mu.Lock()
	acks := slices.Clone(r.acks[mark:])
	r.mu.Unlock()
	return acks, nil
}

// toPlaceButton brings the player whose turn it is in game g from the board's Your turn
// button through the panel's choices (six at most) to a panel that may offer the Place
// button. It returns the player and that panel.
func (r *run) toPlaceButton(ctx context.Context, g int) (fakediscord.Actor, fakediscord.Message, error) {
	board, ok := r.fake.LastChannelMessage(channelOf(g))
	if !ok {
		return fakediscord.Actor{}, fakediscord.Message{}, errors.New("loadtest: storm: the game has no board")
	}
	who, ok := toAct(board, g)
	yourTurn, found := find(board, "turn", "")
	if !ok || !found {
		return fakediscord.Actor{}, fakediscord.Message{}, errors.New("loadtest: storm: the board calls nobody to play")
	}
	at := actor(g, who)
	ix := r.fake.Click(at.On(board), yourTurn.CustomID)
	if _, err := r.send(ctx, ix); err != nil {
		return at, fakediscord.Message{}, err
	}
	panel := r.seen(ix)
	for range 6 {
		if _, ok := find(panel, "commit", ""); ok {
			break
		}
		next, menu, ok := choose(panel)
		if !ok {
			return at, panel, errors.New("loadtest: storm: the panel offers no way to a move")
		}
		if menu {
			ix = r.fake.Select(at.On(panel), next.CustomID, next.Options[0].Value)
		} else {
			ix = r.fake.Click(at.On(panel), next.CustomID)
		}
		if _, err := r.send(ctx, ix); err != nil {
			return at, panel, err
		}
		panel = r.seen(ix)
	}
	return at, panel, nil
}

// fire sends the signed clicks at once and waits until the bot has handled them all. They go
// out over the fake's pool of connections, a sender per connection; a click that waits for
// one counts the wait in its acknowledgement, timed from the firing.
func (r *run) fire(ctx context.Context, clicks []*fakediscord.Interaction, signed []*fakediscord.Signed) error {
	n := len(clicks)
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	dones := make([]<-chan error, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	fired := time.Now()
	for range min(n, fakediscord.Connections) {
		wg.Go(func() {
			for i := range next {
				var err error
				if dones[i], err = r.post(ctx, clicks[i].ID, signed[i], fired); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	for i, done := range dones {
		if err := r.await(clicks[i].ID, done); err != nil {
			return err
		}
	}
	return nil
}

// component is one button or select of a message, flattened.
type component struct {
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
	Options  []struct {
		Value string `json:"value"`
	} `json:"options"`
}

func components(m fakediscord.Message) []component {
	var rows []struct {
		Components []component `json:"components"`
	}
	if len(m.Components) > 0 {
		_ = json.Unmarshal(m.Components, &rows)
	}
	var out []component
	for _, row := range rows {
		out = append(out, row.Components...)
	}
	return out
}

// verbOf reads the verb of a custom ID with the bot's own parser ("" when it is not one).
func verbOf(id string) string {
	parsed, err := bot.ParseID(id)
	if err != nil {
		return ""
	}
	return parsed.Verb
}

// find returns the first enabled component with verb v whose label starts with label.
func find(m fakediscord.Message, v, label string) (component, bool) {
	for _, c := range components(m) {
		if verbOf(c.CustomID) == v && !c.Disabled && strings.HasPrefix(c.Label, label) {
			return c, true
		}
	}
	return component{}, false
}

// quantile returns the q-quantile of ds (0 for none).
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(q * float64(len(s)-1))
	return s[i]
}
