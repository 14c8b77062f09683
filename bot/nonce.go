package bot

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/tablebot/tablebot/table"
)

// boardNonce is the nonce a board message is posted with (see channelPost): the same for every
// post of the board showing the moves from..through of table t, whoever posts it and however
// often — the post that ran out of retries, the repost after a restart of a process killed
// between posting the board and recording that it did — and different for any other board.
// It is a digest of the table's ID, the range and the moves in it (so a move taken back and
// replaced by another gets a board of its own), 25 characters, Discord's longest nonce.
func boardNonce(t *table.Table, from, through int) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d", t.ID, from, through)
	if t.Record != nil {
		moves := t.Record.Moves
		through = min(max(through, 0), len(moves))
		for _, m := range moves[min(max(from, 0), through):through] {
			fmt.Fprintf(h, "\x00%d\x00%s\x00%s", m.Seat, m.Action, m.By)
		}
	}
	return "b" + hex.EncodeToString(h.Sum(nil))[:24]
}

// reminderNonce is the nonce of the reminder r (kind "r": in the channel) or of its direct
// message to a user (kind "d" + the user's ID): the same for every post of that reminder, so
// that a task worked again after its process died between posting and recording the reminder
// leaves one message.
func reminderNonce(r *table.Reminder, kind string) string {
	h := sha256.Sum256([]byte(kind + "\x00" + r.Key()))
	return kind[:1] + hex.EncodeToString(h[:])[:24]
}
