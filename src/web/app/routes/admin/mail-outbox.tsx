import { MailOutboxList } from '#web/features/admin/components/mail-outbox-list'

export function AdminMailOutboxPage() {
  return <MailOutboxList />
}
