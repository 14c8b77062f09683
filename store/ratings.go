package store

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"time"
)

// RatingHistoryCap is how many rating points each player keeps per game (the newest): enough
// for a chart of the last 50 games.
const RatingHistoryCap = 50

// MaxPage bounds the limit of Leaderboard, SoloRecords, History and ArchiveScan: a larger
// limit is read as MaxPage, so every read is one round trip of bounded size.
const MaxPage = 100

// OpponentsShown is how many of a player's most frequent opponents PlayerStats returns.
const OpponentsShown = 5

// Rating is a player's skill belief, OpenSkill's μ and σ (the store does no arithmetic on it
// beyond the ordinal).
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative rating μ − 3σ that leaderboards sort by.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// PlayerRating is one player's line for one game on one server: the rating and what the
// leaderboard and /stats count. Games counts rated games only; its zero value is a player
// with no stored line.
type PlayerRating struct {
	Name string `json:"name"`
	Rating
	Games int `json:"games"`
	Wins  int `json:"wins"`
	// Best is the best score of a rated game, ScoreSum the sum of the scores of all of them.
	Best     int   `json:"best"`
	ScoreSum int64 `json:"sum"`
}

// encode is the canonical stored form; Finish's compare-and-set compares it byte for byte.
func (p PlayerRating) encode() string {
	if p.Games == 0 {
		return ""
	}
	b, _ := json.Marshal(p) // a struct of strings and numbers: cannot fail
	return string(b)
}

func decodePlayerRating(s string) (PlayerRating, error) {
	p, err := decodeJSON[PlayerRating]("player rating", s)
	if err != nil {
		return PlayerRating{}, err
	}
	if p.Games < 1 || p.Wins < 0 || p.Wins > p.Games || math.IsNaN(p.Mu) || math.IsNaN(p.Sigma) {
		return PlayerRating{}, fmt.Errorf("%w: player rating %q", ErrCorrupt, s)
	}
	return p, nil
}

// Outcome is one rated player's result in a finished game, with the rating change the
// referee computed. The referee leaves out AI seats and the seats it does not rate (a player
// the AI played for most of the game).
type Outcome struct {
	// UserID is the Discord user.
	UserID string
	// Before is the player's line as read with Ratings; Games 0 means none is stored yet (its
	// Rating is then only the starting rating the archived change shows). Finish applies the
	// game only if every player's stored line is still exactly Before.
	Before PlayerRating
	// After is the player's new line: Games one more than Before's, Wins, Best and ScoreSum
	// counting this game, Name the latest display name.
	After PlayerRating
	// Score is the game's headline score (within ±MaxScore); Place the 1-based place in the
	// game's ranking (shared places share the number); Won is Place == 1.
	Score int
	Place int
	Won   bool
	// Opponents are the other people at the table (user IDs, AI seats left out), counted for
	// the player's most frequent opponents.
	Opponents []string
}

// Seat is one seat of an archived game: a person, or an AI player of level AI.
type Seat struct {
	UserID string `json:"user,omitempty"`
	Name   string `json:"name"`
	// AI is an AI seat's level ("easy", "normal", "strong"); empty for a person.
	AI string `json:"ai,omitempty"`
}

// Label is a text in both languages (the store keeps it, the bot shows it).
type Label struct {
	EN string `json:"en,omitempty"`
	CS string `json:"cs,omitempty"`
}

// SoloScore is the result of a solo game, for the server's solo records.
type SoloScore struct {
	UserID string `json:"user"`
	Name   string `json:"name"`
	Score  int    `json:"score"`
	// Tier is the rulebook's rating of the score ("Rating: architect (27 points)."), empty
	// where the game has none.
	Tier Label `json:"tier,omitzero"`
}

// SoloRecord is a player's best solo score of a game on a server: the first game that
// reached it.
type SoloRecord struct {
	SoloScore
	GameID string    `json:"game_id"`
	At     time.Time `json:"at"`
}

// RatingChange is one rated player's change in a game, as archived with it.
type RatingChange struct {
	UserID string `json:"user"`
	Name   string `json:"name"`
	Before Rating `json:"before"`
	After  Rating `json:"after"`
	Place  int    `json:"place"`
	Score  int    `json:"score"`
	Won    bool   `json:"won,omitempty"`
}

// Delta is the change of the ordinal.
func (c RatingChange) Delta() float64 { return c.After.Ordinal() - c.Before.Ordinal() }

// Standing is one player's line on a leaderboard: Rank is the 1-based position by ordinal
// (equal ordinals are ordered by user ID, not given a shared place).
type Standing struct {
	Rank   int
	UserID string
	PlayerRating
}

// Board is a page of a leaderboard: Total players in all, Standings from place offset+1.
type Board struct {
	Total     int
	Standings []Standing
}

// RatingPoint is a player's rating after one game, for a chart.
type RatingPoint struct {
	GameID string    `json:"game_id"`
	At     time.Time `json:"at"`
	Rating
	Score int `json:"score"`
	Place int `json:"place"`
}

// Opponent is a person a player has played with in rated games, and in how many. Lists of
// opponents are ordered by games, most first, equal counts by user ID descending.
type Opponent struct {
	UserID string
	Name   string
	Games  int
}

// GameStats is a player's record in one game on a server.
type GameStats struct {
	Game string
	// Standing is the player's line; Rank 0 and a zero PlayerRating when they have no rated
	// game of it. Total is the number of players on the leaderboard.
	Standing Standing
	Total    int
	// History is the player's rating after each of their last RatingHistoryCap rated games,
	// oldest first.
	History []RatingPoint
	// Opponents are the most frequent people in their games of this game, at most
	// OpponentsShown, most games first.
	Opponents []Opponent
	// Solo is their best solo score of the game, or nil.
	Solo *SoloRecord
}

// PlayerStats is a player's record on a server: one GameStats per game asked for that they
// have played (rated or solo), and their most frequent opponents over all games.
type PlayerStats struct {
	UserID    string
	Name      string
	Games     []GameStats
	Opponents []Opponent
}

// GameSummary is a finished game as the recent-games list shows it.
type GameSummary struct {
	GameID string    `json:"game_id"`
	Game   string    `json:"game"`
	At     time.Time `json:"at"`
	Seats  []Seat    `json:"seats"`
}

// ArchiveCursor is a position in a server's archive for ArchiveScan: zero is the beginning.
type ArchiveCursor uint64

// checkFinal reports why f cannot be finished, or nil.
func checkFinal(f Final) error {
	seen := make(map[string]bool, len(f.Outcomes))
	for _, o := range f.Outcomes {
		if o.Score < -MaxScore || o.Score > MaxScore || o.After.Best < -MaxScore || o.After.Best > MaxScore {
			return fmt.Errorf("store: finish %q: score %d of user %q outside ±%d", f.GameID, o.Score, o.UserID, int64(MaxScore))
		}
		if seen[o.UserID] {
			return fmt.Errorf("store: finish %q: user %q rated twice", f.GameID, o.UserID)
		}
		seen[o.UserID] = true
		if o.After.Games != o.Before.Games+1 || o.Place < 1 || !finite(o.After.Mu) || !finite(o.After.Sigma) {
			return fmt.Errorf("store: finish %q: user %q: games %d after %d, place %d, rating %v", f.GameID, o.UserID,
				o.After.Games, o.Before.Games, o.Place, o.After.Rating)
		}
	}
	if f.Solo != nil && (f.Solo.Score < -MaxScore || f.Solo.Score > MaxScore) {
		return fmt.Errorf("store: finish %q: solo score %d outside ±%d", f.GameID, f.Solo.Score, int64(MaxScore))
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Changes are the rating changes of outcomes, as archived (Archived.Ratings) and shown.
func Changes(outcomes []Outcome) []RatingChange {
	var out []RatingChange
	for _, o := range outcomes {
		out = append(out, RatingChange{UserID: o.UserID, Name: o.After.Name, Before: o.Before.Rating, After: o.After.Rating,
			Place: o.Place, Score: o.Score, Won: o.Won})
	}
	return out
}

// point is o's rating point in f, encoded.
func point(f Final, o Outcome) string {
	b, _ := json.Marshal(RatingPoint{GameID: f.GameID, At: f.At.UTC(), Rating: o.After.Rating, Score: o.Score, Place: o.Place})
	return string(b)
}

func summaryOf(f Final) string {
	b, _ := json.Marshal(GameSummary{GameID: f.GameID, Game: f.Game, At: f.At.UTC(), Seats: f.Seats})
	return string(b)
}

func soloRecordOf(f Final) string {
	b, _ := json.Marshal(SoloRecord{SoloScore: *f.Solo, GameID: f.GameID, At: f.At.UTC()})
	return string(b)
}

// sortableDesc is 8 bytes that sort in descending order of x (as bbolt keys).
func sortableDesc(x float64) uint64 {
	if x == 0 {
		x = 0 // −0 sorts as 0, as in Redis
	}
	b := math.Float64bits(-x)
	if b>>63 == 1 {
		return ^b
	}
	return b | 1<<63
}

// negOrdinal is the score a player has in the Redis board (sorted ascending).
func negOrdinal(p PlayerRating) string {
	return strconv.FormatFloat(-p.Ordinal(), 'g', -1, 64)
}
