import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The browser's own view of the connection (navigator.onLine), following its online/offline events. */
export const useOnlineStatus = () => useSyncExternalStore(subscribe, () => navigator.onLine);
