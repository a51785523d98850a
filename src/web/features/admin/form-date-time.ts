// A form's local date and time inputs and the ISO instants the API speaks (tournament, match and
// second-chance forms).

/** Local date ("2026-03-12") and time ("18:30") to an ISO instant; blank date → ''. */
export function toIsoDateTime(date: string, time: string): string {
  if (date.trim() === '') return ''
  const local = new Date(`${date}T${time.trim() === '' ? '00:00' : time}`)
  return Number.isNaN(local.getTime()) ? `${date}T${time}` : local.toISOString()
}

const pad = (value: number) => String(value).padStart(2, '0')

/** An ISO instant to the local date and time shown in the form's inputs. */
export function fromIsoDateTime(iso: string): { date: string; time: string } {
  const value = new Date(iso)
  if (Number.isNaN(value.getTime())) return { date: '', time: '' }
  return {
    date: `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`,
    time: `${pad(value.getHours())}:${pad(value.getMinutes())}`,
  }
}
