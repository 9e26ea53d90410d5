// Vitest runs outside Next's react-server graph, where `import "server-only"` would throw; this
// empty stand-in lets unit tests import server modules. Next itself still enforces the boundary.
export {};
