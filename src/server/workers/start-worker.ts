// Starting a worker thread from a module of the server. When the server runs from source (tsx,
// vitest) the worker is the TypeScript file beside its caller; when it runs built, it is an entry
// of its own next to the server's bundle (vite.server.config.ts lists each one).
import { Worker } from 'node:worker_threads'

/**
 * `source`: the worker's TypeScript module, `new URL('x-worker.ts', import.meta.url)` in the
 * caller; `built`: its file name in dist/server.
 */
export function startModuleWorker(source: URL, built: string): Worker {
  if (source.href.endsWith('.ts') && import.meta.url.endsWith('.ts')) {
    // A worker does not inherit the loader that runs TypeScript: it registers tsx itself.
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}) })`
    return new Worker(bootstrap, { eval: true })
  }
  return new Worker(new URL(built, import.meta.url))
}
