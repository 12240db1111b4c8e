/** The share row's state in the live fallback: whether the system share sheet exists, and the status line. */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { canShareNatively, STATUS_MS } from './share-actions.ts';

/** `navigator.share` does not come and go: nothing to subscribe to. */
const noSubscription = () => () => {};

/** Whether the system share sheet exists: only in some browsers, never during the build. */
export function useCanShareNatively(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => canShareNatively(navigator),
    () => false,
  );
}

/**
 * The polite status line's message and `say`, which shows one for STATUS_MS. It is emptied
 * first, so the same message twice is announced twice.
 */
export function useShareStatus(): [status: string, say: (message: string) => void] {
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (message: string) => {
    clearTimeout(timer.current);
    setStatus('');
    requestAnimationFrame(() => {
      setStatus(message);
      timer.current = setTimeout(() => setStatus(''), STATUS_MS);
    });
  };
  return [status, say];
}
