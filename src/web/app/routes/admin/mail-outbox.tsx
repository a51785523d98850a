import { MailOutboxList } from '../../../features/admin/components/mail-outbox-list'

export function AdminMailOutboxPage() {
  return <MailOutboxList />
}
