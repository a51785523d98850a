// A notification's words in the reader's language, from its kind and figures (the server stores
// no text). Numbers go through the shared formatters.
import type { TFunction } from 'i18next'
import type { Notification } from '#shared/schemas/notification'

export interface NotificationText {
  title: string
  body: string
}

export function notificationText(
  notification: Notification,
  t: TFunction,
  formatNumber: (value: number) => string,
): NotificationText {
  const values = {
    tournament: notification.tournament?.name ?? t('notifications.aTournament'),
    coins: formatNumber(notification.coins ?? 0),
    correct: formatNumber(notification.correct ?? 0),
    total: formatNumber(notification.total ?? 0),
    tier: notification.tier ? t(`prize.tier_names.${notification.tier}`) : '',
    league: notification.league?.name ?? t('notifications.aLeague'),
    fan: notification.fan ?? t('notifications.aFan'),
    season: notification.season?.name ?? '',
  }
  return {
    title: t(`notifications.kinds.${notification.kind}.title`, values),
    body: t(`notifications.kinds.${notification.kind}.body`, values),
  }
}
