import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Any other path: SPEC.md's 404 page with a real 404 status.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
