import { Search } from 'lucide-react'
import { TextField } from '#web/components/ui/text-field'

/** The search box above an admin list (users, wallets): a labelled search field with its icon. */
export function ListSearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <TextField
      className="w-full max-w-sm"
      label={label}
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      trailing={<Search aria-hidden="true" className="mr-3 size-4 text-muted" />}
    />
  )
}
