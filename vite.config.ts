import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { createServer, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { LANDING_SHELL_SCRIPT_HASH } from './src/server/middleware/security-headers'
import {
  LANDING_SHELL_SCRIPT,
  LANDING_SHELL_TEMPLATE_ID,
} from './src/web/shell/landing-shell-script'
import type { renderLandingShell } from './src/web/shell/render-landing-shell'

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/
// Below about one network packet compression saves nothing worth a second file.
const MIN_BYTES = 1024

/**
 * Writes `.br` and `.gz` beside every text file of the build, which the server sends to browsers
 * that accept them (serveStatic's `precompressed`). Compressed once here at the highest levels,
 * the landing page's scripts cross a slow mobile network in a third of the time.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'golden-point:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle() {
      for (const file of listFiles(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue
        const content = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
      }
    },
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

const ROOT_ELEMENT = '<div id="root"></div>'

/**
 * Puts the landing page's first screen into index.html, so that its largest paint needs only the
 * HTML and the CSS, not the scripts, translations and a React render (bench/README.md § web). The
 * markup is rendered here with react-dom/server from the real components and locale files, one
 * inert <template> per language; a hashed inline script moves the visitor's into #root on `/`.
 */
function landingShell(): Plugin {
  return {
    name: 'golden-point:landing-shell',
    apply: 'build',
    transformIndexHtml: {
      // After Vite's own pass, which would otherwise treat the shell's markup as the page's.
      order: 'post',
      async handler(html) {
        const hash = `'sha256-${createHash('sha256').update(LANDING_SHELL_SCRIPT).digest('base64')}'`
        if (hash !== LANDING_SHELL_SCRIPT_HASH) {
          throw new Error(
            `The landing shell script changed: set LANDING_SHELL_SCRIPT_HASH to ${hash} in src/server/middleware/security-headers.ts`,
          )
        }
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html must contain ${ROOT_ELEMENT}`)
        const templates = await renderShellTemplates()
        return html.replace(
          ROOT_ELEMENT,
          `${ROOT_ELEMENT}\n${templates}\n    <script>${LANDING_SHELL_SCRIPT}</script>`,
        )
      },
    },
  }
}

async function renderShellTemplates(): Promise<string> {
  // A throwaway dev server only to load the TSX components in Node.
  const server = await createServer({
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { tsconfigPaths: true },
  })
  try {
    const { renderLandingShell: render } = (await server.ssrLoadModule(
      '/src/web/shell/render-landing-shell.tsx',
    )) as { renderLandingShell: typeof renderLandingShell }
    return (['es', 'en'] as const)
      .map((language) => {
        const file = join('public', 'locales', language, 'translation.json')
        const translation = JSON.parse(readFileSync(file, 'utf8')) as object
        const markup = render(language, translation)
        return `    <template id="${LANDING_SHELL_TEMPLATE_ID}${language}">${markup}</template>`
      })
      .join('\n')
  } finally {
    await server.close()
  }
}

/**
 * The service worker (src/web/sw/sw.ts, decision 134), built into dist/client/sw.js
 * with the list of the build's files to keep for offline use. The page registers it itself
 * (src/web/lib/service-worker.ts) after the first paint; the manifests are in public/.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/web/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}', 'locales/**/*.json'],
      // The built index.html already carries the landing shell; keep it exactly as served.
      dontCacheBustURLsMatching: /^assets\//,
    },
    devOptions: { enabled: false },
  })
}

// The browser app. The server (src/server) is built separately by vite.server.config.ts.
export default defineConfig({
  plugins: [react(), tailwindcss(), landingShell(), serviceWorker(), precompress()],
  publicDir: 'public',
  // The #domain/, #shared/, #web/ aliases of tsconfig.json (decision 116).
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false },
    },
  },
})
