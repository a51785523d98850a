// The seasons' public entry for other features (decision 155): a fan's season, read by the
// season share card (share/season-share.service.ts).
export { getMySeason } from './my-season.service'
export type { SeasonShareIds } from './season-share-ids'
