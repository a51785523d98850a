// Wire contracts of the admin API (/api/admin/*, docs/architecture.md "HTTP API") and the public results routes.
// The input schemas are the admin forms' rules (docs/product.md "Validation", docs/product.md "Where we differ from the seed on purpose"): the web form and the
// server validate with the same schema, and the server enforces every rule again.
// One module per area under ./admin/; this file gathers them so importers name one path.
export * from './admin/accounts'
export * from './admin/bracket'
export * from './admin/draw'
export * from './admin/settlement'
export * from './admin/tournaments'
