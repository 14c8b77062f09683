package loadtest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tablebot/tablebot/bot"
	"github.com/tablebot/tablebot/table"
)

// listeningLog is the message of the log line in which `tablebot run` names its HTTP address.
const listeningLog = "http server listening"

// clockTicks is the unit of the CPU times in /proc/PID/stat (USER_HZ, 100 on Linux).
const clockTicks = 100

// child is a bot running in a process of its own.
type child struct {
	r    *run
	cmd  *exec.Cmd
	addr string
	// exited is closed once the process has exited and its log has been read to the end.
	exited chan struct{}
	// mu guards tail, the last lines the process wrote that are not per-interaction lines.
	mu   sync.Mutex
	tail []string
}

// startProcess starts the bot with Config.Process.Command and waits until it listens.
func startProcess(ctx context.Context, r *run) (*child, error) {
	d := Discord{RESTBaseURL: r.fake.URL().String(), Token: r.fake.Token(), ApplicationID: r.fake.ApplicationID(),
		PublicKey: r.fake.PublicKeyHex(), GuildID: guildID, SuggestSearch: r.cfg.SuggestSearch}
	cmd, err := r.cfg.Process.Command(d)
	if err != nil {
		return nil, fmt.Errorf("loadtest: the bot's command: %w", err)
	}
	logs, err := cmd.StderrPipe()
	if err != nil {
		return nil, fmt.Errorf("loadtest: the bot's log: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("loadtest: start the bot: %w", err)
	}
	c := &child{r: r, cmd: cmd, exited: make(chan struct{})}
	listening := make(chan string, 1)
	go func() {
		c.read(logs, listening)
		_ = cmd.Wait()
		close(c.exited)
	}()
	select {
	case c.addr = <-listening:
	case <-c.exited:
		return nil, fmt.Errorf("loadtest: the bot stopped before it listened: %s", c.lastLines())
	case <-time.After(60 * time.Second):
		c.kill()
		return nil, fmt.Errorf("loadtest: the bot did not listen within 60 s: %s", c.lastLines())
	case <-ctx.Done():
		c.kill()
		return nil, fmt.Errorf("loadtest: waiting for the bot: %w", ctx.Err())
	}
	return c, nil
}

// logLine is what the load test reads of the bot's JSON log lines.
type logLine struct {
	Msg         string `json:"msg"`
	Level       string `json:"level"`
	Interaction string `json:"interaction"`
	Failed      bool   `json:"failed"`
	Addr        string `json:"addr"`
	// Channel, Task, Seat and Revision name a due task.
	Channel  string `json:"channel"`
	Task     string `json:"task"`
	Seat     int    `json:"seat"`
	Revision uint64 `json:"revision"`
}

// read follows the bot's log until it ends: each handled interaction completes its waiter,
// the listening address goes to listening, warnings and errors go to the load test's logger.
func (c *child) read(logs io.Reader, listening chan<- string) {
	sc := bufio.NewScanner(logs)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var l logLine
		if err := json.Unmarshal(line, &l); err != nil {
			c.keep(string(line))
			continue
		}
		if c.r.async != nil {
			c.r.async.taskLog(l)
		}
		switch {
		case l.Msg == bot.HandledLog:
			c.r.finished(l.Interaction, l.Failed)
			continue
		case l.Msg == listeningLog && l.Addr != "":
			select {
			case listening <- l.Addr:
			default:
			}
		case l.Level == "WARN" || l.Level == "ERROR":
			c.r.log.Warn("loadtest: the bot logged", "line", string(line))
		}
		c.keep(string(line))
	}
}

// keep remembers one of the last lines of the bot's log, for errors.
func (c *child) keep(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tail = append(c.tail, line)
	if len(c.tail) > 20 {
		c.tail = c.tail[len(c.tail)-20:]
	}
}

func (c *child) lastLines() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.tail) == 0 {
		return "it wrote nothing"
	}
	return "its last lines:\n" + strings.Join(c.tail, "\n")
}

func (c *child) kill() {
	_ = c.cmd.Process.Kill()
	<-c.exited
}

// baseURL is the bot's HTTP server, dialled on loopback when it listens on every address.
func (c *child) baseURL() string {
	host, port, err := net.SplitHostPort(c.addr)
	if err != nil || host == "" || host == "::" || host == "0.0.0.0" {
		return "http://127.0.0.1:" + port
	}
	return "http://" + net.JoinHostPort(host, port)
}

func (c *child) endpoint() string { return c.baseURL() + "/interactions" }

// cpu is the bot process's user and system CPU time, from /proc/PID/stat.
func (c *child) cpu() time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(c.cmd.Process.Pid) + "/stat")
	if err != nil {
		return 0
	}
	// The command's name, in parentheses, may hold spaces: the fields are counted after it.
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64) // field 14 of the whole line
	stime, _ := strconv.ParseInt(fields[12], 10, 64) // field 15
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// heapProfile writes nothing: Config.HeapProfile profiles the load test's own process, and
// asks for the bot inside it.
func (c *child) heapProfile() {}

func (c *child) peakRSSKB() int64 { return statusKB(c.cmd.Process.Pid, "VmHWM:") }

// bandsReused reads the bot's picture band counters from its /metrics.
func (c *child) bandsReused(ctx context.Context) float64 {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL()+"/metrics", nil)
	if err != nil {
		return 0
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.r.log.Warn("loadtest: the bot's metrics", "err", err)
		return 0
	}
	defer resp.Body.Close()
	var reused, compressed float64
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		v, _ := strconv.ParseFloat(value, 64)
		switch name {
		case "tablebot_png_bands_reused_total":
			reused = v
		case "tablebot_png_bands_compressed_total":
			compressed = v
		}
	}
	if reused+compressed == 0 {
		return 0
	}
	return reused / (reused + compressed)
}

// stop halts the bot and opens its store with Process.Store.
func (c *child) stop(ctx context.Context) (*table.Service, func(), error) {
	if err := c.halt(); err != nil {
		return nil, nil, err
	}
	st, err := c.r.cfg.Process.Store(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("loadtest: open the bot's store: %w", err)
	}
	tables, err := newTables(c.r.cfg.Kits, st, c.r.log)
	if err != nil {
		_ = st.Close()
		return nil, nil, err
	}
	return tables, func() { _ = st.Close() }, nil
}

// halt asks the bot to stop as an operator would (SIGTERM: it finishes its work in flight)
// and waits for it; a bot that does not stop within 60 s is killed.
func (c *child) halt() error {
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("loadtest: stop the bot: %w", err)
	}
	select {
	case <-c.exited:
	case <-time.After(60 * time.Second):
		c.kill()
		return fmt.Errorf("loadtest: the bot did not stop within 60 s of SIGTERM: %s", c.lastLines())
	}
	if code := c.cmd.ProcessState.ExitCode(); code != 0 {
		return fmt.Errorf("loadtest: the bot exited with status %d: %s", code, c.lastLines())
	}
	return nil
}
