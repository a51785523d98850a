import { UsersList } from '#web/features/admin/components/users-list'

export function AdminUsersPage() {
  return <UsersList />
}
