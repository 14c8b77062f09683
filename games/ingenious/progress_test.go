package ingenious

import "testing"

func TestProgress(t *testing.T) {
	s, err := NewState([]string{"Ada", "Ben"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Progress(); got.EN != "120 tiles left in the bag" || got.CS != "v pytlíku zbývá 120 dílků" {
		t.Fatalf("new game: %+v", got)
	}
	s.bag = Bag{}
	s.bag[0] = 3
	if got := s.Progress(); got.EN != "3 tiles left in the bag" || got.CS != "v pytlíku zbývají 3 dílky" {
		t.Fatalf("three left: %+v", got)
	}
	s.bag[0] = 1
	if got := s.Progress(); got.EN != "1 tile left in the bag" || got.CS != "v pytlíku zbývá 1 dílek" {
		t.Fatalf("one left: %+v", got)
	}
	s.phase = PhaseOver
	if got := s.Progress(); got.EN != "game over" || got.CS != "konec hry" {
		t.Fatalf("ended: %+v, want the game over as the other games say it", got)
	}
}
