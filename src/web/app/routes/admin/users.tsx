import { UsersList } from '../../../features/admin/components/users-list'

export function AdminUsersPage() {
  return <UsersList />
}
