import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfigOrExit, parseConfig } from '../../server/config.ts';

describe('parseConfig', () => {
  it('fills in the documented defaults for an empty environment', () => {
    expect(parseConfig({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      DATABASE_POOL_SIZE: 10,
      SEED_DEMO: false,
      NEWSLETTER_DOUBLE_OPT_IN: true,
      TRUST_PROXY: 0,
      LOG_LEVEL: 'info',
      SPONSORED_PRICE_CENTS: 7500,
      SPONSORED_CURRENCY: 'usd',
      PAYMENTS_TEST_MODE: false,
      CAMPAIGN_FETCH_ALLOW_PRIVATE: false,
      WEBHOOKS_ALLOW_PRIVATE: false,
      S3_FORCE_PATH_STYLE: false,
      UPLOAD_URL_TTL_SECONDS: 900,
      NEWSLETTER_RATE_PER_SECOND: 10,
      NEWSLETTER_SMTP_CONNECTIONS: 2,
      SHUTDOWN_DRAIN_SECONDS: 0,
      AUDIT_LOG_RETENTION_DAYS: 400,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  it('requires PUBLIC_URL in production, naming it in one line', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid configuration: PUBLIC_URL is required in production/);
  });

  it('defaults PUBLIC_URL to localhost on the configured port outside production, and keeps only the origin', () => {
    expect(parseConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(parseConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://showcase.example.com/some/path/' }).PUBLIC_URL).toBe(
      'https://showcase.example.com',
    );
  });

  it('treats empty and blank values as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '  ', SPONSORED_PRICE_CENTS: '', STRIPE_SECRET_KEY: ' ' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SPONSORED_PRICE_CENTS).toBe(7500);
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('reads given values with their types', () => {
    const config = parseConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://app@db.internal:5432/showcase',
      SPONSORED_PRICE_CENTS: '9900',
      SPONSORED_CURRENCY: 'EUR',
      SEED_DEMO: 'yes',
      TRUST_PROXY: '1',
      S3_FORCE_PATH_STYLE: 'false',
      PUBLIC_URL: 'https://showcase.example.com',
      UPLOAD_QUOTA_MB: '512',
      METRICS_TOKEN: 'm'.repeat(32),
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      DATABASE_URL: 'postgres://app@db.internal:5432/showcase',
      SPONSORED_PRICE_CENTS: 9900,
      SPONSORED_CURRENCY: 'eur',
      SEED_DEMO: true,
      TRUST_PROXY: 1,
      S3_FORCE_PATH_STYLE: false,
      PUBLIC_URL: 'https://showcase.example.com',
      UPLOAD_QUOTA_MB: 512,
      METRICS_TOKEN: 'm'.repeat(32),
    });
  });

  it.each([
    ['false', 0],
    ['0', 0],
    ['no', 0],
    ['true', 1],
    ['TRUE', 1],
    ['yes', 1],
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
    ['', 0],
  ])('reads TRUST_PROXY=%j as %i trusted proxy hops', (value, hops) => {
    expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it('accepts the postgresql:// spelling', () => {
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/showcase' }).DATABASE_URL).toBe('postgresql://db/showcase');
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a port number between 0 and 65535'],
    ['PORT', '70000', 'PORT must be a port number between 0 and 65535'],
    ['PORT', '-1', 'PORT must be a port number between 0 and 65535'],
    ['PORT', '80.5', 'PORT must be a port number between 0 and 65535'],
    ['PORT', '0x10', 'PORT must be a port number between 0 and 65535'],
    ['DATABASE_POOL_SIZE', '1e3', 'DATABASE_POOL_SIZE must be a whole number between 1 and 200'],
    ['DATABASE_URL', 'mysql://db/showcase', 'DATABASE_URL must start with postgres:// or postgresql://'],
    ['DATABASE_URL', './data/showcase.sqlite', 'DATABASE_URL must start with postgres:// or postgresql://'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE must be a whole number between 1 and 200'],
    ['DATABASE_POOL_SIZE', 'many', 'DATABASE_POOL_SIZE must be a whole number between 1 and 200'],
    ['SPONSORED_PRICE_CENTS', 'seventy-five', 'SPONSORED_PRICE_CENTS must be a whole number of cents'],
    ['SPONSORED_PRICE_CENTS', '75.50', 'SPONSORED_PRICE_CENTS must be a whole number of cents'],
    ['SPONSORED_PRICE_CENTS', '10', 'SPONSORED_PRICE_CENTS must be at least 50 cents'],
    ['SPONSORED_CURRENCY', 'dollars', 'SPONSORED_CURRENCY must be a three-letter ISO currency code'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO must be true or false'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true, false or a whole number of trusted proxy hops'],
    ['TRUST_PROXY', '-1', 'TRUST_PROXY must be true, false or a whole number of trusted proxy hops'],
    ['TRUST_PROXY', '1.5', 'TRUST_PROXY must be true, false or a whole number of trusted proxy hops'],
    ['TRUST_PROXY', '10.0.0.0/8', 'TRUST_PROXY must be true, false or a whole number of trusted proxy hops'],
    ['TRUST_PROXY', '101', 'TRUST_PROXY must be true, false or a whole number of trusted proxy hops'],
    ['ADMIN_EMAIL', 'admin', 'ADMIN_EMAIL must be an e-mail address'],
    ['ADMIN_PASSWORD', 'eleven-char', 'ADMIN_PASSWORD must be at least 12 characters'],
    ['JWT_SECRET', 'too-short', 'JWT_SECRET must be at least 32 characters'],
    [
      'TOTP_ENCRYPTION_KEY',
      'a'.repeat(31),
      'TOTP_ENCRYPTION_KEY must be at least 32 characters: a random 32-byte key as 64 hex digits or 44 base64 characters, or a passphrase',
    ],
    ['PUBLIC_URL', 'ftp://example.com', 'PUBLIC_URL must be an http(s) URL'],
    ['S3_PUBLIC_URL', 'cdn.example.com', 'S3_PUBLIC_URL must be an http(s) URL'],
    ['UPLOAD_URL_TTL_SECONDS', '0', 'UPLOAD_URL_TTL_SECONDS must be a whole number of seconds between 1 and 604800'],
    ['UPLOAD_URL_TTL_SECONDS', '604801', 'UPLOAD_URL_TTL_SECONDS must be a whole number of seconds between 1 and 604800'],
    ['UPLOAD_URL_TTL_SECONDS', '15m', 'UPLOAD_URL_TTL_SECONDS must be a whole number of seconds between 1 and 604800'],
    ['UPLOAD_QUOTA_MB', '0', 'UPLOAD_QUOTA_MB must be a whole number of megabytes, at least 1'],
    ['UPLOAD_QUOTA_MB', '1.5', 'UPLOAD_QUOTA_MB must be a whole number of megabytes, at least 1'],
    ['UPLOAD_QUOTA_MB', '2GB', 'UPLOAD_QUOTA_MB must be a whole number of megabytes, at least 1'],
    ['METRICS_TOKEN', 'short-token', 'METRICS_TOKEN must be at least 32 characters'],
    ['SMTP_URL', 'http://mail.example.com', 'SMTP_URL must start with smtp:// or smtps://'],
    ['NEWSLETTER_RATE_PER_SECOND', '-1', 'NEWSLETTER_RATE_PER_SECOND must be a whole number of messages per second between 0 and 10000'],
    ['NEWSLETTER_SMTP_CONNECTIONS', '0', 'NEWSLETTER_SMTP_CONNECTIONS must be a whole number between 1 and 50'],
    ['DKIM_DOMAIN', 'example.com', 'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) go together'],
    ['DKIM_PRIVATE_KEY_FILE', '/nonexistent/dkim.pem', 'DKIM_PRIVATE_KEY_FILE cannot be read (/nonexistent/dkim.pem)'],
    ['GA_MEASUREMENT_ID', 'UA-12345', 'GA_MEASUREMENT_ID must look like G-XXXXXXX'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be development, production or test'],
  ])('refuses %s=%j with one line naming the variable', (name, value, message) => {
    let thrown: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toBe(`Invalid configuration: ${message}`);
    expect((thrown as Error).message).not.toContain('\n');
  });

  it('reads the DKIM key from DKIM_PRIVATE_KEY_FILE, as mounted secrets are', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'showcase-config-'));
    try {
      const file = path.join(dir, 'dkim.pem');
      writeFileSync(file, '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n');
      const config = parseConfig({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'news', DKIM_PRIVATE_KEY_FILE: file });
      expect(config.DKIM_PRIVATE_KEY).toContain('BEGIN PRIVATE KEY');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the first bad variable when several are bad', () => {
    expect(() => parseConfig({ PORT: 'abc', DATABASE_URL: 'mysql://db' })).toThrow(
      'Invalid configuration: PORT must be a port number',
    );
  });
});

describe('loadConfigOrExit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('returns the configuration when it is valid', () => {
    expect(loadConfigOrExit({ PORT: '4000' }).PORT).toBe(4000);
  });

  it('prints one line and exits with status 1 on a bad value', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    expect(() => loadConfigOrExit({ SPONSORED_PRICE_CENTS: 'free' })).toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(write).toHaveBeenCalledExactlyOnceWith(
      'Invalid configuration: SPONSORED_PRICE_CENTS must be a whole number of cents\n',
    );
  });
});
