// What a sign-up records of the fan besides the account: the language and the browser's time zone
// their mails will use (docs/product.md "Mail preferences, unsubscribing and deadline reminders").
// Kept with the accounts so that auth imports no feature; the preferences feature reads the row.
import type { Language } from '#shared/schemas/auth'
import type { Database, Transaction } from '#server/db/client'
import { userPreferences } from '#server/db/schema'

/** Written with the confirmation mail; a row the fan already has is left as it is. */
export async function recordSignUpPreferences(
  executor: Database | Transaction,
  userId: string,
  { locale, timeZone }: { locale: Language; timeZone: string | null },
): Promise<void> {
  await executor.insert(userPreferences).values({ userId, locale, timeZone }).onConflictDoNothing()
}
