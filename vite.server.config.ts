import { defineConfig } from 'vite'

// Bundles the Node server into dist/server/index.js and its worker threads' modules beside it
// (dist/server/card-worker.js, push-seal-worker.js); dependencies stay external (node_modules).
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
      // Each worker thread's module is an entry of its own beside the server's
      // (src/server/workers/start-worker.ts starts them).
      input: {
        index: 'src/server/index.ts',
        'card-worker': 'src/server/images/card-worker.ts',
        'push-seal-worker': 'src/server/features/push/push-seal-worker.ts',
      },
      output: { entryFileNames: '[name].js' },
    },
  },
})
