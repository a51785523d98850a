import { NotFoundPage } from '../not-found'

export function AdminNotFoundPage() {
  return <NotFoundPage homePath="/admin" />
}
