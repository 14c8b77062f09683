package bot

import "testing"

func TestLRU(t *testing.T) {
	t.Parallel()
	c := newLRU[string, int](2)
	c.put("a", 1)
	c.put("b", 2)
	if v, ok := c.get("a"); !ok || v != 1 {
		t.Fatalf("a = %d, %v", v, ok)
	}
	c.put("c", 3) // drops b, the least recently used
	if _, ok := c.get("b"); ok {
		t.Fatal("b survived")
	}
	c.put("a", 4)
	if v, _ := c.get("a"); v != 4 {
		t.Fatalf("a = %d after an update", v)
	}
	if v, ok := c.get("c"); !ok || v != 3 {
		t.Fatalf("c = %d, %v", v, ok)
	}
}
