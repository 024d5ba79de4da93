import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Whether the Tab key has been pressed since the app loaded: someone moving through it from the keyboard. */
let tabbed = false;
const noteTab = (event: KeyboardEvent) => {
  if (event.key === 'Tab') tabbed = true;
};
window.addEventListener('keydown', noteTab);

/**
 * Draws its children once the place they go has come within `margin` of the screen, and keeps them
 * from then on: for a part below the fold whose code, data and drawing a phone need not pay for
 * before the user scrolls towards it. Someone using the Tab key gets them at once, so that moving
 * through the page from the keyboard never passes their place before they are there.
 */
export function WhenNearScreen({ children, margin = '300px' }: { children: ReactNode; margin?: string }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => tabbed);
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
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey);
    };
  }, [near, margin]);
  return near ? children : <div ref={placeholder} style={{ minHeight: 1 }} />;
}
