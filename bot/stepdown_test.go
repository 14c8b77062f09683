package bot

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/tablebot/tablebot/games/search"
	"github.com/tablebot/tablebot/internal/testlog"
)

// addStrongBot starts a bot over the HTTP endpoint whose referee's takeover AI is strong,
// logging into logs.
func addStrongBot(h *harness, logs io.Writer) *instance {
	h.t.Helper()
	ref := h.referee()
	ref.Takeover, ref.Logger = search.Strong, slog.New(slog.NewTextHandler(logs, nil))
	return h.addBotWith("http", ref)
}

// TestLateDeadlineStepsDown: Ben's deadline worked 11 s after its time (the bot was behind)
// is played by the takeover AI at easy instead of strong, and the log says so with the
// lateness; the board reads as any deadline's. Ada's deadline, worked on time, is played
// strong.
func TestLateDeadlineStepsDown(t *testing.T) {
	t.Parallel()
	h := asyncHarness(t, openBolt)
	logs := &testlog.Buffer{}
	in := addStrongBot(h, logs)
	bensTurn(t, h, in)
	before := len(h.fake.ChannelMessages(testChannel))
	due := h.table().Due[1]
	h.clock.Add(due.Sub(h.clock.Now()) + 11*time.Second)
	h.tickAll()
	h.benDecidedOnce(before, "at Ben's late deadline")
	log := logs.String()
	if !strings.Contains(log, "the takeover AI steps down") || !strings.Contains(log, "late=11s level=easy takeover=strong") {
		t.Fatalf("the step down is not logged with its lateness:\n%s", log)
	}
	// Ada's deadline, worked on time: strong, no step down.
	tb := h.table()
	if tb.Due[0].IsZero() {
		t.Fatalf("Ada has no deadline: %+v", tb.Due)
	}
	h.clock.Add(tb.Due[0].Sub(h.clock.Now()))
	h.tickAll()
	if n := aiMovesFor(h, 0); n != 1 {
		t.Fatalf("%d AI moves for Ada, want 1", n)
	}
	log = logs.String()
	if strings.Count(log, "steps down") != 1 || !strings.Contains(log, "the AI decided at a deadline") ||
		!strings.Contains(log, "level=strong late=0s") {
		t.Fatalf("Ada's deadline on time is not played strong:\n%s", log)
	}
}
