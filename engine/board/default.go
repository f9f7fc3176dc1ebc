package board

import "errors"

// Default loads the embedded map. Until the generated map data lands it
// returns an error that says so.
func Default() (*Map, error) {
	return nil, errors.New("the embedded map is not generated yet (run go run ./cmd/mapgen)")
}
