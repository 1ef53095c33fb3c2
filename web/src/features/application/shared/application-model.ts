/**
 * The application as the pages read it: the API's types, and what more than one page asks of
 * it (whether it can be priced, why it was not, a client's name).
 */
import type { Schemas } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { clientName } from '@/lib/client-name';
import { coverDecision, isLeftOut } from '@/lib/cover-decision';
import { productLabels } from '@/lib/cover-text';

export type Application = Schemas['Application'];
export type Applicant = Application['applicants'][number];
export type Cover = Schemas['Cover'];
export type CoverInput = Schemas['CoverInput'];
export type CoverError = Schemas['CoverError'];
export type ProductOffer = Schemas['ProductOffer'];
export type OfferedProduct = Schemas['OfferedProduct'];
export type RiderRules = Schemas['RiderRules'];
export type ProductType = Schemas['ProductType'];
export type CoverType = Schemas['CoverType'];
export type RiderType = Schemas['RiderType'];
export type DeferredPeriod = Schemas['DeferredPeriod'];
export type PaymentPeriod = Schemas['PaymentPeriod'];
export type AmountLimit = Schemas['AmountLimit'];

/** A cover's errors and its riders'. */
export function coverErrors(cover: Cover): CoverError[] {
  return [...cover.errors, ...cover.riders.flatMap((rider) => rider.errors)];
}

export { clientName };

export function productLabel(offer: ProductOffer | undefined, productType: ProductType): string {
  return offer?.products.find((product) => product.productType === productType)?.label ?? productLabels[productType];
}

/**
 * Why the server would not price: each field error with the client (and cover) it names, e.g.
 * "Client 2: Price needs at least one cover for both applicants".
 */
export function priceProblems(error: ApiError, application: Application, offer: ProductOffer | undefined): string[] {
  const messages = error.fieldErrors.map(({ field, message }) => {
    const match = /^applicants\[(\d+)\](?:\.covers\[(\d+)\])?/.exec(field);
    const index = match ? Number(match[1]) : -1;
    const applicant = application.applicants[index];
    if (!match || !applicant) return message;
    const cover = match[2] === undefined ? undefined : applicant.covers?.[Number(match[2])];
    const who = clientName(applicant, index);
    return cover ? `${who}, ${productLabel(offer, cover.productType)}: ${message}` : `${who}: ${message}`;
  });
  const unique = [...new Set(messages)];
  return unique.length > 0 ? unique : [error.message];
}


export { coverDecision, isLeftOut };

/** The client's covers that are offered, which go into their policy. */
export function offeredCovers(application: Application, applicant: Applicant): Cover[] {
  return (applicant.covers ?? []).filter((cover) => !isLeftOut(coverDecision(application, cover)));
}

/** The clients who get a policy when it is put in force: one each for a client with a cover offered (as the server issues them). */
export function policyholders(application: Application): Applicant[] {
  return application.applicants.filter((applicant) => offeredCovers(application, applicant).length > 0);
}

/** The client's monthly policy fee in a priced quote (shared with Qi). */
export { policyFee } from '@/lib/policy-fee';
