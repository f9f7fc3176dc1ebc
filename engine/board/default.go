package board

import (
	"embed"
	"io/fs"
	"sync"
)

// data holds the generated map (cmd/mapgen) and its hand corrections.
//
//go:embed data/*.tsv
var data embed.FS

var (
	defaultOnce sync.Once
	defaultMap  *Map
	defaultErr  error
)

// Default loads the embedded map, once; callers share it and must not
// change it.
func Default() (*Map, error) {
	defaultOnce.Do(func() {
		sub, err := fs.Sub(data, "data")
		if err != nil {
			defaultErr = err
			return
		}
		defaultMap, defaultErr = Load(sub)
	})
	return defaultMap, defaultErr
}
