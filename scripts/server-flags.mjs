// The Node flags the server runs with: `npm start` (scripts/start.mjs) passes them, and the list
// benchmark starts a checkout's server with that checkout's flags, so that it measures what users run.
//   --v8-pool-size=1         one V8 background thread instead of four: each of them compiles
//                            PGlite's WebAssembly and collects garbage in bursts, and keeps its own
//                            malloc arena afterwards (~40 MB idle on PGlite; docs/benchmarks.md, stop 25)
//   --max-semi-space-size=4  a young generation of 4 MB semi-spaces, not up to 16: after a burst of
//                            requests the larger one stays resident (~25 MB idle)
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--v8-pool-size=1',
  '--max-semi-space-size=4',
];
