//go:build !unix

package store

// lockImport takes no lock where there is no flock: two processes may
// then both import a file, step by step, which keeps each game once all
// the same (each step reads the position under the write lock).
func lockImport(path string) (unlock func(), ok bool, err error) {
	return func() {}, true, nil
}
