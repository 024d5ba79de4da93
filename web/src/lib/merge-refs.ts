// Mantine's ScrollArea (inside every Modal) imports one helper from @floating-ui/react; the build
// points it here (web/vite.config.ts) so screens with a dialog do not download the whole
// floating-ui chunk (~15 KB gzip) that only popovers and menus need.
import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
