/**
 * A first `npm start` says what it builds and how far it is: one line per
 * step as it begins, with the time since the start, the web app's steps
 * read from the React Router build's own output.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without type declarations.
import { createBuildProgress, webBuildStepOf } from '../../scripts/build-progress.mjs';

interface Progress {
  start: (reason: string) => void;
  step: (name: 'client' | 'ssr' | 'server') => void;
  done: () => void;
}
const progressFor = createBuildProgress as (options: { steps: string[]; write: (text: string) => void; now: () => number }) => Progress;
const stepOf = webBuildStepOf as (text: string) => string | null;

function printed(steps: string[]) {
  let clock = 1_000_000;
  const lines: string[] = [];
  const progress = progressFor({ steps, write: (text) => lines.push(text), now: () => clock });
  return { progress, lines, wait: (seconds: number) => (clock += seconds * 1000) };
}

describe('the build progress of a first start', () => {
  it('names each step as it begins, with its number and the time since the start', () => {
    const { progress, lines, wait } = printed(['client', 'ssr', 'server']);
    progress.start('its build is missing or older than its sources');
    progress.step('client');
    wait(21.4);
    progress.step('ssr');
    wait(12);
    progress.step('server');
    wait(71);
    progress.done();
    expect(lines.join('')).toBe(
      [
        'Building the site: its build is missing or older than its sources.',
        '[0:00] Building the browser scripts and styles (1/3)…',
        '[0:21] Building the page renderer (2/3)…',
        '[0:33] Building the server (3/3)…',
        '[1:44] Built.',
        '',
      ].join('\n'),
    );
  });

  it('counts only the steps that run, and says a step once', () => {
    const { progress, lines } = printed(['server']);
    progress.step('server');
    progress.step('server');
    expect(lines).toEqual(['[0:00] Building the server (1/1)…\n']);
  });

  it("reads the web app's steps from Vite's lines, coloured or not", () => {
    expect(stepOf('vite v7.3.8 building client environment for production...')).toBe('client');
    expect(stepOf('\u001b[36mvite v7.3.8 \u001b[32mbuilding ssr environment for production...\u001b[36m\u001b[39m')).toBe('ssr');
    expect(stepOf('✓ 1234 modules transformed.')).toBeNull();
    expect(stepOf('build/client/assets/app-abc.css  80.12 kB')).toBeNull();
  });
});
