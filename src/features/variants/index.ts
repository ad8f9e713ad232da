// The variants feature's public surface for other features and the app.
export { applyLiveVariants } from './api/apply-live-variants';
export { useLinkVariant } from './api/link-variant';
export { useUnlinkVariant } from './api/unlink-variant';
export { ElsewhereSection } from './components/elsewhere-section';
