import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalHostReady } from '../lib/overlay-host.ts';

/** Loaded on the first dialog. The provider's event listeners are attached before this effect runs. */
export default function ModalsLayer() {
  useEffect(modalHostReady, []);
  return <ModalsProvider />;
}
