import { Plus, Trophy } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { canSetMvp } from '#domain/tournament/tournament'
import type { AdminTournament } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { Alert } from '#web/components/ui/alert'
import { Button, ButtonLink } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { ResponsiveList } from '#web/components/responsive-list'
import { useDateFormat, useDecimalFormat, useNumberFormat } from '#web/lib/format'
import { StatusBadge } from '#web/components/ui/status-badge'
import { useAdminTournaments } from '../api/tournaments'
import { useAdminDialog } from './admin-dialog'
import { EditLink, LoadError, LoadingBlock } from './admin-ui'
import { DrawImportLink } from './draw-import-link'
import { ResultsLink } from './results-link'
import { TournamentDates } from './tournament-dates'
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
  if (!canSetMvp(tournament.status, tournament.settlementStage)) {
    return <span className="text-muted">{t('admin.tournaments.noMvp')}</span>
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

/**
 * /admin/tournaments: Name and status, Dates, Prize, MVP, Actions — the most consequential action
 * (Settle, Cancel) first, so it is never the one pushed out of view.
 */
export function TournamentsList() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const decimal = useDecimalFormat()
  const date = useDateFormat({ dateStyle: 'medium' })
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
      <ResponsiveList
        testId="tournaments-table"
        itemTestId="tournament-row"
        caption={t('admin.tournaments.title')}
        tableFrom="lg"
        items={query.data.tournaments}
        itemKey={(tournament) => tournament.id}
        primary={{
          key: 'name',
          header: t('admin.tournaments.columns.name'),
          cell: (tournament) => (
            <span className="flex flex-col items-start gap-1">
              <span className="font-semibold">{tournament.name}</span>
              <StatusBadge status={tournament.status} />
            </span>
          ),
          phoneCell: (tournament) => tournament.name,
        }}
        itemName={(tournament) => tournament.name}
        phoneColumns={[
          {
            key: 'status',
            header: t('admin.tournaments.columns.status'),
            cell: (tournament) => <StatusBadge status={tournament.status} />,
            phone: 'figure',
          },
          {
            key: 'start',
            header: t('admin.tournaments.columns.dates'),
            cell: (tournament) => (
              <time dateTime={tournament.startDate}>
                {date.format(new Date(tournament.startDate))}
              </time>
            ),
          },
          {
            key: 'pool',
            header: t('admin.tournaments.columns.prize'),
            cell: (tournament) =>
              t('admin.common.coins', { amount: number.format(tournament.basePool) }),
          },
        ]}
        columns={[
          {
            key: 'dates',
            header: t('admin.tournaments.columns.dates'),
            cell: (tournament) => <TournamentDates tournament={tournament} />,
            phone: 'details',
          },
          {
            key: 'money',
            header: t('admin.tournaments.columns.prize'),
            className: 'whitespace-nowrap tabular-nums',
            phone: 'details',
            cell: (tournament) => (
              <>
                <span className="block">
                  {t('admin.common.coins', { amount: number.format(tournament.basePool) })}
                </span>
                <span className="block text-xs text-muted">
                  {t('admin.tournaments.entryFee', {
                    amount: number.format(tournament.entryFee),
                  })}{' '}
                  ·{' '}
                  {t('admin.tournaments.multiplier', {
                    value: decimal.format(tournament.multiplier),
                  })}
                </span>
              </>
            ),
          },
          {
            key: 'mvp',
            header: t('admin.tournaments.columns.mvp'),
            phone: 'details',
            cell: (tournament) => (
              <MvpCell
                tournament={tournament}
                onSetMvp={(chosen) => {
                  setNotice(null)
                  setPicking(chosen)
                }}
              />
            ),
          },
        ]}
        actions={{
          header: t('admin.common.actions'),
          cell: (tournament) => (
            <span className="flex flex-wrap items-center gap-1">
              <TournamentActions
                tournament={tournament}
                dialog={dialog}
                onDone={(message) => setNotice(message)}
              />
              {tournament.matchCount > 0 && <ResultsLink tournament={tournament} />}
              {!tournament.isSettled && tournament.status !== 'cancelled' && (
                <DrawImportLink tournament={tournament} />
              )}
              {tournament.matchCount === 0 &&
                !tournament.isSettled &&
                tournament.status !== 'cancelled' && (
                  <GenerateBracketAction
                    tournament={tournament}
                    dialog={dialog}
                    onDone={(message) => setNotice(message)}
                  />
                )}
              <EditLink to={`/admin/tournaments/${tournament.id}/edit`} name={tournament.name} />
            </span>
          ),
        }}
      />
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
