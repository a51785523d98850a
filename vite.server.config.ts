import { defineConfig } from 'vite'

// Bundles the Node server into dist/server/index.js and its card-drawing worker into
// dist/server/card-worker.js; dependencies stay external (node_modules).
export default defineConfig({
  publicDir: false,
  // The #domain/, #shared/, #server/ aliases of tsconfig.json (decision 116).
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rolldownOptions: {
      // The card-drawing workers' module (src/server/images/card-drawer.ts), an entry of its own
      // beside the server's: dist/server/card-worker.js.
      input: {
        index: 'src/server/index.ts',
        'card-worker': 'src/server/images/card-worker.ts',
      },
      output: { entryFileNames: '[name].js' },
    },
  },
})
