package solver

// compCache holds enumerated components by key, so that analyses of
// views that differ in one place (the look-ahead) share the work on the
// parts that did not change. Analyzers may share one.
type compCache struct {
	m    map[string]*component
	pool []*component
	gen  uint64 // the current move; see advance
}

// newComponent returns a component from the pool or a new one.
func (cc *compCache) newComponent() *component {
	if len(cc.pool) > 0 {
		c := cc.pool[len(cc.pool)-1]
		cc.pool = cc.pool[:len(cc.pool)-1]
		return c
	}
	return &component{}
}

// advance starts a new move: it keeps the exact components used in the
// last move, which consecutive positions mostly share, and forgets the
// others. Approximate components are forgotten too, since they depend on
// the budget left when they were made; exact ones depend only on their key.
func (cc *compCache) advance() {
	for k, c := range cc.m {
		if c.gen != cc.gen || !c.exact {
			cc.pool = append(cc.pool, c)
			delete(cc.m, k)
		}
	}
	cc.gen++
}

// reset forgets cached components; their memory goes back to the pool.
func (cc *compCache) reset() {
	for k, c := range cc.m {
		cc.pool = append(cc.pool, c)
		delete(cc.m, k)
	}
}

// resetCache forgets the cached components.
func (an *analyzer) resetCache() {
	if an.cache != nil {
		an.cache.reset()
	}
}

// solve returns the component made of the given boxes: the cached one
// when the same problem was enumerated before, or a new one, enumerated
// and cached.
func (an *analyzer) solve(boxes []int32) (*component, error) {
	key := an.compKey(boxes)
	if c, ok := an.cache.m[string(key)]; ok { // no copy of the key to look up
		c.gen = an.cache.gen
		return c, nil
	}
	c := an.cache.newComponent()
	c.key = string(key)
	c.boxes = append(c.boxes[:0], boxes...)
	c.sizes = c.sizes[:0]
	c.ncells = 0
	for _, b := range boxes {
		s := len(an.boxes[b].cells)
		c.sizes = append(c.sizes, s)
		c.ncells += s
	}
	if err := an.en.enumerate(an, c); err != nil {
		return nil, err
	}
	if an.cache.m == nil {
		an.cache.m = make(map[string]*component)
	}
	c.gen = an.cache.gen
	an.cache.m[c.key] = c
	return c, nil
}

// compKey returns a key that identifies a component's problem: its
// cells, box by box, and the numbers on it. Equal keys have equal
// solutions, so the key indexes the cache. It lives in an.keyBuf until
// the next call.
func (an *analyzer) compKey(boxes []int32) []byte {
	k := an.keyBuf[:0]
	put := func(v int32) { k = append(k, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
	put(int32(an.mines))
	for _, b := range boxes {
		bx := &an.boxes[b]
		put(int32(len(bx.cells)))
		for _, c := range bx.cells {
			put(c)
		}
		put(int32(len(bx.cons)))
		for _, c := range bx.cons {
			// The number's position and value identify it.
			put(int32(an.cons[c].need))
			put(an.cons[c].cell)
		}
	}
	an.keyBuf = k
	return k
}
