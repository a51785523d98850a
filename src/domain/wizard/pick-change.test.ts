import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  indexBracket,
  nextMatchNumber,
  nextRound,
  pickOf,
  predictedMatchups,
  type MatchRef,
  type Picks,
} from '#domain/bracket/bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  randomBetArb,
} from '#domain/bracket/bracket-fixtures'
import { changePick, isBracketPredictable, keepValidPicks, restoreWizardState } from './pick-change'
import { applyMvp, createWizardState, mvpCandidates } from './wizard'

const { matches, teams } = makeTournament()
// Every match won by its first pair: t1 is champion through r16-1, qf-1, sf-1 and the final; the
// other half sends t9 through r16-5, qf-3 and sf-2.
const full = applyMvp(createWizardState(matches, completePicks(matches)), 'p1a', teams)

describe('changePick clears only the picks that depended on the changed one', () => {
  it('clears nothing when the old winner went no further (the pick of the next match was the other pair)', () => {
    // r16-8's winner t15 lost qf-4 to t13 in this bracket.
    const change = changePick(full, 'r16-8', 't16')
    expect(change.cleared).toEqual([])
    expect(change.clearedMvpPlayerId).toBeNull()
    expect(change.state.picks).toEqual({ ...full.picks, 'r16-8': 't16' })
    expect(change.state.mvpPlayerId).toBe('p1a')
  })

  it('clears the later picks of the old winner in the other half of the draw, and keeps the MVP', () => {
    const change = changePick(full, 'r16-7', 't14')
    expect(change.cleared).toEqual([
      { matchId: 'qf-4', round: 'quarterfinal', matchNumber: 4, teamId: 't13' },
    ])
    expect(change.clearedMvpPlayerId).toBeNull()
    expect(change.state.mvpPlayerId).toBe('p1a')
    expect(Object.keys(change.state.picks)).toHaveLength(14)
    expect(change.state.picks['sf-2']).toBe('t9')
    expect(change.state.picks['final-1']).toBe('t1')
  })

  it("clears the champion's whole path and the MVP when the champion's first match changes", () => {
    const change = changePick(full, 'r16-1', 't2')
    expect(change.cleared.map((pick) => pick.matchId)).toEqual(['qf-1', 'sf-1', 'final-1'])
    expect(change.cleared.every((pick) => pick.teamId === 't1')).toBe(true)
    expect(change.clearedMvpPlayerId).toBe('p1a')
    expect(change.state.mvpPlayerId).toBeNull()
    // The other half and the rest of the champion's half stay.
    for (const kept of ['qf-2', 'qf-3', 'qf-4', 'sf-2'] as const) {
      expect(change.state.picks[kept]).toBe(full.picks[kept])
    }
  })

  it('clears only the MVP when the final pick changes', () => {
    const change = changePick(full, 'final-1', 't9')
    expect(change.cleared).toEqual([])
    expect(change.clearedMvpPlayerId).toBe('p1a')
    expect(change.state.picks['final-1']).toBe('t9')
    expect(mvpCandidates(change.state, teams)).toEqual(['p9a', 'p9b'])
  })

  it('keeps the MVP when the champion stays, even if a semifinal changes on the other side', () => {
    const change = changePick(full, 'sf-2', 't13')
    expect(change.cleared).toEqual([])
    expect(change.state.mvpPlayerId).toBe('p1a')
  })

  it('returns the same state and clears nothing for a repeat or a pick that is not allowed', () => {
    for (const [matchId, teamId] of [
      ['r16-1', 't1'],
      ['r16-1', 't3'],
      ['nope', 't1'],
    ] as const) {
      const change = changePick(full, matchId, teamId)
      expect(change.state).toBe(full)
      expect(change.cleared).toEqual([])
      expect(change.clearedMvpPlayerId).toBeNull()
    }
  })

  it('does not report stale picks that were never valid as cleared (it drops them quietly)', () => {
    const state = createWizardState(matches, { gone: 't1', 'qf-1': 't1' })
    const change = changePick(state, 'r16-1', 't1')
    expect(change.cleared).toEqual([])
    expect(change.state.picks).toEqual({ 'r16-1': 't1' })
  })
})

/** The matches a match's winner goes on to, in round order (the next one, then its next …). */
function downstreamOf(all: readonly MatchRef[], matchId: string): string[] {
  const index = indexBracket(all)
  const ids: string[] = []
  let match = index.byId.get(matchId)
  while (match) {
    const round = nextRound(match.round)
    if (round === null) break
    match = index.playable.find(
      (m) => m.round === round && m.matchNumber === nextMatchNumber(match!.matchNumber),
    )
    if (match) ids.push(match.id)
  }
  return ids
}

describe('changePick properties', () => {
  it('clears exactly the later picks of the old winner on its path; everything else stays', () => {
    fc.assert(
      fc.property(randomBetArb, fc.nat(14), fc.boolean(), (bet, at, keepMvp) => {
        const { matches: all, teams: allTeams } = bet.tournament
        const before = createWizardState(all, bet.picks, keepMvp ? bet.mvpPlayerId : null)
        const target = predictedMatchups(all, before.picks)[at]!
        const oldWinner = target.winnerTeamId!
        const newWinner = target.team1Id === oldWinner ? target.team2Id! : target.team1Id!
        const change = changePick(before, target.matchId, newWinner)

        const path = new Set(downstreamOf(all, target.matchId))
        const expected = Object.keys(before.picks).filter(
          (id) => path.has(id) && pickOf(before.picks, id) === oldWinner,
        )
        expect(change.cleared.map((pick) => pick.matchId).sort()).toEqual(expected.sort())
        for (const pick of change.cleared) expect(pick.teamId).toBe(oldWinner)

        // Nothing else is lost or altered, and everything left is a valid pick.
        const after: Picks = change.state.picks
        expect(after[target.matchId]).toBe(newWinner)
        for (const [id, team] of Object.entries(before.picks)) {
          if (id === target.matchId || expected.includes(id)) continue
          expect(pickOf(after, id)).toBe(team)
        }
        expect(Object.keys(after)).toHaveLength(15 - expected.length)
        expect(keepValidPicks(all, after)).toEqual(after)

        // The MVP stays exactly when the champion stays.
        const championStays = !expected.includes(finalId(all)) && target.round !== 'final'
        expect(change.state.mvpPlayerId).toBe(keepMvp && championStays ? bet.mvpPlayerId : null)
        expect(change.clearedMvpPlayerId).toBe(keepMvp && !championStays ? bet.mvpPlayerId : null)
        if (change.state.mvpPlayerId !== null) {
          expect(mvpCandidates(change.state, allTeams)).toContain(change.state.mvpPlayerId)
        }
      }),
    )
  })

  it('undo is the state before the change: changing back restores the changed pick only', () => {
    fc.assert(
      fc.property(randomBetArb, fc.nat(14), (bet, at) => {
        const before = createWizardState(bet.tournament.matches, bet.picks, bet.mvpPlayerId)
        const target = predictedMatchups(before.matches, before.picks)[at]!
        const other = target.team1Id === target.winnerTeamId ? target.team2Id! : target.team1Id!
        const change = changePick(before, target.matchId, other)
        const back = changePick(change.state, target.matchId, target.winnerTeamId!)
        // Picking the old winner again does not bring the cleared picks back: that is what the
        // wizard's undo (the state before the change) is for.
        expect(back.cleared).toEqual([])
        expect(Object.keys(back.state.picks)).toHaveLength(15 - change.cleared.length)
      }),
    )
  })
})

function finalId(all: readonly MatchRef[]): string {
  return all.find((match) => match.round === 'final')!.id
}

describe('restoreWizardState (picks kept in the browser)', () => {
  it('restores a valid draft as it was', () => {
    const state = restoreWizardState(matches, full.picks, 'p1a', teams)
    expect(state.picks).toEqual(full.picks)
    expect(state.mvpPlayerId).toBe('p1a')
  })

  it('drops picks the draw no longer allows, and an MVP outside the champion', () => {
    const redrawn = patchMatch(matches, 'r16-1', { team1Id: 't17', team2Id: 't2' })
    const state = restoreWizardState(redrawn, { ...full.picks, gone: 't3' }, 'p1a', teams)
    expect(state.picks['r16-1']).toBeUndefined()
    expect(state.picks['qf-1']).toBeUndefined()
    expect(state.picks['gone']).toBeUndefined()
    expect(state.picks['qf-2']).toBe('t5')
    expect(state.mvpPlayerId).toBeNull()
    expect(restoreWizardState(matches, full.picks, 'p9a', teams).mvpPlayerId).toBeNull()
    expect(restoreWizardState(matches, {}, 'p1a', teams).mvpPlayerId).toBeNull()
  })
})

describe('isBracketPredictable', () => {
  it('needs a draw that can produce a champion', () => {
    expect(isBracketPredictable(matches)).toBe(true)
    expect(isBracketPredictable([])).toBe(false)
    expect(isBracketPredictable(patchMatch(matches, 'r16-8', { team2Id: null }))).toBe(false)
    expect(isBracketPredictable(matches.filter((match) => match.round === 'round16'))).toBe(false)
  })
})
