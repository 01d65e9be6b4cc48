package remote

import "sync"

// drainer is the Start and Drain of a tcell.Tty that reads from a
// channel rather than a file: Drain wakes a Read waiting for input, and
// Read returns nothing until Start. The zero value waits, as after a
// Start.
type drainer struct {
	mu      sync.Mutex
	drained chan struct{} // closed by Drain, made again by Start
}

// Start makes Read wait for input again.
func (d *drainer) Start() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.drained == nil {
		d.drained = make(chan struct{})
	}
	select {
	case <-d.drained:
		d.drained = make(chan struct{})
	default:
	}
	return nil
}

// Drain wakes a Read waiting for input: it returns nothing until Start.
func (d *drainer) Drain() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.drained == nil {
		d.drained = make(chan struct{})
	}
	select {
	case <-d.drained:
	default:
		close(d.drained)
	}
	return nil
}

// done returns the channel that Drain closes.
func (d *drainer) done() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.drained == nil {
		d.drained = make(chan struct{})
	}
	return d.drained
}
