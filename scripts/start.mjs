#!/usr/bin/env node
// `npm start`: build the app when the sources are newer than the build, then run the server
// in this process (so signals reach it directly). Migrations and demo data run at server start.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale, root } from './build-if-stale.mjs'

buildIfStale()
await import(pathToFileURL(join(root, 'dist/server/index.js')).href)
