/**
 * Reads one page of a campaign's site, carefully: http(s) only, every host
 * resolved and its addresses checked before connecting (and the connection
 * made to the address checked, so a second DNS answer cannot swap in
 * another), every redirect hop checked the same way, one deadline for the
 * whole read, a size cap, and a User-Agent that names this site so the
 * platform knows who is asking.
 */
import http from 'node:http';
import https from 'node:https';
import { DomainError } from '../../common/errors.ts';
import { isRefusedAddress } from '../outbound/address-policy.ts';
import { AddressRefused, checkedAddress as checkAddress, HostNotFound, pinnedLookup, type CheckedAddress } from '../outbound/checked-address.ts';

export interface FetchLimits {
  /** For the whole read, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export interface FetchPolicy extends FetchLimits {
  /** Whether an address may be connected to: public ones only (`publicOnly`), unless CAMPAIGN_FETCH_ALLOW_PRIVATE. */
  isAllowedAddress: (address: string) => boolean;
  /** Names the site: "Site name (+https://origin)". */
  userAgent: string;
  /** The Accept header. */
  accept: string;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 10_000, maxBytes: 1024 * 1024, maxRedirects: 5 };

/** The address policy of production: no private, loopback, link-local or unique-local address. */
export const publicOnly = (address: string): boolean => !isRefusedAddress(address);
/** CAMPAIGN_FETCH_ALLOW_PRIVATE=true: any address (a fixture server on 127.0.0.1, a platform on the operator's network). */
export const anyAddress = (): boolean => true;

export interface FetchedPage {
  /** Where the body came from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/** A URL this server will not fetch: the editor can fix it. */
export const fetchRefused = (message: string) =>
  new DomainError('VALIDATION_FAILED', message, { fieldErrors: { url: message } });

/** A page that could not be read: the platform refused, was slow, or answered something else. */
export const fetchFailed = (message: string) => new DomainError('CAMPAIGN_FETCH_FAILED', message);

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The URL as one that may be fetched, or a refusal saying why not. */
export function fetchableUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fetchRefused('The campaign URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchRefused('The campaign URL must start with http:// or https://');
  if (url.username || url.password) throw fetchRefused('The campaign URL must not carry a user name or password');
  return url;
}

/** The checked address of `url`'s host, or this fetcher's refusal saying why not. */
async function checkedAddress(url: URL, isAllowedAddress: (address: string) => boolean): Promise<CheckedAddress> {
  try {
    return await checkAddress(url, isAllowedAddress);
  } catch (error) {
    if (error instanceof AddressRefused) {
      throw fetchRefused(`${error.host} is a private or local address: campaign pages are fetched from public addresses only`);
    }
    if (error instanceof HostNotFound) throw fetchFailed(`${error.host} could not be found`);
    throw error;
  }
}

/** One request, to the checked address, read up to the cap; redirects are answered, not followed. */
function requestOnce(
  url: URL,
  target: CheckedAddress,
  policy: FetchPolicy,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined; contentType: string; body: Buffer }> {
  const pinned = pinnedLookup(target);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        lookup: pinned,
        signal,
        headers: { 'user-agent': policy.userAgent, accept: policy.accept, 'accept-encoding': 'identity' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = String(response.headers['content-type'] ?? '');
        const location = response.headers.location;
        if (REDIRECTS.has(status)) {
          response.resume();
          resolve({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length'] ?? Number.NaN);
        if (declared > policy.maxBytes) {
          response.destroy();
          reject(fetchFailed(`The page is larger than ${Math.round(policy.maxBytes / 1024)} KB`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            response.destroy();
            reject(fetchFailed(`The page is larger than ${Math.round(policy.maxBytes / 1024)} KB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * GETs `text`, following up to `maxRedirects` redirects, each checked as
 * the first. Throws `fetchRefused` for a URL or address this server will
 * not fetch and `fetchFailed` for a read that did not work out; any status
 * that is not a redirect is returned (the caller decides what a 403 means).
 */
export async function safeFetch(text: string, policy: FetchPolicy): Promise<FetchedPage> {
  const { body, ...page } = await safeFetchBytes(text, policy);
  return { ...page, body: new TextDecoder().decode(body) };
}

/** `safeFetch` of a file whose bytes matter (an image): its body as it came. */
export async function safeFetchBytes(text: string, policy: FetchPolicy): Promise<Omit<FetchedPage, 'body'> & { body: Uint8Array }> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), policy.timeoutMs);
  try {
    let url = fetchableUrl(text);
    for (let hop = 0; ; hop += 1) {
      const target = await checkedAddress(url, policy.isAllowedAddress);
      if (controller.signal.aborted) throw new Error('aborted');
      const answer = await requestOnce(url, target, policy, controller.signal);
      if (!REDIRECTS.has(answer.status)) {
        return { url: url.toString(), status: answer.status, contentType: answer.contentType, body: new Uint8Array(answer.body) };
      }
      if (!answer.location) throw fetchFailed(`The page answered ${answer.status} without saying where to`);
      if (hop >= policy.maxRedirects) throw fetchFailed(`The page redirected more than ${policy.maxRedirects} times`);
      url = fetchableUrl(new URL(answer.location, url).toString());
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (controller.signal.aborted) throw fetchFailed(`The page did not answer within ${Math.round(policy.timeoutMs / 1000)} s`);
    throw fetchFailed(`The page could not be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(deadline);
  }
}
