import type { ClaimId } from './packages.ts';

/**
 * The claims the studio has checked and stands behind, by the id `npm run check:launch` gives each: a claim listed
 * here is no longer listed to confirm. Take an id out again when its claim changes (a new price, a slower reply).
 */
export const confirmedClaims: readonly ClaimId[] = [];
