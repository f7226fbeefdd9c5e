/**
 * The sponsor's report page (`/sponsor-report/{token}`): its loader hands the
 * token to the same reader as `GET /api/sponsor-report/{token}`, in process;
 * the token, the rate limit and what the report shows are the service's
 * alone (decision 068).
 */
import { data, type AppLoadContext } from 'react-router';
import type { SponsorReportJson } from '../../common/answers.ts';
import { DomainError, STATUS_BY_KIND } from '../../common/errors.ts';
import { NO_STORE } from '../lib/cache-headers.ts';
import { isPassedThrough } from './form-answer.server.ts';

/** A private link's page: never kept by any cache, never indexed, and its address never sent on. */
export const SPONSOR_REPORT_HEADERS = { 'Cache-Control': NO_STORE, 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

/** The report carries the site's time zone its days were counted on, for the times shown too. */
export interface SponsorReportPage {
  report: SponsorReportJson;
}

/** The report behind the link; a 404 page for a wrong or revoked link. */
export async function openSponsorReport(context: AppLoadContext, token: string): Promise<SponsorReportPage> {
  try {
    return { report: await context.services.readSponsorReport(token, { clientIp: context.clientIp }) };
  } catch (error) {
    if (isPassedThrough(error)) throw error;
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw data(null, { status: STATUS_BY_KIND[error.kind], headers: SPONSOR_REPORT_HEADERS });
    if (error instanceof DomainError && error.code === 'RATE_LIMITED') {
      throw data({ message: error.message }, { status: STATUS_BY_KIND[error.kind], headers: { ...SPONSOR_REPORT_HEADERS, 'Retry-After': String(error.retryAfterSeconds ?? 60) } });
    }
    throw error;
  }
}
