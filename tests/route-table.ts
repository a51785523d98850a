// The real app's route table, for tests that must cover every route, including ones added later.
import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { inspectRoutes } from 'hono/dev'
import type { AppEnv } from '#server/app-env'

export interface ApiRoute {
  method: string
  /** As registered, with its parameters: /api/admin/tournaments/:id */
  path: string
}

const EVERY_METHOD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * Every endpoint of the app once per method and path (middleware left out). A route for ALL
 * methods (app.all) is listed once per method, so each of them is tried.
 */
export function listApiRoutes(app: Hono<AppEnv>): ApiRoute[] {
  const seen = new Set<string>()
  const routes: ApiRoute[] = []
  for (const route of inspectRoutes(app)) {
    if (route.isMiddleware) continue
    const methods = route.method === 'ALL' ? EVERY_METHOD : [route.method]
    for (const method of methods) {
      const key = `${method} ${route.path}`
      if (seen.has(key)) continue
      seen.add(key)
      routes.push({ method, path: route.path })
    }
  }
  return routes
}

/** The names of a route path's parameters: /a/:id/b/:userId{[0-9]+} → ['id', 'userId']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!)
}

/** A concrete URL for a route: every parameter a random UUID, a wildcard a plain segment. */
export function fillPath(path: string): string {
  return path.replace(/:\w+(\{[^}]*\})?\??/g, () => randomUUID()).replace(/\*/g, 'anything')
}

export const routeKey = ({ method, path }: ApiRoute) => `${method} ${path}`
