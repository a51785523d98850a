import { describe, expect, it } from 'vitest'
import {
  clearWizardDraft,
  hasWizardDraft,
  readWizardDraft,
  wizardDraftKey,
  writeWizardDraft,
  type DraftStorage,
  type WizardDraft,
} from './wizard-draft'

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

const blocked: DraftStorage = {
  getItem: () => {
    throw new Error('SecurityError')
  },
  setItem: () => {
    throw new Error('QuotaExceededError')
  },
  removeItem: () => {
    throw new Error('SecurityError')
  },
}

const draft: WizardDraft = {
  picks: { 'r16-1': 't1', 'qf-1': 't1' },
  mvpPlayerId: null,
  finalTotalGames: 27,
  step: 'quarterfinal',
}

describe('wizard drafts: picks in progress kept per user and tournament', () => {
  it('reads back what was written, for that user and tournament only', () => {
    const storage = memoryStorage()
    writeWizardDraft('u1', 'tA', draft, storage)
    expect(readWizardDraft('u1', 'tA', storage)).toEqual(draft)
    expect(hasWizardDraft('u1', 'tA', storage)).toBe(true)
    expect(readWizardDraft('u1', 'tB', storage)).toBeNull()
    expect(readWizardDraft('u2', 'tA', storage)).toBeNull()
    expect(hasWizardDraft('u2', 'tA', storage)).toBe(false)
  })

  it('forgets a draft once placed, and stores nothing for an empty one', () => {
    const storage = memoryStorage()
    writeWizardDraft('u1', 'tA', draft, storage)
    clearWizardDraft('u1', 'tA', storage)
    expect(readWizardDraft('u1', 'tA', storage)).toBeNull()
    writeWizardDraft('u1', 'tA', draft, storage)
    writeWizardDraft(
      'u1',
      'tA',
      { picks: {}, mvpPlayerId: null, finalTotalGames: null, step: 'round16' },
      storage,
    )
    expect(storage.items.size).toBe(0)
  })

  it('ignores anything in the slot that is not a draft', () => {
    const storage = memoryStorage()
    const key = wizardDraftKey('u1', 'tA')
    for (const junk of ['{', '[]', '{"picks":{"a":1}}', '{"picks":{},"mvpPlayerId":3}', 'null']) {
      storage.items.set(key, junk)
      expect(readWizardDraft('u1', 'tA', storage)).toBeNull()
    }
    storage.items.set(key, JSON.stringify({ ...draft, step: 'review' }))
    expect(readWizardDraft('u1', 'tA', storage)).toEqual({ ...draft, step: 'round16' })
    // A draft kept before the tiebreaker was asked: none yet.
    const { finalTotalGames: _older, ...older } = draft
    storage.items.set(key, JSON.stringify(older))
    expect(readWizardDraft('u1', 'tA', storage)).toEqual({ ...draft, finalTotalGames: null })
  })

  it('works without storage (private mode): nothing kept, nothing thrown', () => {
    expect(() => writeWizardDraft('u1', 'tA', draft, blocked)).not.toThrow()
    expect(readWizardDraft('u1', 'tA', blocked)).toBeNull()
    expect(() => clearWizardDraft('u1', 'tA', blocked)).not.toThrow()
    expect(hasWizardDraft('u1', 'tA', undefined)).toBe(false)
  })
})
