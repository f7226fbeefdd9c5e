// What a build started by `npm start` (or a test run) says while it runs:
// one line per step as it begins, with the time since the start, so a
// first start on a small machine shows how far it is instead of one silent
// "Building…". The web app's two steps are read from the React Router
// build's own output, which is otherwise kept back.

/** The steps a build can take, in their order, and how they are named. */
export const BUILD_STEPS = {
  client: 'the browser scripts and styles',
  ssr: 'the page renderer',
  server: 'the server',
};

/** `m:ss` since the start. */
function elapsed(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A printer for a build of `steps` (names of BUILD_STEPS, in order). `step`
 * announces a step when it begins; a step named again, or one before the
 * current one, prints nothing. `write` and `now` are the terminal and the
 * clock.
 */
export function createBuildProgress({ steps, write = (text) => process.stderr.write(text), now = () => Date.now() }) {
  const started = now();
  let reached = 0;
  const line = (text) => write(`[${elapsed(now() - started)}] ${text}\n`);
  return {
    start(reason) {
      write(`Building the site: ${reason}.\n`);
    },
    step(name) {
      const index = steps.indexOf(name);
      if (index < reached) return;
      reached = index + 1;
      line(`Building ${BUILD_STEPS[name]} (${reached}/${steps.length})…`);
    },
    done() {
      line('Built.');
    },
  };
}

// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;

/** The step a line of the web build's output begins (Vite: "building client environment for production..."); null for any other line. */
export function webBuildStepOf(text) {
  const match = /building (client|ssr) environment for/.exec(text.replace(COLOURS, ''));
  return match ? match[1] : null;
}
