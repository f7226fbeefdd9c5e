import { useEffect, useState } from 'react';
import { outboundPingPath } from '../../common/outbound.ts';

/**
 * What a campaign link on a post's page carries to be counted (decision
 * 067). The page as rendered on the server has the `ping` attribute, which
 * browsers that send pings send without any script. Once the page's script
 * runs, the attribute is taken off and the click sends a beacon instead:
 * Firefox sends no pings by default, and feature tests cannot tell whether
 * a browser will, so every browser running the script counts through the
 * beacon and none through both.
 */
export function useOutboundPing(slug: string): { ping?: string; onClick?: () => void; onAuxClick?: (event: { button: number }) => void } {
  const [hasScript, setHasScript] = useState(false);
  useEffect(() => setHasScript(true), []);
  const path = outboundPingPath(slug);
  if (!hasScript) return { ping: path };
  const send = () => {
    if (typeof navigator.sendBeacon === 'function') navigator.sendBeacon(path);
  };
  // A middle click opens the campaign too, in a new tab.
  return { onClick: send, onAuxClick: (event) => event.button === 1 && send() };
}
