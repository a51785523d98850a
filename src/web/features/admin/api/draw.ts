import type { DrawImportResult, DrawPreview } from '#shared/schemas/admin'
import { api, unwrap, whenOnline } from '#web/lib/api-client'

// The draw import (docs/product.md "Importing a draw"): the file goes up as the multipart field `file`, which the
// typed client does not build for a route without a validator, so the body is passed as is.
function fileForm(file: File): { init: RequestInit } {
  const form = new FormData()
  form.append('file', file)
  return { init: { body: form } }
}

/** POST …/draw/preview: what importing the file would do; the server writes nothing. */
export function previewDrawFile(tournamentId: string, file: File): Promise<DrawPreview> {
  return unwrap(
    api.api.admin.tournaments[':id'].draw.preview.$post(
      { param: { id: tournamentId } },
      fileForm(file),
    ),
  )
}

/** POST …/draw/import: writes the draw in one transaction, or nothing (400 problems, 409 blocked). */
export function importDrawFile(tournamentId: string, file: File): Promise<DrawImportResult> {
  return whenOnline(() =>
    unwrap(
      api.api.admin.tournaments[':id'].draw.import.$post(
        { param: { id: tournamentId } },
        fileForm(file),
      ),
    ),
  )
}

/** GET …/draw.csv: the stored draw in the import's format, as a download. */
export function drawExportPath(tournamentId: string): string {
  return api.api.admin.tournaments[':id']['draw.csv'].$path({ param: { id: tournamentId } })
}
