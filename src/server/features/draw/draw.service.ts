// Importing a draw: the preview says what would happen and writes nothing; the import writes the
// same plan in one transaction, audited, and changes nothing when the draw is already the file's
// (docs/decisions/140, docs/product.md "Importing a draw").
import {
  isDrawUnchanged,
  planDraw,
  type DrawPlan,
  type PlannedPlayer,
} from '#domain/draw/draw-plan'
import { readDrawRows, type DrawColumn } from '#domain/draw/draw-rows'
import type { DrawImportResult, DrawPreview, DrawPreviewRow } from '#shared/schemas/admin'
import { type Database, type Executor } from '#server/db/client'
import { appErrorBecause } from '#server/errors'
import { writeAudit } from '#server/game/audit'
import { loadDrawCatalogue, readDrawState } from './draw-catalogue'
import { readDrawFile, type DrawFile } from './draw-file'
import { writeDrawPlan } from './draw-write'

async function planFile(tx: Executor, tournamentId: string, file: DrawFile) {
  const { entries, problems } = readDrawRows(file.records)
  return planDraw(entries, problems, await loadDrawCatalogue(tx, tournamentId))
}

export async function previewDraw(
  db: Database,
  { tournamentId, bytes }: { tournamentId: string; bytes: Uint8Array },
): Promise<DrawPreview> {
  const { blockedBy } = await readDrawState(db, tournamentId, { lock: false })
  const file = readDrawFile(bytes)
  const plan = await planFile(db, tournamentId, file)
  return {
    format: file.format,
    encoding: file.encoding,
    rows: previewRows(file, plan),
    problems: [...plan.problems],
    summary: plan.summary,
    isUnchanged: isDrawUnchanged(plan),
    blockedBy,
    canImport: plan.problems.length === 0 && blockedBy === null,
  }
}

export async function importDraw(
  db: Database,
  { actorId, tournamentId, bytes }: { actorId: string; tournamentId: string; bytes: Uint8Array },
): Promise<DrawImportResult> {
  const file = readDrawFile(bytes)
  return db.transaction(async (tx) => {
    const { blockedBy } = await readDrawState(tx, tournamentId, { lock: true })
    if (blockedBy !== null) throw appErrorBecause('CONFLICT', blockedBy)
    const plan = await planFile(tx, tournamentId, file)
    if (plan.problems.length > 0) {
      throw appErrorBecause('VALIDATION_FAILED', 'DRAW_HAS_PROBLEMS', { problems: plan.problems })
    }
    if (isDrawUnchanged(plan)) return { changed: false, summary: plan.summary }
    const written = await writeDrawPlan(tx, tournamentId, plan)
    await writeAudit(tx, {
      actorId,
      action: 'import_draw',
      entity: 'tournament',
      entityId: tournamentId,
      after: { format: file.format, summary: plan.summary, ...written },
    })
    return { changed: true, summary: plan.summary }
  })
}

function previewRows(file: DrawFile, plan: DrawPlan): DrawPreviewRow[] {
  return plan.pairs.map((pair, index) => {
    const cells: Partial<Record<DrawColumn, string>> = {}
    for (const [column, cell] of Object.entries(file.records[index]?.cells ?? {})) {
      cells[column as DrawColumn] = typeof cell === 'string' ? cell : ''
    }
    return {
      row: pair.row,
      cells,
      seed: pair.seed,
      player1: playerOutcome(pair.players[0]),
      player2: playerOutcome(pair.players[1]),
      pair: { action: pair.pairId === null ? 'create' : 'reuse', pairId: pair.pairId },
      matchNumber: Math.ceil(pair.row / 2),
    }
  })
}

function playerOutcome(player: PlannedPlayer): DrawPreviewRow['player1'] {
  return {
    ...player.entry,
    action: player.playerId === null ? 'create' : 'reuse',
    playerId: player.playerId,
    changes: [...player.changes],
  }
}
