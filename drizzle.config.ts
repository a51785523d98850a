import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes SQL migrations into drizzle/ (committed); no database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
  strict: true,
})
