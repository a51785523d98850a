import { defineConfig } from 'vite'

// Bundles the Node server into dist/server/index.js; dependencies stay external (node_modules).
export default defineConfig({
  publicDir: false,
  // The #domain/, #shared/, #server/ aliases of tsconfig.json (decision 116).
  resolve: { tsconfigPaths: true },
  build: {
    ssr: 'src/server/index.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
})
