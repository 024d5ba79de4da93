import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Draws its children once the place they go has come within `margin` of the screen, and keeps them
 * from then on: for a part below the fold whose code, data and drawing a phone need not pay for
 * before the user scrolls towards it.
 */
export function WhenNearScreen({ children, margin = '300px' }: { children: ReactNode; margin?: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={placeholder} style={{ minHeight: 1 }} />;
}
