// Every test signs up or invites an address of its own, so no test meets another's subscriber or account.
let counter = 0;

/** An address no other test uses: `name` starts it, so a failing test names whose it was. */
export function uniqueEmail(name = 'reader'): string {
  counter += 1;
  return `${name}.${counter}.${Date.now()}@example.com`;
}
