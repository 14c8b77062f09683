package gamestest

import (
	"errors"

	"github.com/tablebot/tablebot/games"
)

func asRefusal(err error, r **games.Refusal) bool { return errors.As(err, r) }
