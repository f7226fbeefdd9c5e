/**
 * The server's side of the kept frame (app/lib/kept-frame.ts): the HTML kept per
 * frame part and inputs, and one render's requests for it. A part with no
 * kept HTML yet renders with a marker; the render's stream
 * (app/entry.server.tsx) takes the marker out as the page is sent and, once the
 * page is complete, cuts the part's HTML from it (`keepFramesFrom`).
 *
 * The key holds every input of the part, so kept HTML is never out of date:
 * a change of settings or categories asks for another key, and the old one
 * ages out. One store per process: every app in it renders from the same
 * web build, the other thing the HTML depends on.
 */
import { KEEP_FRAME_ATTRIBUTE, type FrameName, type FrameRequest, type KeptFrame } from '../lib/kept-frame.ts';

/**
 * Enough for every variant of the header (one per link that can be the
 * current page, and one for none) and a footer, of a few sets of settings.
 * About 5 KB each.
 */
const MAX_KEPT_PARTS = 100;

/**
 * What React hoists to the document's head or preloads when it renders it
 * (an image's preload, a title, a stylesheet): a part holding one cannot be
 * written from kept HTML, whose head would then lack it, so it is rendered
 * every time.
 */
const HOISTED_ELEMENT = /<(?:img|link|meta|title|style|script)[\s/>]/i;

/**
 * Kept HTML per key, least recently used first; null for a part that is
 * rendered every time (`HOISTED_ELEMENT`).
 */
const kept = new Map<string, string | null>();

/** Parts written from kept HTML since the start (tests, benchmarks). */
let written = 0;

function keep(key: string, html: string | null): void {
  kept.delete(key);
  kept.set(key, html);
  for (const oldest of kept.keys()) {
    if (kept.size <= MAX_KEPT_PARTS) break;
    kept.delete(oldest);
  }
}

function keyOf(name: FrameName, inputs: unknown): string {
  return `${name}\n${JSON.stringify(inputs)}`;
}

const markerOf = (name: FrameName) => ` ${KEEP_FRAME_ATTRIBUTE}="${name}"`;

/** The markers a render may write, each to be taken out of the HTML sent. */
export const FRAME_MARKERS: readonly string[] = (['header', 'footer'] as const).map(markerOf);

/** One page render's use of the kept frame. */
export class FrameRender implements FrameRequest {
  /** The parts rendered with a marker, by the key their HTML is kept under. */
  private readonly toKeep = new Map<FrameName, string>();

  constructor(readonly pathname: string) {}

  frame(name: FrameName, inputs: unknown): KeptFrame {
    const key = keyOf(name, inputs);
    const html = kept.get(key);
    if (html === null) return {};
    if (html !== undefined) {
      keep(key, html);
      written += 1;
      return { html };
    }
    this.toKeep.set(name, key);
    return { marker: { [KEEP_FRAME_ATTRIBUTE]: name } };
  }

  /** Whether the render's HTML is to be read once complete, to keep parts of it. */
  get keeps(): boolean {
    return this.toKeep.size > 0;
  }

  /**
   * Keeps the inner HTML of each marked part of `html`, the page as React
   * wrote it (markers included). A part whose end is missing (the render
   * was cut short) is not kept.
   */
  keepFramesFrom(html: string): void {
    for (const [name, key] of this.toKeep) {
      const start = html.indexOf(`<${name}${markerOf(name)}`);
      const open = start === -1 ? -1 : html.indexOf('>', start);
      // Nothing in the part is another element of its name, and `<` in text or attributes is escaped.
      const end = open === -1 ? -1 : html.indexOf(`</${name}>`, open);
      if (end === -1) continue;
      const inner = html.slice(open + 1, end);
      keep(key, HOISTED_ELEMENT.test(inner) ? null : inner);
    }
    this.toKeep.clear();
  }
}

/** How many parts are kept (rendered-every-time ones not counted), and how many were written from kept HTML (tests). */
export function keptFrameStats(): { parts: number; written: number } {
  let parts = 0;
  for (const html of kept.values()) if (html !== null) parts += 1;
  return { parts, written };
}

/** Forgets every kept part (tests). */
export function forgetKeptFrames(): void {
  kept.clear();
}
