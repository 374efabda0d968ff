/**
 * The annual update's public surface (docs/architecture.md, "Backend contexts"): what other contexts read of a
 * campaign (my data, privacy requests, the progression's guard) and the paced sending (the messages reuse it).
 * Other contexts import this file only (eslint/backend-walls.js).
 */
export { getCampaign, getCampaignLock, getParticipant } from './campaign-repository';
export { campaignHistoryChanges, readCampaignHistory } from './parent-merge';
export type { CampaignHistory } from './parent-merge';
export { getPendingChange } from './review-repository';
export { createThrottle } from './throttle';
export { defaultSendDeps, type SendDeps } from './send-deps';
export { usableUpdateLink } from './token-repository';
