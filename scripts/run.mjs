// `npm start` and the CLIs: rebuild what is older than its sources (for the
// server, the web app too), then run the requested entry point in this
// process.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-all.mjs';

const [entry = 'server', ...rest] = process.argv.slice(2);
// `npm start` is the try-it-out path: demo content unless told otherwise.
// Production runs build/node/server.js directly, without demo content.
if (entry === 'server') {
  process.env.SEED_DEMO ??= 'true';
  // React renders several times faster in its production build.
  process.env.NODE_ENV ??= 'production';
  // A production server needs its public address and keeps the test checkout
  // off without a Stripe key; the try-it path runs the whole product on
  // localhost, the built-in test checkout included.
  process.env.PUBLIC_URL ??= `http://localhost:${process.env.PORT || 3000}`;
  if (!process.env.STRIPE_SECRET_KEY) process.env.PAYMENTS_TEST_MODE ??= 'true';
}
await buildIfStale({ web: entry === 'server' });
process.argv = [process.argv[0], path.resolve(`build/node/${entry}.js`), ...rest];
await import(pathToFileURL(path.resolve(`build/node/${entry}.js`)).href);
