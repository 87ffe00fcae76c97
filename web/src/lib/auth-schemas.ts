// Only ever imported through loadAuthSchemas(): zod and this contract load on first use, so the
// sign-in page's first load carries none of zod. The rules and messages are the gateway's own.
export { loginInput } from '@shop/contracts';
