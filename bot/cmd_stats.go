package bot

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tablebot/tablebot/games"
	"github.com/tablebot/tablebot/images/chart"
	"github.com/tablebot/tablebot/table"
)

// trendGames is how many games back /stats measures a rating's trend.
const trendGames = 5

// statsCommand is /stats [user] [game]: a player's record on the server — per game their
// place, rating and its trend, games, wins, win rate, average and best score, best solo score
// — the people they play with most, and a chart of their rating over their last games (one
// line per game, each game with its own marker). Public, as /leaderboard is; acknowledged
// before the store is read and the chart drawn. Without user, the caller's; without game,
// every game they played.
func (b *Bot) statsCommand() command {
	desc, loc := describe(games.Say("Whose statistics (default: yours)", "Čí statistiky (výchozí: tvoje)"))
	user := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: desc, DescriptionLocalizations: *loc}
	return command{
		def:    newCommand("stats", games.Say("A player's games, wins, rating and its chart on this server", "Statistiky hráče na tomto serveru: hry, výhry, hodnocení a jeho graf"), user, b.gameOption(false)),
		handle: (*Bot).onStats,
		ack:    ackPublic,
	}
}

func (b *Bot) onStats(c *call) error {
	data := c.i.ApplicationCommandData()
	user, name, game := c.user, c.name, ""
	for _, o := range data.Options {
		switch o.Name {
		case "user":
			if id, ok := o.Value.(string); ok && id != "" {
				user, name = id, ""
				if data.Resolved != nil {
					if u := data.Resolved.Users[id]; u != nil {
						name = displayName("", u)
					}
					if m := data.Resolved.Members[id]; m != nil && m.Nick != "" {
						name = m.Nick
					}
				}
			}
		case "game":
			g, _ := o.Value.(string)
			if _, ok := b.kit(g); !ok {
				return refuse("I do not know the game %q.", "Hru %q neznám.", g)
			}
			game = g
		}
	}
	ps, err := b.tables.PlayerStats(c.ctx, c.i.GuildID, user, game)
	if err != nil {
		return err
	}
	if ps.Name != "" {
		name = ps.Name
	}
	if name == "" {
		name = "<@" + user + ">"
	}
	content, series := b.statsText(ps, name, c.lang)
	file, err := b.chartPicture(chart.Chart{Title: name, Series: series}, c.lang)
	if err != nil {
		return err
	}
	return c.reply(message{content: content, files: []*discordgo.File{file}})
}

// statsText writes a player's statistics and returns the chart's series, one per game with
// rated games, in the catalog's order with each game's own mark.
func (b *Bot) statsText(ps table.PlayerStats, name string, lang games.Lang) (string, []chart.Series) {
	var sb strings.Builder
	sb.WriteString("📊 " + games.Say("**%s** — statistics on this server", "**%s** — statistiky na tomto serveru", name).In(lang) + "\n")
	var series []chart.Series
	shown := 0
	for i, k := range b.kits {
		for _, g := range ps.Games {
			if g.Game != k.Game.Name() || (g.Standing.Games == 0 && g.Solo == nil) {
				continue
			}
			shown++
			sb.WriteString(gameStatsText(k.Game.Emoji(), k.Game.Title(), g).In(lang))
			if len(g.History) == 0 {
				continue
			}
			s := chart.Series{Name: k.Game.Title(), Ratings: make([]float64, len(g.History))}
			if i < 4 {
				s.Mark = chart.Mark(i + 1) // Circle, Square, Triangle, Diamond in the catalog's order
			}
			for j, p := range g.History {
				s.Ratings[j] = p.Ordinal()
			}
			series = append(series, s)
		}
	}
	if shown == 0 {
		sb.WriteString(games.Say("No finished games here yet. Games with other people are rated; solo games count as solo records.",
			"Zatím tu žádná dohraná hra. Hry s dalšími lidmi se hodnotí; sólo hry se počítají do sólo rekordů.").In(lang) + "\n")
	}
	if len(ps.Opponents) > 0 {
		var parts []string
		for _, o := range ps.Opponents {
			parts = append(parts, o.Name+" ("+games.Count(o.Games, "game", "games", "hra", "hry", "her").In(lang)+")")
		}
		sb.WriteString("👥 " + games.Say("Plays most with: %s", "Nejčastěji hraje s: %s", strings.Join(parts, ", ")).In(lang) + "\n")
	}
	return sb.String(), series
}

// gameStatsText is one game's lines of /stats.
func gameStatsText(emoji string, title games.Text, g table.GameStats) games.Text {
	p := g.Standing.PlayerRating
	head := games.Text{EN: fmt.Sprintf("%s **%s**", emoji, title.EN), CS: fmt.Sprintf("%s **%s**", emoji, title.CS)}
	var lines []games.Text
	if p.Games > 0 {
		ord := p.Ordinal()
		rating := games.Text{
			EN: fmt.Sprintf(" — rating %s, place %d of %d", number(ord, games.English), g.Standing.Rank, g.Total),
			CS: fmt.Sprintf(" — hodnocení %s, %d. místo z %d", number(ord, games.Czech), g.Standing.Rank, g.Total),
		}
		head = games.Join([]games.Text{head, rating, trend(g.History)}, "")
		played := games.Count(p.Games, "game", "games", "hra", "hry", "her")
		wins := games.Count(p.Wins, "win", "wins", "výhra", "výhry", "výher")
		rate := 100 * float64(p.Wins) / float64(p.Games)
		avg := float64(p.ScoreSum) / float64(p.Games)
		lines = append(lines, games.Text{
			EN: fmt.Sprintf("%s · %s (%.0f %%) · average score %s, best %d", played.EN, wins.EN, rate, number(avg, games.English), p.Best),
			CS: fmt.Sprintf("%s · %s (%.0f %%) · průměrně %s bodu, nejlépe %d", played.CS, wins.CS, rate, number(avg, games.Czech), p.Best),
		})
	}
	if g.Solo != nil {
		solo := games.Say("Best solo score: %d", "Nejlepší sólo: %d", g.Solo.Score)
		if g.Solo.Tier.EN != "" {
			solo = games.Join([]games.Text{solo, {EN: g.Solo.Tier.EN, CS: g.Solo.Tier.CS}}, " · ")
		}
		lines = append(lines, solo)
	}
	out := games.Join([]games.Text{head, games.Join(lines, "\n")}, "\n")
	out.EN += "\n"
	out.CS += "\n"
	return out
}

// trend says how the rating moved over the last trendGames games: " · ↗ +2.1 in the last 5
// games"; empty with fewer than two rated games.
func trend(history []table.RatingPoint) games.Text {
	if len(history) < 2 {
		return games.Text{}
	}
	back := min(trendGames, len(history)-1)
	d := history[len(history)-1].Ordinal() - history[len(history)-1-back].Ordinal()
	arrow, sign := "→", "±"
	switch r := math.Round(d * 10); {
	case r > 0:
		arrow, sign = "↗", "+"
	case r < 0:
		arrow, sign, d = "↘", "−", -d
	}
	en, cs := fmt.Sprintf("over the last %d games", back), fmt.Sprintf("za posledních %d her", back)
	switch {
	case back == 1:
		en, cs = "since the game before", "od předchozí hry"
	case back < 5:
		cs = fmt.Sprintf("za poslední %d hry", back)
	}
	return games.Text{
		EN: fmt.Sprintf(" · %s %s%s %s", arrow, sign, number(d, games.English), en),
		CS: fmt.Sprintf(" · %s %s%s %s", arrow, sign, number(d, games.Czech), cs),
	}
}

// number writes x with one decimal and a true minus sign ("−1.8"), a decimal comma in Czech
// ("−1,8"), as the chart does.
func number(x float64, lang games.Lang) string {
	s := fmt.Sprintf("%.1f", x)
	if s == "-0.0" {
		s = "0.0"
	}
	s = strings.Replace(s, "-", "−", 1)
	if lang == games.Czech {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// chartPicture draws and encodes a /stats chart, in one of the bot's drawing slots.
func (b *Bot) chartPicture(ch chart.Chart, lang games.Lang) (*discordgo.File, error) {
	b.drawSlots.enter(false)
	defer b.drawSlots.leave()
	img, err := b.charts.Render(ch, lang)
	if err != nil {
		return nil, fmt.Errorf("draw the stats chart: %w", err)
	}
	buf := new(bytes.Buffer)
	err = b.encoder.Encode(buf, img)
	b.charts.Recycle(img)
	if err != nil {
		return nil, fmt.Errorf("encode the stats chart: %w", err)
	}
	return &discordgo.File{Name: "stats.png", ContentType: "image/png", Reader: buf}, nil
}
