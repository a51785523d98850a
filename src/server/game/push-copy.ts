// What each push says, in the fan's language (docs/product.md "The app on a phone: push notifications, installing, offline"). Short: a phone shows a title
// and about two lines. Spanish speaks of "pronóstico" and "cuadro", never of bets.
import type { Language } from '#shared/schemas/auth'

const LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es-ES' }

// A drain writes thousands of texts in two languages and a handful of zones: each formatter is
// built once per process.
const numberFormats = new Map<Language, Intl.NumberFormat>()
const timeFormats = new Map<string, Intl.DateTimeFormat>()

export function formatCoins(lang: Language, coins: number): string {
  let format = numberFormats.get(lang)
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang])
    numberFormats.set(lang, format)
  }
  return format.format(coins)
}

/** "18:30" in the fan's zone (UTC, named, when they have none or it is unknown here). */
export function formatTime(lang: Language, at: Date, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC'
  const key = `${lang}|${zone}`
  let format = timeFormats.get(key)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(LOCALES[lang], {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: zone,
      })
    } catch {
      return `${formatTime(lang, at, 'UTC')} UTC`
    }
    timeFormats.set(key, format)
  }
  return timeZone === null ? `${format.format(at)} UTC` : format.format(at)
}

export const PUSH_COPY = {
  en: {
    deadline: {
      title: (tournament: string) => `2 hours left: ${tournament}`,
      body: (time: string) => `Predictions close at ${time}. You have not made yours yet.`,
      secondChanceTitle: (tournament: string) => `2 hours left: second chance of ${tournament}`,
      secondChanceBody: (time: string) => `The second chance closes at ${time}.`,
      lateTitle: (time: string, tournament: string) => `Closes at ${time}: ${tournament}`,
      secondChanceLateTitle: (time: string, tournament: string) =>
        `Closes at ${time}: second chance of ${tournament}`,
    },
    result: {
      title: (winner: string) => `${winner} won`,
      correct: (correct: number, decided: number, tournament: string) =>
        `Your pick is correct: ${correct} of ${decided} so far · ${tournament}`,
      wrong: (correct: number, decided: number, tournament: string) =>
        `Your pick missed: ${correct} of ${decided} right so far · ${tournament}`,
    },
    payout: {
      title: (coins: string) => `You won ${coins} coins`,
      body: (tournament: string, correct: number, total: number) =>
        `${tournament}: ${correct} of ${total} picks right.`,
    },
    refund: {
      title: (coins: string) => `${coins} coins refunded`,
      body: (tournament: string) => `${tournament} was cancelled: your entry fee is back.`,
    },
    leagueJoined: {
      title: (league: string) => `New member in ${league}`,
      body: (fan: string) => `${fan} joined your league.`,
    },
    leagueNudge: {
      title: (league: string) => `${league} is waiting for you`,
      body: (fan: string, tournament: string) =>
        `${fan} reminds you to make your prediction for ${tournament}.`,
    },
    secondChance: {
      title: (tournament: string) => `Second chance: ${tournament}`,
      body: (coins: string) =>
        `Predict the quarterfinals, semifinals and final again for ${coins} coins.`,
    },
    seasonRecap: {
      title: (year: string) => `Your ${year} in padel`,
      body: (season: string) => `${season} is over: see your recap and share it.`,
    },
  },
  es: {
    deadline: {
      title: (tournament: string) => `Quedan 2 horas: ${tournament}`,
      body: (time: string) =>
        `Los pronósticos se cierran a las ${time}. Todavía no has hecho el tuyo.`,
      secondChanceTitle: (tournament: string) =>
        `Quedan 2 horas: segunda oportunidad de ${tournament}`,
      secondChanceBody: (time: string) => `La segunda oportunidad se cierra a las ${time}.`,
      lateTitle: (time: string, tournament: string) => `Se cierra a las ${time}: ${tournament}`,
      secondChanceLateTitle: (time: string, tournament: string) =>
        `Se cierra a las ${time}: segunda oportunidad de ${tournament}`,
    },
    result: {
      title: (winner: string) => `Ganaron ${winner}`,
      correct: (correct: number, decided: number, tournament: string) =>
        `Tu pronóstico acierta: ${correct} de ${decided} por ahora · ${tournament}`,
      wrong: (correct: number, decided: number, tournament: string) =>
        `Tu pronóstico falla: ${correct} de ${decided} aciertos por ahora · ${tournament}`,
    },
    payout: {
      title: (coins: string) => `Has ganado ${coins} monedas`,
      body: (tournament: string, correct: number, total: number) =>
        `${tournament}: ${correct} de ${total} aciertos.`,
    },
    refund: {
      title: (coins: string) => `${coins} monedas devueltas`,
      body: (tournament: string) => `${tournament} se ha cancelado: te devolvemos la inscripción.`,
    },
    leagueJoined: {
      title: (league: string) => `Nuevo miembro en ${league}`,
      body: (fan: string) => `${fan} se ha unido a tu liga.`,
    },
    leagueNudge: {
      title: (league: string) => `${league} te espera`,
      body: (fan: string, tournament: string) =>
        `${fan} te recuerda que hagas tu pronóstico de ${tournament}.`,
    },
    secondChance: {
      title: (tournament: string) => `Segunda oportunidad: ${tournament}`,
      body: (coins: string) =>
        `Vuelve a pronosticar cuartos, semifinales y final por ${coins} monedas.`,
    },
    seasonRecap: {
      title: (year: string) => `Tu ${year} en el pádel`,
      body: (season: string) => `${season} ha terminado: mira tu resumen y compártelo.`,
    },
  },
} as const
