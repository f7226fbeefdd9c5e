// `npm run test:postgres` needs a throwaway database; say so loudly.
if (!process.env.DATABASE_URL_TEST) {
  process.stderr.write(
    'DATABASE_URL_TEST is not set. Point it at a throwaway PostgreSQL database, e.g.\n' +
      '  DATABASE_URL_TEST=postgres://postgres@127.0.0.1:5432/showcase_test npm run test:postgres\n',
  );
  process.exit(1);
}
