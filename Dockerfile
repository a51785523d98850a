# Production image: the built app on Node 20, dev dependencies pruned, run as the unprivileged
# `node` user. Configuration comes from the environment (compose.yaml, .env.production.example);
# NODE_ENV=production makes the server refuse to start without DATABASE_URL, SMTP_URL,
# BETTER_AUTH_SECRET and PUBLIC_URL.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# package.json marks dist/server/index.js as an ES module; drizzle/ holds the migrations run at start.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
USER node
EXPOSE 3000
# Node has fetch built in; the slim image has no curl or wget.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The README's production start command (README.md, "Production").
CMD ["node", "dist/server/index.js"]
