import type { ComponentType } from 'react'

/**
 * A route whose module is downloaded on first visit. Only the shell, the guards and the landing
 * page (the usual first paint) are in the initial bundle; the admin area is entirely lazy.
 */
export function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) })
}
