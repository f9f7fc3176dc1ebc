package discord

// Connected says whether the gateway connection is up: connected, and its
// heartbeats answered (the operator's /healthz).
func (a *Adapter) Connected() bool {
	a.s.RLock()
	defer a.s.RUnlock()
	return a.s.DataReady
}
