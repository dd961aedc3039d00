//go:build !wasm

package e2e

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"sync"
)

// siteConfig serves the site's web/config.js, the deployment settings a site's host may edit
// (app/config.go), with the settings a test sets added on top: e.g. a takeoverAfter of a few
// seconds, where a real site waits 90 s before offering to continue a game without its host.
type siteConfig struct {
	site   string
	served http.Handler // the site as it is
	mu     sync.Mutex
	set    map[string]string
}

// setConfig adds settings to the config.js of the pages opened from now on.
func (h *harness) setConfig(settings map[string]string) {
	h.config.mu.Lock()
	defer h.config.mu.Unlock()
	h.config.set = settings
}

func (c *siteConfig) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	set := c.set
	c.mu.Unlock()
	if len(set) == 0 {
		c.served.ServeHTTP(w, r)
		return
	}
	body, err := os.ReadFile(filepath.Join(c.site, "web", "config.js"))
	extra, err2 := json.Marshal(set)
	if err != nil || err2 != nil {
		http.Error(w, "no config.js", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(append(body, "Object.assign(window.safehouseConfig, "+string(extra)+");\n"...))
}
