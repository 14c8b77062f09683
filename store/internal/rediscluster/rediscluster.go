// Package rediscluster starts private Redis servers for tests: a Redis Cluster of a few
// redis-server processes in cluster mode on free loopback ports, joined with `redis-cli
// --cluster create`, or one plain server (Server); they are stopped when the test ends. It
// needs redis-server and redis-cli (scripts/test.sh installs them).
package rediscluster

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Start starts a cluster of masters nodes (no replicas) and returns their addresses once the
// cluster reports every slot served. Without redis-server it fails in CI (CI is set) and
// skips elsewhere. When REDIS_CLUSTER_ADDRS names a running cluster (comma-separated), that
// cluster is used instead and nothing is started.
func Start(t testing.TB, masters int) []string {
	t.Helper()
	if env := os.Getenv("REDIS_CLUSTER_ADDRS"); env != "" {
		return strings.Split(env, ",")
	}
	server, err := exec.LookPath("redis-server")
	if err != nil {
		missing(t, "redis-server")
	}
	cli, err := exec.LookPath("redis-cli")
	if err != nil {
		missing(t, "redis-cli")
	}
	var addrs []string
	for i := range masters {
		port := freePortPair(t)
		dir := filepath.Join(t.TempDir(), fmt.Sprint(i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		_, addr := startServer(t, server, port, dir, "--cluster-enabled", "yes",
			"--cluster-config-file", filepath.Join(dir, "nodes.conf"), "--cluster-node-timeout", "2000")
		addrs = append(addrs, addr)
	}
	args := append([]string{"--cluster", "create"}, addrs...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
		t.Fatalf("redis-cli --cluster create: %v\n%s", err, out)
	}
	for _, addr := range addrs {
		waitClusterOK(t, addr)
	}
	return addrs
}

func missing(t testing.TB, bin string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is needed (scripts/test.sh installs it)", bin)
	}
	t.Skipf("no %s here", bin)
}

// Server starts one plain redis-server (not in cluster mode) of the test's own on a free port
// and returns its process (for tests that stop it with SIGSTOP) and its address, once it
// listens. Without redis-server it fails in CI (CI is set) and skips elsewhere.
func Server(t testing.TB) (*exec.Cmd, string) {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		missing(t, "redis-server")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return startServer(t, bin, port, t.TempDir())
}

// startServer starts the redis-server bin on the loopback port, without persistence, its
// files in dir, with the extra arguments, and returns its process and address once it
// listens. When the test ends it is killed (continued first, should a test have stopped it).
func startServer(t testing.TB, bin string, port int, dir string, extra ...string) (*exec.Cmd, string) {
	t.Helper()
	args := append([]string{"--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir}, extra...)
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGCONT)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	waitListening(t, addr)
	return cmd, addr
}

// freePortPair returns a port that is free together with port+10000, the cluster bus.
func freePortPair(t testing.TB) int {
	t.Helper()
	for range 200 {
		port := 20000 + rand.IntN(20000)
		a, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue
		}
		b, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port+10000))
		a.Close()
		if err != nil {
			continue
		}
		b.Close()
		return port
	}
	t.Fatal("no free pair of ports for a cluster node")
	return 0
}

// waitListening waits until something listens at addr.
func waitListening(t testing.TB, addr string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("redis-server at %s did not come up", addr)
		}
	}
}

// waitClusterOK waits until the node at addr reports cluster_state:ok.
func waitClusterOK(t testing.TB, addr string) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if clusterOK(addr) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cluster node at %s never reported cluster_state:ok", addr)
		}
	}
}

// clusterOK asks the node at addr for CLUSTER INFO over RESP by hand.
func clusterOK(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("*2\r\n$7\r\nCLUSTER\r\n$4\r\nINFO\r\n")); err != nil {
		return false
	}
	sc := bufio.NewScanner(c)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "cluster_state:") {
			return line == "cluster_state:ok"
		}
	}
	return false
}
