// The admin area's routes, every page of it downloaded on first visit (the router mounts them
// under /admin behind RequireAdmin).
import type { RouteObject } from 'react-router'
import { page } from './lazy-page'

export const adminRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('./routes/admin/home'),
      (m) => m.AdminHomePage,
    ),
  },
  {
    path: 'tournaments',
    lazy: page(
      () => import('./routes/admin/tournaments'),
      (m) => m.AdminTournamentsPage,
    ),
  },
  ...['tournaments/new', 'tournaments/:id/edit'].map((path) => ({
    path,
    lazy: page(
      () => import('./routes/admin/tournament-form'),
      (m) => m.AdminTournamentFormPage,
    ),
  })),
  {
    path: 'tournaments/:id/results',
    lazy: page(
      () => import('./routes/admin/tournament-results'),
      (m) => m.AdminTournamentResultsPage,
    ),
  },
  {
    path: 'tournaments/:id/draw',
    lazy: page(
      () => import('./routes/admin/tournament-draw'),
      (m) => m.AdminTournamentDrawPage,
    ),
  },
  {
    path: 'seasons',
    lazy: page(
      () => import('./routes/admin/seasons'),
      (m) => m.AdminSeasonsPage,
    ),
  },
  {
    path: 'teams',
    lazy: page(
      () => import('./routes/admin/teams'),
      (m) => m.AdminTeamsPage,
    ),
  },
  ...['teams/new', 'teams/:id/edit'].map((path) => ({
    path,
    lazy: page(
      () => import('./routes/admin/team-form'),
      (m) => m.AdminTeamFormPage,
    ),
  })),
  {
    path: 'matches',
    lazy: page(
      () => import('./routes/admin/matches'),
      (m) => m.AdminMatchesPage,
    ),
  },
  ...['matches/new', 'matches/:id/edit'].map((path) => ({
    path,
    lazy: page(
      () => import('./routes/admin/match-form'),
      (m) => m.AdminMatchFormPage,
    ),
  })),
  {
    path: 'players',
    lazy: page(
      () => import('./routes/admin/players'),
      (m) => m.AdminPlayersPage,
    ),
  },
  ...['players/new', 'players/:id/edit'].map((path) => ({
    path,
    lazy: page(
      () => import('./routes/admin/player-form'),
      (m) => m.AdminPlayerFormPage,
    ),
  })),
  {
    path: 'users',
    lazy: page(
      () => import('./routes/admin/users'),
      (m) => m.AdminUsersPage,
    ),
  },
  {
    path: 'wallets',
    lazy: page(
      () => import('./routes/admin/wallets'),
      (m) => m.AdminWalletsPage,
    ),
  },
  {
    path: 'audit',
    lazy: page(
      () => import('./routes/admin/audit'),
      (m) => m.AdminAuditPage,
    ),
  },
  {
    path: 'mail-outbox',
    lazy: page(
      () => import('./routes/admin/mail-outbox'),
      (m) => m.AdminMailOutboxPage,
    ),
  },
  {
    path: 'settings',
    lazy: page(
      () => import('./routes/admin/settings'),
      (m) => m.AdminSettingsPage,
    ),
  },
  {
    path: 'logout',
    lazy: async () => {
      const { adminLogoutLoader, AdminLogoutPage } = await import('./routes/admin/logout')
      return { loader: adminLogoutLoader, Component: AdminLogoutPage }
    },
  },
  {
    path: '*',
    lazy: page(
      () => import('./routes/admin/not-found'),
      (m) => m.AdminNotFoundPage,
    ),
  },
]
