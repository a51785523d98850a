import { createBrowserRouter, type RouteObject } from 'react-router'
import { publicStatsQueryOptions } from '#web/features/landing/api/get-public-stats'
import { queryClient } from '#web/lib/query-client'
import { adminRoutes } from './admin-routes'
import { GuestOnly, RequireAdmin, RequireUser } from './guards'
import { PublicLayout } from './layouts/public-layout'
import { BootFallback, RootLayout } from './layouts/root-layout'
import { page } from './lazy-page'
import { LandingPage } from './routes/landing'
import { NotFoundPage } from './routes/not-found'
import { RouteError } from './routes/route-error'

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: BootFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'admin',
        Component: RequireAdmin,
        children: [
          {
            lazy: page(
              () => import('./layouts/admin-layout'),
              (m) => m.AdminLayout,
            ),
            children: adminRoutes,
          },
        ],
      },
      {
        Component: PublicLayout,
        children: [
          {
            Component: GuestOnly,
            children: [
              {
                index: true,
                Component: LandingPage,
                // Start the stats request with the navigation, not after the first render.
                loader: () => {
                  void queryClient.prefetchQuery(publicStatsQueryOptions)
                  return null
                },
              },
              {
                path: 'login',
                lazy: page(
                  () => import('./routes/login'),
                  (m) => m.LoginPage,
                ),
              },
              {
                path: 'register',
                lazy: page(
                  () => import('./routes/register'),
                  (m) => m.RegisterPage,
                ),
              },
              {
                path: 'forgot-password',
                lazy: page(
                  () => import('./routes/forgot-password'),
                  (m) => m.ForgotPasswordPage,
                ),
              },
            ],
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('./routes/reset-password'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'email-confirmation',
            lazy: page(
              () => import('./routes/email-confirmation'),
              (m) => m.EmailConfirmationPage,
            ),
          },
          {
            // For everyone: the landing page that also shows these sections is guests-only.
            path: 'about',
            lazy: page(
              () => import('./routes/about'),
              (m) => m.AboutPage,
            ),
          },
          {
            // Opened from the link in a mail; the signed token is enough, no sign-in (decision 100).
            path: 'unsubscribe',
            lazy: page(
              () => import('./routes/unsubscribe'),
              (m) => m.UnsubscribePage,
            ),
          },
          {
            path: 'email-sent',
            lazy: page(
              () => import('./routes/email-sent'),
              (m) => m.EmailSentPage,
            ),
          },
          {
            // For everyone, signed in or not: the link a fan shares (docs/product.md "Sharing a bracket").
            path: 'share/:shareId',
            lazy: page(
              () => import('./routes/share'),
              (m) => m.SharePage,
            ),
          },
          {
            // For everyone, signed in or not: a fan's season card (docs/product.md "Seasons").
            path: 'season-share/:shareId',
            lazy: page(
              () => import('./routes/season-share'),
              (m) => m.SeasonSharePage,
            ),
          },
          {
            // For everyone: an invite link; a visitor signs up or in and comes back (decision 107).
            path: 'leagues/join/:code',
            lazy: page(
              () => import('./routes/league-join'),
              (m) => m.LeagueJoinPage,
            ),
          },
          {
            path: 'dev/mailbox',
            lazy: page(
              () => import('./routes/dev-mailbox'),
              (m) => m.DevMailboxPage,
            ),
          },
          {
            Component: RequireUser,
            children: [
              {
                path: 'dashboard',
                lazy: page(
                  () => import('./routes/dashboard'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: 'tournaments',
                lazy: page(
                  () => import('./routes/tournaments'),
                  (m) => m.TournamentsPage,
                ),
              },
              {
                // The installed app's shortcut to the next open tournament (docs/product.md "The app on a phone: push notifications, installing, offline").
                path: 'tournaments/next',
                lazy: page(
                  () => import('./routes/next-tournament'),
                  (m) => m.NextTournamentPage,
                ),
              },
              {
                path: 'tournament/:id',
                lazy: page(
                  () => import('./routes/tournament-detail'),
                  (m) => m.TournamentDetailPage,
                ),
              },
              {
                path: 'tournaments/:id/standings',
                lazy: page(
                  () => import('./routes/tournament-standings'),
                  (m) => m.TournamentStandingsPage,
                ),
              },
              {
                path: 'my-brackets',
                lazy: page(
                  () => import('./routes/my-brackets'),
                  (m) => m.MyBracketsPage,
                ),
              },
              {
                path: 'tournaments/:id/brackets/:username',
                lazy: page(
                  () => import('./routes/fan-bracket'),
                  (m) => m.FanBracketPage,
                ),
              },
              {
                path: 'tournaments/:id/compare/:username',
                lazy: page(
                  () => import('./routes/compare-brackets'),
                  (m) => m.CompareBracketsPage,
                ),
              },
              {
                path: 'leaderboard',
                lazy: page(
                  () => import('./routes/leaderboard'),
                  (m) => m.LeaderboardPage,
                ),
              },
              {
                path: 'seasons/:id',
                lazy: page(
                  () => import('./routes/season'),
                  (m) => m.SeasonPage,
                ),
              },
              {
                path: 'seasons/:id/me',
                lazy: page(
                  () => import('./routes/my-season'),
                  (m) => m.MySeasonPage,
                ),
              },
              {
                path: 'leagues',
                lazy: page(
                  () => import('./routes/leagues'),
                  (m) => m.LeaguesPage,
                ),
              },
              {
                path: 'leagues/:id',
                lazy: page(
                  () => import('./routes/league'),
                  (m) => m.LeaguePage,
                ),
              },
              {
                path: 'notifications',
                lazy: page(
                  () => import('./routes/notifications'),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: 'profile',
                lazy: page(
                  () => import('./routes/profile'),
                  (m) => m.ProfilePage,
                ),
              },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
