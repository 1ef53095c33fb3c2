import type { Schemas } from './api-client';

/**
 * The client's monthly policy fee in a priced quote: their premium less their covers' (a rider's
 * price is in its cover's). The server charges it once per policy, so a client with no cover
 * offered pays none. Worked in pence so the rows shown add up to the total exactly. The
 * application's pages and Qi's indicative price both show it.
 */
export function policyFee(priced: Schemas['QuoteApplicant']): number {
  const pence = (pounds: number) => Math.round(pounds * 100);
  return (pence(priced.premium) - priced.quoteCovers.reduce((sum, cover) => sum + pence(cover.premium), 0)) / 100;
}
