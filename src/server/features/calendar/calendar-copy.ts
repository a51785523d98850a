// What the calendars say, in the fan's language (docs/product.md "Calendars").
import type { Language } from '#shared/schemas/auth'

export const CALENDAR_COPY = {
  en: {
    feedName: 'Golden Point',
    tournamentName: (tournament: string) => `${tournament} · Golden Point`,
    deadline: (tournament: string) => `Predictions close: ${tournament}`,
    deadlineText: (tournament: string, link: string) =>
      `Last moment to make or change your prediction for ${tournament}: ${link}`,
    deadlineAlarm: (tournament: string) => `2 hours left to predict ${tournament}`,
    secondChance: (tournament: string) => `Second chance closes: ${tournament}`,
    secondChanceText: (tournament: string, link: string) =>
      `Last moment to enter the second chance of ${tournament}: ${link}`,
    secondChanceAlarm: (tournament: string) =>
      `2 hours left for the second chance of ${tournament}`,
    dates: (tournament: string) => tournament,
    datesText: (link: string) => `Follow the results and your bracket: ${link}`,
    rounds: {
      round16: 'Round of 16',
      quarterfinal: 'Quarterfinal',
      semifinal: 'Semifinal',
      final: 'Final',
    },
    match: (round: string, pairs: string) => `${round}: ${pairs}`,
    matchText: (tournament: string, pick: string, link: string) =>
      `${tournament}. Your pick: ${pick}. Follow it live: ${link}`,
  },
  es: {
    feedName: 'Golden Point',
    tournamentName: (tournament: string) => `${tournament} · Golden Point`,
    deadline: (tournament: string) => `Cierre de pronósticos: ${tournament}`,
    deadlineText: (tournament: string, link: string) =>
      `Último momento para hacer o cambiar tu pronóstico de ${tournament}: ${link}`,
    deadlineAlarm: (tournament: string) => `Quedan 2 horas para pronosticar ${tournament}`,
    secondChance: (tournament: string) => `Cierre de la segunda oportunidad: ${tournament}`,
    secondChanceText: (tournament: string, link: string) =>
      `Último momento para entrar en la segunda oportunidad de ${tournament}: ${link}`,
    secondChanceAlarm: (tournament: string) =>
      `Quedan 2 horas para la segunda oportunidad de ${tournament}`,
    dates: (tournament: string) => tournament,
    datesText: (link: string) => `Sigue los resultados y tu cuadro: ${link}`,
    rounds: {
      round16: 'Octavos',
      quarterfinal: 'Cuartos',
      semifinal: 'Semifinal',
      final: 'Final',
    },
    match: (round: string, pairs: string) => `${round}: ${pairs}`,
    matchText: (tournament: string, pick: string, link: string) =>
      `${tournament}. Tu pronóstico: ${pick}. Síguelo en directo: ${link}`,
  },
} as const satisfies Record<Language, unknown>
