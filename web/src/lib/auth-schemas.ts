// Only ever imported through loadAuthSchemas(): zod and these contracts load on first use, so the
// sign-in page's first load carries none of zod. The rules and messages are the gateway's own.
export { loginInput, sessionUser } from '@shop/contracts';
