import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LinkRefused } from '../../app/components/admin/sign-in-card.tsx';
import { TotpCodeField } from '../../app/components/admin/totp-code-field.tsx';
import { EmailField } from '../../app/components/email-field.tsx';
import { valueOf } from '../../app/lib/form-outcome.ts';

const inputOf = (html: string) => /<input [^>]*>/.exec(html)?.[0] ?? '';

function expectAttributes(input: string, attributes: readonly string[]) {
  for (const attribute of attributes) expect(input).toContain(attribute);
}

describe('valueOf', () => {
  it('reads a field of a refused post, and nothing when there is no answer or no such field', () => {
    const outcome = { values: { email: 'ada@example', name: 'Ada' } };
    expect(valueOf(outcome, 'email')).toBe('ada@example');
    expect(valueOf(outcome, 'message')).toBeUndefined();
    expect(valueOf({}, 'email')).toBeUndefined();
    expect(valueOf(undefined, 'email')).toBeUndefined();
  });
});

describe('EmailField', () => {
  it("labels an e-mail input under the form's own id and name, refilled and tied to its error", () => {
    const html = renderToStaticMarkup(
      h(EmailField, {
        id: 'sponsored-contact-email',
        label: 'Contact email',
        name: 'contact_email',
        error: 'Email address is required',
        defaultValue: 'ada@example',
        required: true,
      }),
    );
    expect(html).toMatch(/<label [^>]*for="sponsored-contact-email"[^>]*>Contact email<\/label>/);
    expectAttributes(inputOf(html), [
      'id="sponsored-contact-email"',
      'name="contact_email"',
      'type="email"',
      'autoComplete="email"',
      'placeholder="you@example.com"',
      'value="ada@example"',
      'required=""',
      'aria-invalid="true"',
      'aria-describedby="sponsored-contact-email-error"',
    ]);
    expect(html).toMatch(/<p [^>]*id="sponsored-contact-email-error"[^>]*>Email address is required<\/p>/);
  });

  it('is named email, optional and empty unless told otherwise', () => {
    const input = inputOf(renderToStaticMarkup(h(EmailField, { id: 'contact-email', label: 'Email' })));
    expect(input).toContain('name="email"');
    for (const attribute of [' required', ' value=', ' aria-invalid=', ' aria-describedby='])
      expect(input).not.toContain(attribute);
  });
});

describe('TotpCodeField', () => {
  it('asks for a one-time code of digits (a space allowed) under the given id', () => {
    const html = renderToStaticMarkup(h(TotpCodeField, { id: 'regenerate_code' }));
    expect(html).toMatch(/<label [^>]*for="regenerate_code"[^>]*>Authentication code<\/label>/);
    expectAttributes(inputOf(html), [
      'id="regenerate_code"',
      'name="code"',
      'inputMode="numeric"',
      'autoComplete="one-time-code"',
      'pattern="[0-9 ]*"',
      'maxLength="7"',
      'required=""',
    ]);
  });
});

describe('LinkRefused', () => {
  it("shows the server's message under the page's title, then the way on", () => {
    const html = renderToStaticMarkup(
      h(LinkRefused, {
        title: 'This link does not work',
        message: 'This link has expired.',
        children: h('a', { href: '/auth' }, 'Back to sign in'),
      }),
    );
    expect(html).toMatch(/<h1[^>]*>This link does not work<\/h1>/);
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*This link has expired\.[\s\S]*<a href="\/auth">Back to sign in<\/a>/);
  });
});
