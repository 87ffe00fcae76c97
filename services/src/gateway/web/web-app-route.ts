/** The one route serving the web app: its files, and index.html for every other non-API GET. */
export const WEB_APP_ROUTE = '/*';
