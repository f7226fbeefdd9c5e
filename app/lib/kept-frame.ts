/**
 * The site's header and footer rendered once per set of inputs on the
 * server (docs/decisions/078-frame-rendered-once.md). They depend only on
 * the settings, the categories and, for the header, which of its links is
 * the current page, so a server render asks for the HTML kept from an
 * earlier render of the same inputs and, when there is some, writes it
 * inside the frame's element instead of rendering its components. The
 * HTML is byte for byte what a render would write, so the browser hydrates
 * it as one. In the browser there is no request and the frame renders as
 * usual.
 */
import { createContext, use, type ReactNode } from 'react';

/** The kept parts of the frame, named by their element. */
export type FrameName = 'header' | 'footer';

/** The attribute that marks, for the server render's stream, the element whose HTML is to be kept; taken out before the HTML is sent. */
export const KEEP_FRAME_ATTRIBUTE = 'data-keep-frame';

/**
 * How one frame part is drawn in this render: from kept HTML, or by its
 * components (marked for keeping when the server keeps it).
 */
export type KeptFrame = { html: string; marker?: undefined } | { html?: undefined; marker?: Record<typeof KEEP_FRAME_ATTRIBUTE, FrameName> };

/** A server render's access to the kept frame HTML (app/server/kept-frame.server.ts). */
export interface FrameRequest {
  /** The path of the page rendered: the header marks the link of the current page. */
  readonly pathname: string;
  /** The kept HTML of `name` rendered from `inputs`, or the marker its rendered HTML is to carry to be kept. */
  frame(name: FrameName, inputs: unknown): KeptFrame;
}

export const FrameRequestContext = createContext<FrameRequest | null>(null);

/** The props of a frame part's element that hold what it shows: its kept HTML, or its rendered content (and the marker first, where it has one). */
export type KeptFrameProps =
  | { [KEEP_FRAME_ATTRIBUTE]?: FrameName; children: ReactNode }
  | { dangerouslySetInnerHTML: { __html: string } };

/**
 * The content props of the frame part `name`'s element, to spread before
 * its other props: the kept HTML, or `content()` rendered. `inputs` is
 * everything its HTML depends on, from the page's path: the key of the
 * kept HTML. A frame part whose HTML depends on something not in its
 * inputs would show one page's state on another, so the inputs are spelled
 * out where the part renders.
 */
export function useKeptFrame(name: FrameName, inputs: (pathname: string) => unknown, content: () => ReactNode): KeptFrameProps {
  const request = use(FrameRequestContext);
  const kept = request?.frame(name, inputs(request.pathname));
  if (kept?.html !== undefined) return { dangerouslySetInnerHTML: { __html: kept.html } };
  return { ...kept?.marker, children: content() };
}
