import { Hono, type Context } from 'hono'
import { DRAW_FILE_MAX_BYTES } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { AppError, appErrorBecause } from '#server/errors'
import { exportDrawCsv } from './draw-export'
import { importDraw, previewDraw } from './draw.service'

/** The two routes that take the draw file (app.ts lets multipart and 1 MiB through to them). */
export const DRAW_UPLOAD_PATH = /^\/api\/admin\/tournaments\/[^/]+\/draw\/(preview|import)$/
/** The upload's body: the file and the multipart envelope around it. */
export const DRAW_UPLOAD_MAX_BYTES = DRAW_FILE_MAX_BYTES + 64 * 1024

/** /api/admin/tournaments/:id/draw… (the admin check is made by the parent router). */
export function createDrawRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .post('/:id/draw/preview', async (c) => {
      const bytes = await readUploadedFile(c)
      return c.json(await previewDraw(db, { tournamentId: c.req.param('id'), bytes }), 200)
    })
    .post('/:id/draw/import', async (c) => {
      const bytes = await readUploadedFile(c)
      const input = { actorId: c.var.user.id, tournamentId: c.req.param('id'), bytes }
      return c.json(await importDraw(db, input), 200)
    })
    .get('/:id/draw.csv', async (c) => {
      const { csv } = await exportDrawCsv(db, c.req.param('id'))
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="draw.csv"',
      })
    })
}

/** The bytes of the multipart field `file`; 400 DRAW_FILE_MISSING for anything else. */
async function readUploadedFile(c: Context<AppEnv>): Promise<Uint8Array> {
  const contentType = c.req.header('Content-Type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw appErrorBecause('VALIDATION_FAILED', 'DRAW_FILE_MISSING')
  }
  let file: unknown
  try {
    file = (await c.req.parseBody())['file']
  } catch {
    // A broken multipart envelope.
    throw appErrorBecause('VALIDATION_FAILED', 'DRAW_FILE_MISSING')
  }
  if (!(file instanceof Blob)) throw appErrorBecause('VALIDATION_FAILED', 'DRAW_FILE_MISSING')
  if (file.size > DRAW_FILE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The draw file exceeds ${DRAW_FILE_MAX_BYTES} bytes.`)
  }
  return new Uint8Array(await file.arrayBuffer())
}
