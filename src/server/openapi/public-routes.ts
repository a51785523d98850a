// The visitors' and fans' routes, as the OpenAPI document describes them (docs/decisions/160).
// A route mounted in src/server/app.ts and missing here fails openapi.routes.test.ts.
import type { RouteGroup } from './documented-route'
import { COMMUNITY_ROUTE_GROUPS } from './community-routes'
import { FAN_ROUTE_GROUPS } from './fan-routes'
import { TOURNAMENT_ROUTE_GROUPS } from './tournament-routes'

export const PUBLIC_ROUTE_GROUPS: RouteGroup[] = [
  ...TOURNAMENT_ROUTE_GROUPS,
  ...FAN_ROUTE_GROUPS,
  ...COMMUNITY_ROUTE_GROUPS,
]
