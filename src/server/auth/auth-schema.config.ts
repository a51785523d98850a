// Only for the schema generator (never imported by the app):
//   npx -y auth@1.6.33 generate --config src/server/auth/auth-schema.config.ts \
//     --output src/server/db/auth-schema.ts --yes
// The adapter is a stub: the generator only asks it for the provider and the schema shape.
import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { authSchemaOptions, createAuthPlugins } from './auth-schema-options'

export const auth = betterAuth({
  ...authSchemaOptions,
  database: drizzleAdapter({}, { provider: 'pg' }),
  plugins: createAuthPlugins(),
})
