import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '#tests/test-app'
import { useTestDatabase } from '#tests/test-database'

const INDEX_HTML =
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>'

function writeBuiltClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gp-client-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'locales', 'es'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), INDEX_HTML)
  writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log("app")')
  // As the build's precompress step (vite.config.ts) leaves it beside the file.
  writeFileSync(join(dir, 'assets', 'app-1a2b.js.br'), brotliCompressSync('console.log("app")'))
  writeFileSync(join(dir, 'locales', 'es', 'translation.json'), '{"hello":"hola"}')
  return dir
}

const asBrowser = { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }

describe('serving the built web app', () => {
  const database = useTestDatabase()
  const clientDir = writeBuiltClient()
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

  const request = (path: string, init?: RequestInit) =>
    createTestApp(database(), { clientDir }).app.request(path, init)

  it('serves index.html at / with no-cache and the CSP', async () => {
    const res = await request('/', asBrowser)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(INDEX_HTML)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
  })

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await request('/assets/app-1a2b.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/javascript/)
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })

  it('sends the precompressed file to browsers that accept it', async () => {
    const res = await request('/assets/app-1a2b.js', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(res.headers.get('Content-Encoding')).toBe('br')
    expect(res.headers.get('Vary')).toMatch(/Accept-Encoding/)
    expect(res.headers.get('Content-Type')).toMatch(/javascript/)
    const plain = await request('/assets/app-1a2b.js', { headers: { 'Accept-Encoding': 'gzip' } })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(await plain.text()).toBe('console.log("app")')
  })

  it('serves translation files', async () => {
    const res = await request('/locales/es/translation.json')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ hello: 'hola' })
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('answers page routes with the app shell for browsers', async () => {
    const res = await request('/tournament/42', asBrowser)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(INDEX_HTML)
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
  })

  it('still answers 404 for a missing file that is not a page', async () => {
    const res = await request('/assets/missing-9z.js', { headers: { Accept: '*/*' } })
    expect(res.status).toBe(404)
  })

  it('never answers an /api route with the app shell', async () => {
    const res = await request('/api/unknown', asBrowser)
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('NOT_FOUND')
  })

  it('refuses path traversal', async () => {
    for (const path of [
      '/../../../../etc/passwd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2f..%2fetc/passwd',
    ]) {
      const res = await request(path, asBrowser)
      expect(await res.text(), path).not.toContain('root:')
    }
  })

  it('is skipped when there is no built client', async () => {
    const { app } = createTestApp(database(), { clientDir: join(clientDir, 'missing') })
    const res = await app.request('/', asBrowser)
    expect(res.status).toBe(404)
  })
})
