import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { onToastRegionWanted, toastRegionMounted } from '../lib/toast.ts';

const Toaster = lazy(() => import('./ui/sonner.tsx').then((module) => ({ default: module.Toaster })));

/** Where toasts appear; mounted once a form is first used (see lib/toast.ts). Nothing a navigation changes. */
export const ToastRegion = memo(function ToastRegion() {
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => onToastRegionWanted(() => setIsWanted(true)), []);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
      <MountSignal />
    </Suspense>
  );
});

/** Rendered after the Toaster, so its effect runs once the Toaster has subscribed. */
function MountSignal() {
  useEffect(toastRegionMounted, []);
  return null;
}
