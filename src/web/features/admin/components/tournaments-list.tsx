import { Plus, Trophy } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminTournament } from '../../../../shared/schemas/admin'
import { PageContainer } from '../../../components/page-container'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { useDateFormat, useDecimalFormat, useNumberFormat } from '../../../lib/format'
import { useAdminTournaments } from '../api/tournaments'
import { useAdminDialog } from './admin-dialog'
import { AdminTable, EditLink, LoadError, LoadingBlock, StatusBadge, cellClasses } from './admin-ui'
import { GenerateBracketAction } from './generate-bracket-action'
import { MvpPicker } from './mvp-picker'
import { TournamentActions } from './tournament-actions'

function MvpCell({
  tournament,
  onSetMvp,
}: {
  tournament: AdminTournament
  onSetMvp: (tournament: AdminTournament) => void
}) {
  const { t } = useTranslation()
  if (tournament.status !== 'completed') {
    return <span className="text-muted">{t('admin.tournaments.notCompleted')}</span>
  }
  if (tournament.mvpPlayerId) {
    return (
      <span className="flex flex-col">
        <span className="font-semibold text-success">{t('admin.tournaments.mvpSet')}</span>
        {tournament.mvpPlayerName && (
          <span className="text-xs text-muted">{tournament.mvpPlayerName}</span>
        )}
      </span>
    )
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="text-muted">{t('admin.tournaments.noMvp')}</span>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('admin.tournaments.setMvpFor', { name: tournament.name })}
        onClick={() => onSetMvp(tournament)}
      >
        {t('admin.tournaments.setMvp')}
      </Button>
    </span>
  )
}

/** /admin/tournaments: Name, Status, Dates, Prize, Bet Limits, MVP, Actions. */
export function TournamentsList() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const decimal = useDecimalFormat()
  const date = useDateFormat({ dateStyle: 'medium' })
  const dateTime = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const query = useAdminTournaments()
  const [picking, setPicking] = useState<AdminTournament | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const dialog = useAdminDialog()

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.tournaments.length === 0) {
    body = <EmptyState icon={Trophy}>{t('admin.tournaments.empty')}</EmptyState>
  } else {
    body = (
      <AdminTable
        testId="tournaments-table"
        caption={t('admin.tournaments.title')}
        head={[
          t('admin.tournaments.columns.name'),
          t('admin.tournaments.columns.status'),
          t('admin.tournaments.columns.dates'),
          t('admin.tournaments.columns.prize'),
          t('admin.tournaments.columns.betLimits'),
          t('admin.tournaments.columns.mvp'),
          t('admin.common.actions'),
        ]}
      >
        {query.data.tournaments.map((tournament) => (
          <tr key={tournament.id} data-testid="tournament-row">
            <td className={`${cellClasses} font-semibold`}>{tournament.name}</td>
            <td className={cellClasses}>
              <StatusBadge status={tournament.status} />
            </td>
            <td className={`${cellClasses} whitespace-nowrap`}>
              <time dateTime={tournament.startDate}>
                {date.format(new Date(tournament.startDate))}
              </time>
              <span className="block text-xs text-muted">
                {t('admin.tournaments.bettingUntil', {
                  date: dateTime.format(new Date(tournament.bettingDeadline)),
                })}
              </span>
            </td>
            <td className={`${cellClasses} whitespace-nowrap tabular-nums`}>
              {t('admin.common.coins', { amount: number.format(tournament.basePool) })}
            </td>
            <td className={`${cellClasses} whitespace-nowrap`}>
              <span className="block">
                {t('admin.tournaments.entryFee', { amount: number.format(tournament.entryFee) })}
              </span>
              <span className="block text-xs text-muted">
                {t('admin.tournaments.multiplier', {
                  value: decimal.format(tournament.multiplier),
                })}
              </span>
            </td>
            <td className={cellClasses}>
              <MvpCell
                tournament={tournament}
                onSetMvp={(chosen) => {
                  setNotice(null)
                  setPicking(chosen)
                }}
              />
            </td>
            <td className={cellClasses}>
              <span className="flex flex-wrap items-center gap-1">
                <EditLink to={`/admin/tournaments/${tournament.id}/edit`} name={tournament.name} />
                {tournament.matchCount === 0 &&
                  !tournament.isSettled &&
                  tournament.status !== 'cancelled' && (
                    <GenerateBracketAction
                      tournament={tournament}
                      dialog={dialog}
                      onDone={(message) => setNotice(message)}
                    />
                  )}
                <TournamentActions
                  tournament={tournament}
                  dialog={dialog}
                  onDone={(message) => setNotice(message)}
                />
              </span>
            </td>
          </tr>
        ))}
      </AdminTable>
    )
  }

  return (
    <PageContainer
      title={t('admin.tournaments.title')}
      description={t('admin.tournaments.description')}
      intro={t('admin.tournaments.description')}
      actions={
        <ButtonLink to="/admin/tournaments/new" variant="primary">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.tournaments.add')}
        </ButtonLink>
      }
    >
      {notice && (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      )}
      {body}
      {dialog.element}
      {picking && (
        <MvpPicker
          tournament={picking}
          onClose={() => setPicking(null)}
          onSaved={(playerName) => {
            setNotice(t('admin.tournaments.mvpSaved', { player: playerName, name: picking.name }))
            setPicking(null)
          }}
        />
      )}
    </PageContainer>
  )
}
