package table

import (
	"testing"

	"github.com/tablebot/tablebot/games"
)

// TestTaskKeyRoundTrips: every kind of task reads back from its due-queue key as itself, and
// the keys of different decisions differ.
func TestTaskKeyRoundTrips(t *testing.T) {
	tasks := []Task{
		{Kind: TaskAnnounce, Channel: "900"},
		{Kind: TaskRemind, Channel: "900", Rev: 7, Seat: 1},
		{Kind: TaskDeadline, Channel: "900", Rev: 7, Seat: 1},
		{Kind: TaskDeadline, Channel: "900", Rev: 8, Seat: 1},
		{Kind: TaskDeadline, Channel: "901", Rev: 7, Seat: games.Seat(0)},
	}
	seen := map[string]bool{}
	for _, task := range tasks {
		key := task.Key()
		if seen[key] {
			t.Errorf("key %q given to two tasks", key)
		}
		seen[key] = true
		got, ok := parseTask(key)
		if !ok || got != task {
			t.Errorf("parseTask(%q) = %+v, %v; want %+v", key, got, ok, task)
		}
	}
}
