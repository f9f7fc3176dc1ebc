package commands

import (
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"

	"rtrbot/engine/board"
	"rtrbot/i18n"
	"rtrbot/render"
)

// mapCache keeps the PNG pictures drawn lately, so that a picture asked
// again (the same view of the same position, with the same trails, crop
// and language: a segment's map, /map asked by several players) is drawn
// once and its bytes reused. A picture is known by what it is drawn from:
// the situation the renderer is given (its digest), the kind of picture,
// the crop, the language and the map; two requests that would draw the
// same bytes share them, whatever game or moment they come from, and a
// request that would draw anything else is never given them.
//
// It holds at most mapCacheBytes of pictures, the least lately used going
// first. It has its own lock, held only to look up and store, never while
// drawing and never with a game's lock: a picture being drawn is waited
// for by those asking for the same one, and nobody else. The zero value
// is ready to use.
type mapCache struct {
	mu       sync.Mutex
	byKey    map[mapKey]*list.Element // of *mapEntry
	lru      list.List                // front: used last
	bytes    int
	drawing  map[mapKey]*mapDrawing
	drawn    atomic.Int64 // pictures drawn (asked and not found)
	reused   atomic.Int64 // pictures given from the cache
	maxBytes int          // 0: mapCacheBytes
}

// mapCacheBytes bounds the pictures kept: a whole map is 0.5-0.7 MB, a
// crop some tens of KB, so some forty whole maps.
const mapCacheBytes = 24 << 20

type mapKey struct {
	m       *board.Map
	lang    i18n.Lang
	kind    string // "situation", "overview-400"...
	cropped bool
	crop    render.Crop
	digest  [sha256.Size]byte
}

type mapEntry struct {
	key mapKey
	png []byte
}

type mapDrawing struct {
	done chan struct{}
	png  []byte
	err  error
}

// mapKeyOf is the key of a picture of kind drawn from sit.
func mapKeyOf(m *board.Map, lang i18n.Lang, kind string, sit *render.Situation, crop *render.Crop) (mapKey, error) {
	data, err := json.Marshal(sit)
	if err != nil {
		return mapKey{}, err
	}
	k := mapKey{m: m, lang: lang, kind: kind, digest: sha256.Sum256(data)}
	if crop != nil {
		k.cropped, k.crop = true, *crop
	}
	return k, nil
}

// situation is draw's picture of sit, from the cache when it was drawn
// already. The bytes returned are shared: nobody may change them.
func (c *mapCache) situation(m *board.Map, lang i18n.Lang, kind string, sit *render.Situation, crop *render.Crop, draw func() ([]byte, error)) ([]byte, error) {
	k, err := mapKeyOf(m, lang, kind, sit, crop)
	if err != nil {
		return draw() // not a situation the cache can know: drawn each time
	}
	return c.picture(k, draw)
}

func (c *mapCache) picture(k mapKey, draw func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if e, ok := c.byKey[k]; ok {
		c.lru.MoveToFront(e)
		c.mu.Unlock()
		c.reused.Add(1)
		return e.Value.(*mapEntry).png, nil
	}
	if d, ok := c.drawing[k]; ok { // being drawn: wait for it
		c.mu.Unlock()
		<-d.done
		if d.err == nil {
			c.reused.Add(1)
		}
		return d.png, d.err
	}
	if c.drawing == nil {
		c.drawing = map[mapKey]*mapDrawing{}
	}
	d := &mapDrawing{done: make(chan struct{}), err: fmt.Errorf("the picture's drawing failed")}
	c.drawing[k] = d
	c.mu.Unlock()
	// A drawing that panics leaves its waiters an error, and no entry.
	defer func() {
		c.mu.Lock()
		delete(c.drawing, k)
		if d.err == nil {
			c.store(k, d.png)
		}
		c.mu.Unlock()
		close(d.done)
	}()
	c.drawn.Add(1)
	d.png, d.err = draw()
	return d.png, d.err
}

// store keeps png under k and drops the least lately used beyond the
// bound (c.mu held).
func (c *mapCache) store(k mapKey, png []byte) {
	limit := c.maxBytes
	if limit == 0 {
		limit = mapCacheBytes
	}
	if len(png) > limit {
		return
	}
	if c.byKey == nil {
		c.byKey = map[mapKey]*list.Element{}
	}
	c.byKey[k] = c.lru.PushFront(&mapEntry{key: k, png: png})
	c.bytes += len(png)
	for c.bytes > limit {
		last := c.lru.Back()
		e := last.Value.(*mapEntry)
		c.lru.Remove(last)
		delete(c.byKey, e.key)
		c.bytes -= len(e.png)
	}
}
