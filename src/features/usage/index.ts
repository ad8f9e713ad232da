// The usage feature's light public surface (the entry card's badge, the entry channel's
// patch). The panel, its map and the home-country form are imported by the pages that show
// them, so their strings and the map's chunk stay out of the first download.
export { applyLiveUsage } from './api/apply-live-usage';
export { RudeBadge } from './components/rude-badge';
