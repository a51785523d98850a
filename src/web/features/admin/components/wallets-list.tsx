import { LoaderCircle, SlidersHorizontal, Wallet } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminWallet, AdminWalletList } from '#shared/schemas/admin'
import { PageContainer } from '#web/components/page-container'
import { Pager } from '#web/components/pager'
import { ResponsiveList } from '#web/components/responsive-list'
import { RowIconButton } from '#web/components/responsive-list-rows'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'
import { useDebouncedValue } from '#web/lib/use-debounced-value'
import { useAdminWallets } from '../api/accounts'
import { ListSearchField } from './list-search-field'
import { LoadError, LoadingBlock } from './admin-ui'
import { WalletAdjustDialog } from './wallet-adjust-dialog'

/** The server is asked once typing pauses this long, not once per key. */
const SEARCH_DELAY_MS = 300

/**
 * /admin/wallets: a search over username and e-mail (on the server, debounced), a page of 25
 * wallets by e-mail with their balance and an Adjust action, and a pager.
 */
export function WalletsList() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const settled = useDebouncedValue(search.trim(), SEARCH_DELAY_MS)
  // The page belongs to the search it was chosen in: a new search starts on page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 })
  const page = paging.search === settled ? paging.page : 1
  const query = useAdminWallets({ search: settled, page })
  const [adjusting, setAdjusting] = useState<AdminWallet | null>(null)

  let body
  if (query.isPending) body = <LoadingBlock />
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />
  else if (query.data.wallets.length === 0) {
    body = (
      <>
        <EmptyState icon={Wallet}>
          {settled === ''
            ? t('admin.wallets.empty')
            : t('admin.wallets.noMatch', { search: settled })}
        </EmptyState>
        {/* A page emptied meanwhile (accounts deleted) still leads back. */}
        <WalletPager
          list={query.data}
          onPage={(next) => setPaging({ search: settled, page: next })}
        />
      </>
    )
  } else {
    body = (
      <div
        aria-busy={query.isPlaceholderData}
        className={cn(query.isPlaceholderData && 'opacity-60')}
      >
        <WalletRows wallets={query.data.wallets} onAdjust={setAdjusting} />
        <WalletPager
          list={query.data}
          onPage={(next) => setPaging({ search: settled, page: next })}
        />
      </div>
    )
  }

  return (
    <PageContainer
      title={t('admin.wallets.title')}
      description={t('admin.wallets.description')}
      intro={t('admin.wallets.description')}
    >
      <div role="search" className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-2">
        <ListSearchField
          label={t('admin.wallets.searchLabel')}
          placeholder={t('admin.wallets.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <p
          data-testid="wallets-total"
          role="status"
          className="flex min-h-11 items-center gap-2 text-sm font-semibold text-fg"
        >
          {/* While a new page or search loads, the previous answer's figures would not be its. */}
          {query.isPlaceholderData ? (
            <>
              <LoaderCircle
                aria-hidden="true"
                className="size-4 animate-spin text-brand motion-reduce:animate-none"
              />
              {t('admin.common.loading')}
            </>
          ) : (
            query.data &&
            (settled === ''
              ? t('admin.wallets.total', { count: query.data.total })
              : t('admin.wallets.matched', { count: query.data.matched }))
          )}
        </p>
      </div>
      {body}
      {adjusting && (
        <WalletAdjustDialog
          // A new dialog (and a new idempotency key) for every opening.
          key={adjusting.id}
          wallet={adjusting}
          onClose={() => setAdjusting(null)}
        />
      )}
    </PageContainer>
  )
}

function WalletRows({
  wallets,
  onAdjust,
}: {
  wallets: readonly AdminWallet[]
  onAdjust: (wallet: AdminWallet) => void
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <ResponsiveList
      testId="wallets-table"
      itemTestId="wallet-row"
      caption={t('admin.wallets.title')}
      items={wallets}
      itemKey={(wallet) => wallet.id}
      primary={{
        key: 'user',
        header: t('admin.wallets.columns.user'),
        cell: (wallet) => (
          <span className="min-w-0">
            <span className="block font-semibold break-words">{wallet.username}</span>
            <span className="block text-xs font-normal break-all text-muted">{wallet.email}</span>
          </span>
        ),
        phoneCell: (wallet) => wallet.username,
      }}
      columns={[
        {
          key: 'balance',
          header: t('admin.wallets.columns.balance'),
          cell: (wallet) => t('admin.common.coins', { amount: number.format(wallet.balance) }),
          className: 'font-semibold whitespace-nowrap tabular-nums',
          phone: 'figure',
        },
      ]}
      phoneColumns={[
        {
          key: 'email',
          header: t('admin.wallets.columns.email'),
          cell: (wallet) => <span className="break-all">{wallet.email}</span>,
        },
      ]}
      actions={{
        header: t('admin.common.actions'),
        cell: (wallet) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('admin.wallets.adjust.actionFor', { email: wallet.email })}
            onClick={() => onAdjust(wallet)}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {t('admin.wallets.adjust.action')}
          </Button>
        ),
        phone: (wallet) => (
          <RowIconButton
            icon={SlidersHorizontal}
            label={t('admin.wallets.adjust.actionFor', { email: wallet.email })}
            title={t('admin.wallets.adjust.action')}
            onClick={() => onAdjust(wallet)}
          />
        ),
      }}
    />
  )
}

/** The wallets' pager; a page emptied meanwhile (accounts deleted) still leads back. */
function WalletPager({ list, onPage }: { list: AdminWalletList; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  return (
    <Pager
      page={list.page}
      pages={Math.max(1, Math.ceil(list.matched / list.pageSize))}
      onPage={onPage}
      label={t('admin.wallets.pages')}
      testId="wallets-pager"
      className="mt-4"
    />
  )
}
