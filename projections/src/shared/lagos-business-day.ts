// The shop's clock lives once, in the contracts the web app uses too.
export { lagosBusinessDay } from '@shop/contracts';
