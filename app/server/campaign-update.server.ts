/**
 * The creator's update page (`/campaign-update/{token}`): its loader and
 * action hand the token and the posted fields to the campaign update
 * service, in process, as `GET`/`PUT /api/campaign-update/{token}` do; the
 * rules (the token, the rate limits, the facts written as the creator's)
 * are the service's alone.
 */
import { data, type AppLoadContext } from 'react-router';
import { DomainError, STATUS_BY_KIND } from '../../common/errors.ts';
import type { CampaignUpdatePageJson } from '../../common/answers.ts';
import { CAMPAIGN_UPDATE_FIELDS, checkCampaignUpdateForm, type CampaignUpdateField } from '../lib/campaign-update-form.ts';
import { NO_STORE } from '../lib/cache-headers.ts';
import { isPassedThrough } from './form-answer.server.ts';
import { formValues } from '../lib/form-outcome.ts';
import { readPostedForm } from './posted-form.server.ts';

/** A private link's page: never kept by any cache, never indexed, and its address never sent on. */
export const CAMPAIGN_UPDATE_HEADERS = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

export type CampaignUpdateOutcome =
  | { status: 'saved'; page: CampaignUpdatePageJson }
  | {
      status: 'refused';
      message: string;
      fieldErrors: Partial<Record<CampaignUpdateField | 'form', string>>;
      values: Partial<Record<CampaignUpdateField, string>>;
      httpStatus: number;
    };

const callerOf = (context: AppLoadContext) => ({ clientIp: context.clientIp });

function notFoundPage(): never {
  throw data(null, { status: STATUS_BY_KIND.not_found, headers: CAMPAIGN_UPDATE_HEADERS });
}

/** The campaign behind the link; a 404 page for a wrong, revoked or expired link. */
export async function openCampaignUpdate(context: AppLoadContext, token: string): Promise<CampaignUpdatePageJson> {
  try {
    return await context.services.campaignUpdates.page(token, callerOf(context));
  } catch (error) {
    if (isPassedThrough(error)) throw error;
    if (error instanceof DomainError && error.code === 'NOT_FOUND') notFoundPage();
    if (error instanceof DomainError && error.code === 'RATE_LIMITED') {
      throw data({ message: error.message }, { status: STATUS_BY_KIND[error.kind], headers: { ...CAMPAIGN_UPDATE_HEADERS, 'Retry-After': String(error.retryAfterSeconds ?? 60) } });
    }
    throw error;
  }
}

/** The posted form, checked and converted as the browser would send it, then applied as the creator's update. */
export async function saveCampaignUpdate(context: AppLoadContext, token: string, request: Request): Promise<CampaignUpdateOutcome> {
  const current = await openCampaignUpdate(context, token);
  const form = await readPostedForm(request);
  const values = form ? formValues(form, CAMPAIGN_UPDATE_FIELDS) : {};
  const refused = (message: string, fieldErrors: Partial<Record<CampaignUpdateField | 'form', string>>, httpStatus: number = STATUS_BY_KIND.invalid): CampaignUpdateOutcome => ({
    status: 'refused',
    message,
    fieldErrors,
    values,
    httpStatus,
  });
  if (!form) return refused('The form was not sent as UTF-8 text, so nothing was saved.', {});
  const checked = checkCampaignUpdateForm(values, current.campaign, current.time_zone);
  if (!checked.ok) return refused(Object.values(checked.fieldErrors)[0] ?? 'Please check the form', checked.fieldErrors);
  try {
    const campaign = await context.services.campaignUpdates.update(token, checked.update, callerOf(context));
    return { status: 'saved', page: { ...current, campaign } };
  } catch (error) {
    if (isPassedThrough(error)) throw error;
    if (error instanceof DomainError) {
      if (error.code === 'NOT_FOUND') notFoundPage();
      if (error.code === 'RATE_LIMITED') return refused(error.message, {}, STATUS_BY_KIND[error.kind]);
      if (error.code === 'VALIDATION_FAILED') return refused(error.message, error.fieldErrors ?? {});
    }
    context.logger.error({ err: error }, 'campaign update form: the update could not be saved');
    return refused('Your numbers could not be saved. Please try again in a moment.', {}, STATUS_BY_KIND.internal);
  }
}
