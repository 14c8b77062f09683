package main

import (
	"context"
	"fmt"
	"log/slog"
)

// redisLogger sends go-redis's own messages (reconnects, pool trouble) to slog as warnings
// instead of its default plain stderr logger.
type redisLogger struct{ log *slog.Logger }

// Printf logs one go-redis message.
func (l redisLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, fmt.Sprintf(format, v...), "component", "go-redis")
}
