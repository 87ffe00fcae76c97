/** The sign-in form's schema from the contracts, fetched on first use (see auth-schemas.ts). */
export const loadAuthSchemas = () => import('./auth-schemas');
