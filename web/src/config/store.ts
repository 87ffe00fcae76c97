export const STORE_NAME = 'Glow Beauty';
export const STORE_TAGLINE = 'Beauty & Cosmetics Store';
