package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/bot/fakediscord"
	"github.com/tablebot/tablebot/images/chart"
	"github.com/tablebot/tablebot/store"
)

// TestStats: Ada has played three games of Ingenious with Ben and two of FITS with Cid. Cid's
// /stats user:Ada shows, in public, each game's games, wins, win rate, average and best score,
// rating with its trend and place, the people Ada plays with most, and the rating chart as a
// picture; Ada's own /stats game:fits shows FITS alone.
func TestStats(t *testing.T) {
	t.Parallel()
	st := openBolt(t)
	h := newHarness(t, st)
	in := h.addBot("http")
	arch := newArchiver(t, st)
	at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		arch.finish("ingenious", []store.Seat{person(ada), person(ben)}, at.Add(time.Duration(i)*time.Hour))
	}
	for i := range 2 {
		arch.finish("fits", []store.Seat{person(cid), person(ada)}, at.Add(time.Duration(10+i)*time.Hour))
	}
	ps, err := in.bot.tables.PlayerStats(context.Background(), testGuild, ada.ID, "")
	if err != nil || len(ps.Games) < 2 {
		t.Fatalf("the store's stats: %v %+v", err, ps)
	}

	m := h.command(in, cid, "stats", fakediscord.UserOption("user", ada.ID))
	if m.Ephemeral() || m.Deferred {
		t.Fatalf("/stats: ephemeral %v, still thinking %v", m.Ephemeral(), m.Deferred)
	}
	if len(m.Attachments) != 1 || m.Attachments[0].Filename != "stats.png" || m.Attachments[0].Width != chart.Width || m.Attachments[0].Height != chart.Height {
		t.Fatalf("/stats' chart: %+v", m.Attachments)
	}
	for _, g := range ps.Games {
		p := g.Standing.PlayerRating
		if p.Games == 0 {
			continue
		}
		want := []string{
			fmt.Sprintf("rating %s, place %d of %d", strings.Replace(fmt.Sprintf("%.1f", p.Ordinal()), "-", "−", 1), g.Standing.Rank, g.Total),
			fmt.Sprintf("%d games · ", p.Games),
			fmt.Sprintf("(%.0f %%) · average score %.1f, best %d", 100*float64(p.Wins)/float64(p.Games), float64(p.ScoreSum)/float64(p.Games), p.Best),
			fmt.Sprintf("over the last %d games", len(g.History)-1),
		}
		if len(g.History) == 2 {
			want[3] = "since the game before"
		}
		for _, w := range want {
			if !strings.Contains(m.Content, w) {
				t.Errorf("%s: /stats does not say %q:\n%s", g.Game, w, m.Content)
			}
		}
	}
	for _, w := range []string{"**Ada** — statistics", "**Ingenious**", "**FITS**", "Plays most with: Ben (3 games), Cid (2 games)"} {
		if !strings.Contains(m.Content, w) {
			t.Errorf("/stats does not say %q:\n%s", w, m.Content)
		}
	}

	m = h.command(in, ada, "stats", fakediscord.StringOption("game", "fits"))
	if !strings.Contains(m.Content, "**FITS**") || strings.Contains(m.Content, "Ingenious") || len(m.Attachments) != 1 {
		t.Fatalf("/stats game:fits: %q, %d pictures", m.Content, len(m.Attachments))
	}
}
